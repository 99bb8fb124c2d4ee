import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { pathFor } from 'shared/routing';
import { notify, SOMETHING_WENT_WRONG, Spinner } from 'shared/ui';
import { escrowCalls } from '../common/api/escrow-api';
import { ContractConversation } from '../common/contract-conversation';
import { EscrowBadge } from '../common/escrow-badge';
import { CONTRACT_STATUS, FROZEN_REASON_LABELS } from '../common/escrow-labels';
import { formatDate, formatDateTime } from '../common/format';
import { LoadError } from '../common/load-error';
import { ReasonDialog } from '../common/reason-dialog';
import { serverMessage } from '../common/server-message';
import '../common/styles';
import { contractPath } from '../common/paths';
import { AccountFigures } from './account-figures';
import { AssignExpertForm } from './assign-expert-form';
import { ContractParties } from './contract-parties';
import { MilestoneCard } from './milestone-card';
import { StatementSection } from './statement-section';

/** One escrow contract as the back office sees it: parties, money, milestones, statement, and the admin's actions. */
export function ContractPage() {
  const { t, i18n } = useLingui();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: queryKeys.admin.escrow.contract(id), queryFn: ({ signal }) => escrowCalls.contract(id, signal) });
  const [confirmInsolvency, setConfirmInsolvency] = useState(false);
  const [frozenCount, setFrozenCount] = useState<number | null>(null);

  if (detail.error && !detail.data) {
    return (
      <div className="ui-page">
        <div className="ui-container admin-page">
          <h1 className="admin-page__title">
            <Trans>Contract</Trans>
          </h1>
          <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
        </div>
      </div>
    );
  }
  const contract = detail.data;
  if (!contract) return <Spinner />;

  const status = CONTRACT_STATUS[contract.status];
  const open = contract.status === 'active' || contract.status === 'frozen';
  const contractorName = contract.contractor.company_name || contract.contractor.name;
  const dispute = contract.dispute;
  const insolvency = contract.insolvency;
  const declaredAt = formatDate(insolvency?.declared_at, i18n.locale);
  const insolvencyNote = insolvency?.note ?? '';
  const settledAt = formatDate(insolvency?.settled_at, i18n.locale);
  const createdAt = formatDateTime(contract.created_at, i18n.locale);
  const disputePosition = dispute?.milestone_position ?? 0;

  const declareInsolvent = async (note: string) => {
    try {
      const result = await escrowCalls.declareInsolvency(contract.contractor.id, note);
      setFrozenCount(result.frozen_contracts);
      setConfirmInsolvency(false);
      // The contract is frozen now, and so are the contractor's others: load them and the statement again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.escrow.all });
    } catch (error) {
      notify.error(serverMessage(error) ?? t(SOMETHING_WENT_WRONG));
    }
  };

  return (
    <div className="ui-page">
      <div className="ui-container admin-page">
        <p className="admin-back">
          <Link to={pathFor('admin.escrow')}>
            <span aria-hidden="true">← </span>
            <Trans>Back to escrow</Trans>
          </Link>
        </p>
        <header className="admin-user__header">
          <div>
            <h1 className="admin-page__title">{contract.project.title}</h1>
            <span className="admin-badges">
              <EscrowBadge tone={status.tone}>{t(status.label)}</EscrowBadge>
              {contract.frozen_reason && <EscrowBadge tone="bad">{t(FROZEN_REASON_LABELS[contract.frozen_reason])}</EscrowBadge>}
            </span>
            <p className="admin-muted">
              <Trans>Contract created {createdAt}</Trans>
            </p>
          </div>
          {open && !insolvency && (
            <div className="admin-user__actions">
              <button type="button" className="ui-button admin-button--danger" onClick={() => setConfirmInsolvency(true)}>
                <Trans>Declare contractor insolvent</Trans>
              </button>
            </div>
          )}
        </header>

        <div aria-live="polite">
          {frozenCount !== null && (
            <p className="admin-notice admin-notice--success">
              <Trans>{contractorName} is declared insolvent.</Trans>{' '}
              <Plural value={frozenCount} one="# contract was frozen." other="# contracts were frozen." />
            </p>
          )}
        </div>

        {dispute && (
          <p className="admin-notice admin-notice--danger">
            <Trans>A dispute on milestone {disputePosition} freezes this contract.</Trans>{' '}
            <Link to={pathFor('admin.dispute', { id: dispute.id })}>
              <Trans>Open the dispute</Trans>
            </Link>
          </p>
        )}
        {insolvency && (
          <div className="admin-notice admin-notice--danger">
            <p className="admin-modal__text">
              <Trans>
                Contractor declared insolvent on {declaredAt}: {insolvencyNote}
              </Trans>
            </p>
            <p className="admin-modal__text">
              {insolvency.settled_at ? (
                <Trans>Settled on {settledAt}.</Trans>
              ) : insolvency.estimates_complete ? (
                <Trans>Every funded milestone is estimated; the client can settle.</Trans>
              ) : (
                <Trans>Waiting for the expert’s estimates of what is owed.</Trans>
              )}
            </p>
          </div>
        )}
        {contract.replaces_contract_id && (
          <p className="admin-muted">
            <Trans>
              This contract replaces <Link to={contractPath(contract.replaces_contract_id)}>the previous contract</Link>.
            </Trans>
          </p>
        )}
        {contract.replaced_by_contract_id && (
          <p className="admin-muted">
            <Trans>
              What was left of this contract was carried over to <Link to={contractPath(contract.replaced_by_contract_id)}>a new contract</Link>.
            </Trans>
          </p>
        )}

        <ContractParties contract={contract} />
        {open && (
          <AssignExpertForm
            contract={contract}
            onAssigned={(updated) => {
              queryClient.setQueryData(queryKeys.admin.escrow.contract(id), updated);
              void queryClient.invalidateQueries({ queryKey: queryKeys.admin.experts() });
            }}
          />
        )}
        <AccountFigures account={contract.account} currency={contract.currency} />

        <section className="admin-history" aria-labelledby="contract-milestones">
          <h2 id="contract-milestones" className="admin-section-title">
            <Trans>Milestones</Trans>
          </h2>
          {contract.milestones.length === 0 ? (
            <p className="admin-muted">
              <Trans>This contract has no milestones.</Trans>
            </p>
          ) : (
            <ol className="admin-milestones">
              {contract.milestones.map((milestone) => (
                <MilestoneCard key={milestone.id} contractId={contract.id} milestone={milestone} currency={contract.currency} />
              ))}
            </ol>
          )}
        </section>

        <StatementSection contractId={contract.id} />
        <ContractConversation contractId={contract.id} />

        {confirmInsolvency && (
          <ReasonDialog
            title={<Trans>Declare {contractorName} insolvent?</Trans>}
            description={
              <Trans>
                Every open contract of this contractor is frozen at once: no milestone can be funded or released until an expert has estimated what is
                owed and each client has settled.
              </Trans>
            }
            confirmLabel={t`Declare insolvent`}
            withReason
            danger
            onClose={() => setConfirmInsolvency(false)}
            onConfirm={declareInsolvent}
          />
        )}
      </div>
    </div>
  );
}
