import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAYOUT_STATUSES, type AdminPayout, type PayoutStatus } from 'shared/contract';
import { Money, notify } from 'shared/ui';
import { payoutCalls, payoutKeys } from '../common/api/payouts-api';
import { formatDateTime } from '../common/format';
import { serverMessage } from '../common/server-message';

/** Payouts to contractors and experts: held, released, retried by the team; the ledger reconciled with the provider's list. */
export function PayoutsPanel() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PayoutStatus | ''>('');
  const [busy, setBusy] = useState<string | null>(null);
  const [reconciliation, setReconciliation] = useState<string | null>(null);
  const list = useQuery({ queryKey: payoutKeys.list(status, 1), queryFn: ({ signal }) => payoutCalls.list(status, 1, signal) });
  const labels: Record<PayoutStatus, string> = {
    pending: t`Pending`,
    in_transit: t`In transit`,
    paid: t`Paid`,
    failed: t`Failed`,
    returned: t`Returned`,
  };

  const act = async (payout: AdminPayout, action: 'hold' | 'release' | 'retry') => {
    setBusy(payout.id);
    try {
      await payoutCalls.act(payout.id, action);
      notify.success(action === 'hold' ? t`Payout held.` : action === 'release' ? t`Payout released to the provider.` : t`Payout sent again.`);
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    } catch (error) {
      notify.error(serverMessage(error) ?? t`The payout could not be changed. Please try again.`);
    } finally {
      setBusy(null);
    }
  };

  const reconcile = async () => {
    setReconciliation(t`Comparing with the provider…`);
    try {
      const result = await payoutCalls.reconcile();
      const count = result.provider_transactions;
      setReconciliation(
        result.ok
          ? t`Reconciled: ${count} provider transactions, each with its ledger movement.`
          : t`Differences found: ${result.mismatches.map((m) => `${m.reference} (${m.problem})`).join(', ')}`,
      );
    } catch (error) {
      setReconciliation(serverMessage(error) ?? t`The reconciliation could not run. Please try again.`);
    }
  };

  return (
    <section className="ui-card admin-payouts" aria-labelledby="payouts-title">
      <div className="admin-ledger__header">
        <div>
          <h2 id="payouts-title" className="admin-section-title">
            <Trans>Payouts</Trans>
          </h2>
          <p className="admin-muted">
            <Trans>Money sent to contractors and experts. Hold a payout not yet sent, release it, or retry one that failed.</Trans>
          </p>
        </div>
        <button type="button" className="ui-button" onClick={() => void reconcile()}>
          {t`Reconcile with the provider`}
        </button>
      </div>
      <p aria-live="polite">{reconciliation}</p>
      <label>
        {t`Payout status`}{' '}
        <select className="ui-field__input ui-field__select" value={status} onChange={(event) => setStatus(event.target.value as PayoutStatus | '')}>
          <option value="">{t`All`}</option>
          {PAYOUT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {labels[value]}
            </option>
          ))}
        </select>
      </label>
      {list.status === 'error' && !list.data ? (
        <p role="alert">
          {t`The payouts could not be loaded.`}{' '}
          <button type="button" className="ui-button ui-button--ghost" onClick={() => void list.refetch()}>
            {t`Try again`}
          </button>
        </p>
      ) : !list.data ? (
        <p aria-busy="true">{t`Loading payouts…`}</p>
      ) : list.data.data.length === 0 ? (
        <p className="admin-muted">{t`No payouts.`}</p>
      ) : (
        <div className="admin-table-wrap" style={{ overflowX: 'auto' }}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t`Date`}</th>
                <th scope="col">{t`Payee`}</th>
                <th scope="col">{t`Amount`}</th>
                <th scope="col">{t`Status`}</th>
                <th scope="col">{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((payout) => (
                <tr key={payout.id}>
                  <td>{formatDateTime(payout.created_at, i18n.locale)}</td>
                  <td>
                    <span>{payout.payee.name}</span>
                    <br />
                    <span className="admin-muted">{payout.payee.email}</span>
                  </td>
                  <td>
                    <Money amount={payout.amount} currency={payout.currency} />
                  </td>
                  <td>
                    {labels[payout.status]}
                    {payout.held ? ` · ${t`Held`}` : ''}
                    {payout.failure_reason ? ` · ${payout.failure_reason}` : ''}
                  </td>
                  <td>
                    {payout.status === 'pending' && !payout.held && (
                      <button
                        type="button"
                        className="ui-button ui-button--ghost"
                        disabled={busy === payout.id}
                        onClick={() => void act(payout, 'hold')}
                      >
                        {t`Hold`}
                      </button>
                    )}
                    {payout.status === 'pending' && payout.held && (
                      <button
                        type="button"
                        className="ui-button ui-button--ghost"
                        disabled={busy === payout.id}
                        onClick={() => void act(payout, 'release')}
                      >
                        {t`Release`}
                      </button>
                    )}
                    {(payout.status === 'failed' || (payout.status === 'pending' && !payout.held)) && (
                      <button
                        type="button"
                        className="ui-button ui-button--ghost"
                        disabled={busy === payout.id}
                        onClick={() => void act(payout, 'retry')}
                      >
                        {t`Retry`}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
