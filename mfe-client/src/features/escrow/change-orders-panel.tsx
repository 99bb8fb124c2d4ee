import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError, newIdempotencyKey } from 'shared/api';
import { FormAlert } from 'shared/forms';
import { queryKeys } from 'shared/query';
import { formatDate, formatDateTime, notify } from 'shared/ui';
import type { ChangeOrder, ChangeOrderStatus, ContractView as Contract } from 'shared/contract';
import { useFormatters } from '../common/reference';
import { EmptyState, ErrorState, Skeleton } from '../common/states';
import { answerChangeOrder, getChangeOrders } from './api/change-orders';
import { ChangeOrderDialog } from './change-order-dialog';
import { FileLinks } from './file-links';

export function useChangeOrderStatus() {
  const { t } = useLingui();
  return (status: ChangeOrderStatus): string => {
    switch (status) {
      case 'proposed':
        return t({ message: 'Waiting for an answer', context: 'change order' });
      case 'approved':
        return t({ message: 'Approved', context: 'change order' });
      case 'declined':
        return t({ message: 'Declined', context: 'change order' });
      case 'expired':
        return t({ message: 'Expired', context: 'change order' });
    }
  };
}

/** One change order: what, why, the lines with their price differences, the answer date, and the buttons of the party that answers. */
export function ChangeOrderCard({ order, onAnswered }: { order: ChangeOrder; onAnswered?: (order: ChangeOrder) => void }) {
  const { t, i18n } = useLingui();
  const format = useFormatters();
  const statusLabel = useChangeOrderStatus();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One key per card and answer, kept across retries: an approval never applies twice.
  const [keys] = useState(() => ({ approve: newIdempotencyKey(), decline: newIdempotencyKey() }));
  const signed = (amount: number) => `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${format.money(Math.abs(amount), order.currency)}`;
  const answer = async (action: 'approve' | 'decline') => {
    setBusy(true);
    setProblem(null);
    try {
      const answered = await answerChangeOrder(order.id, action, keys[action]);
      notify.success(action === 'approve' ? t`Change order approved: the milestone plan is updated.` : t`Change order declined: nothing changed.`);
      onAnswered?.(answered);
    } catch (error) {
      setProblem(
        isApiError(error) && error.kind === 'http' && error.status < 500
          ? error.message
          : t`The answer could not be sent. Try again: it is never applied twice.`,
      );
    } finally {
      setBusy(false);
    }
  };
  const author = order.proposed_by.name;
  const respondBy = formatDateTime(order.respond_by, i18n.locale);
  return (
    <li className="change-order">
      <article aria-label={order.title}>
        <header className="change-order__head">
          <h3>{order.title}</h3>
          <span className={`change-order__status change-order__status--${order.status}`}>{statusLabel(order.status)}</span>
        </header>
        <p className="client-muted">
          <Trans>
            Proposed by {author} on {formatDateTime(order.created_at, i18n.locale)}
          </Trans>
        </p>
        <p>{order.reason}</p>
        <table className="change-order__lines">
          <caption className="visually-hidden">
            <Trans>Price differences</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Milestone</Trans>
              </th>
              <th scope="col">
                <Trans>Difference</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={index}>
                <td>
                  {line.milestone_title}
                  {line.new_milestone && <span className="client-muted"> ({t`new milestone`})</span>}
                </td>
                <td>
                  {signed(line.amount_delta)}
                  {line.refunded > 0 && <span className="client-muted"> · {t`${format.money(line.refunded, order.currency)} refunded`}</span>}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">
                <Trans>Total</Trans>
              </th>
              <td>{signed(order.total_delta)}</td>
            </tr>
          </tfoot>
        </table>
        {order.new_end_date && (
          <p>
            <Trans>New end date: {formatDate(order.new_end_date, i18n.locale)}</Trans>
          </p>
        )}
        {order.status === 'proposed' && (
          <p className="client-muted">
            <Trans>Answer by {respondBy}</Trans>
          </p>
        )}
        <FileLinks files={order.attachments} label={t`Attachments`} />
        {order.can_answer && onAnswered && (
          <div className="escrow-form__actions">
            <button type="button" className="ui-button ui-button--accent" disabled={busy} onClick={() => void answer('approve')}>
              <Trans>Approve the change</Trans>
            </button>
            <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={() => void answer('decline')}>
              <Trans>Decline</Trans>
            </button>
          </div>
        )}
        {problem && <FormAlert>{problem}</FormAlert>}
      </article>
    </li>
  );
}

/** The contract's change orders, and the parties' way to propose one. */
export function ChangeOrdersPanel({ contract, onPlanChanged }: { contract: Contract; onPlanChanged: () => void }) {
  const queryClient = useQueryClient();
  const key = queryKeys.contracts.changeOrders(contract.id);
  const orders = useQuery({ queryKey: key, queryFn: ({ signal }) => getChangeOrders(contract.id, signal) });
  const [proposing, setProposing] = useState(false);
  const canPropose = (contract.my_role === 'client' || contract.my_role === 'contractor') && contract.status === 'active';
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: queryKeys.contracts.dailyLogs(contract.id) });
  };
  return (
    <section className="ui-card client-panel change-orders" aria-labelledby="change-orders-title">
      <div className="change-orders__head">
        <h2 id="change-orders-title">
          <Trans>Change orders</Trans>
        </h2>
        {canPropose && (
          <button type="button" className="ui-button" onClick={() => setProposing(true)}>
            <Trans>Propose a change</Trans>
          </button>
        )}
      </div>
      {orders.status === 'error' && !orders.data ? (
        <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />
      ) : !orders.data ? (
        <Skeleton count={1} variant="line" />
      ) : orders.data.length === 0 ? (
        <EmptyState title={<Trans>No change orders</Trans>}>
          <Trans>A change of the work, its price or its date is agreed here in writing, with the money attached.</Trans>
        </EmptyState>
      ) : (
        <ol className="change-orders__list">
          {orders.data.map((order) => (
            <ChangeOrderCard
              key={order.id}
              order={order}
              onAnswered={(answered) => {
                refresh();
                if (answered.status === 'approved') onPlanChanged();
              }}
            />
          ))}
        </ol>
      )}
      {proposing && (
        <ChangeOrderDialog
          contract={contract}
          onClose={() => setProposing(false)}
          onProposed={() => {
            setProposing(false);
            refresh();
          }}
        />
      )}
    </section>
  );
}
