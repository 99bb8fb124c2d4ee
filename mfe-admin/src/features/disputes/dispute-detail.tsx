import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { pathFor } from 'shared/routing';
import { Money, notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { escrowCalls } from '../common/api/escrow-api';
import type { DisputeView } from 'shared/contract';
import { ContractConversation } from '../common/contract-conversation';
import { ContractSiteRecord } from '../common/contract-site-record';
import { ContractFiles } from '../common/contract-files';
import { EscrowBadge } from '../common/escrow-badge';
import { DISPUTE_STATUS, PARTY_ROLE_LABELS } from '../common/escrow-labels';
import { formatDateTime } from '../common/format';
import { ReasonDialog } from '../common/reason-dialog';
import { serverMessage } from '../common/server-message';
import { contractPath } from '../common/paths';
import { ArbitrationWindow } from './arbitration-window';
import { DisputeResolution } from './dispute-resolution';
import { DisputeThread } from './dispute-thread';
import { ResolveDialog } from './resolve-dialog';
import { RespondBy } from './respond-by';

type Dialog = 'mediation' | 'resolve' | null;

/** The loaded dispute, and what the team can do about it. */
export function DisputeDetail({ dispute, onChange }: { dispute: DisputeView; onChange: (dispute: DisputeView) => void }) {
  const { t, i18n } = useLingui();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The resolution splits the milestone's amount (its fees follow the split).
  const milestoneAmount = dispute.milestone_amount;
  const status = DISPUTE_STATUS[dispute.status];
  const currency = dispute.contract.currency;
  const position = dispute.milestone_position;
  const title = dispute.milestone_title;
  const openerName = dispute.opened_by.name;
  const openerRole = t(PARTY_ROLE_LABELS[dispute.opened_by.role]);
  const openedAt = formatDateTime(dispute.opened_at, i18n.locale);
  const settled = dispute.status === 'resolved';

  const startMediation = async () => {
    try {
      onChange(await escrowCalls.startMediation(dispute.id));
      notify.success(t`Mediation has started.`);
      setDialog(null);
    } catch (error) {
      notify.error(serverMessage(error) ?? t(SOMETHING_WENT_WRONG));
    }
  };

  return (
    <div className="ui-page">
      <div className="ui-container admin-page">
        <p className="admin-back">
          <Link to={pathFor('admin.disputes')}>
            <span aria-hidden="true">← </span>
            <Trans>Back to disputes</Trans>
          </Link>
        </p>
        <header className="admin-user__header">
          <div>
            <h1 className="admin-page__title">
              <Trans>
                Dispute on milestone {position}: {title}
              </Trans>
            </h1>
            <span className="admin-badges">
              <EscrowBadge tone={status.tone}>{t(status.label)}</EscrowBadge>
            </span>
            <p className="admin-muted">
              <Link to={contractPath(dispute.contract_id)}>{dispute.contract.project_title}</Link>
            </p>
          </div>
          {!settled && (
            <div className="admin-user__actions">
              {dispute.status === 'open' && (
                <button type="button" className="ui-button ui-button--ghost" onClick={() => setDialog('mediation')}>
                  <Trans>Start mediation</Trans>
                </button>
              )}
              <button type="button" className="ui-button" onClick={() => setDialog('resolve')}>
                <Trans>Resolve</Trans>
              </button>
            </div>
          )}
        </header>
        <DisputeResolution dispute={dispute} />

        {/* What the parties agreed in writing sits beside the evidence: side by side on wide screens, one after the other on narrow ones. */}
        <div className="admin-dispute__columns">
          <section className="ui-card" aria-labelledby="dispute-facts">
            <h2 id="dispute-facts" className="admin-section-title">
              <Trans>The dispute</Trans>
            </h2>
            <dl className="admin-facts">
              <div>
                <dt>
                  <Trans>Opened by</Trans>
                </dt>
                <dd>
                  <Trans>
                    {openerName} ({openerRole}) on {openedAt}
                  </Trans>
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Parties</Trans>
                </dt>
                <dd>
                  {dispute.contract.client_name} · {dispute.contract.contractor_name}
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Respond by</Trans>
                </dt>
                <dd>
                  <RespondBy dispute={dispute} />
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Arbitration window</Trans>
                </dt>
                <dd>
                  <ArbitrationWindow dispute={dispute} />
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Held in escrow</Trans>
                </dt>
                <dd>
                  <Money amount={dispute.held_amount} currency={currency} />
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Milestone amount</Trans>
                </dt>
                <dd>
                  <Money amount={milestoneAmount} currency={currency} />
                </dd>
              </div>
            </dl>
            <h3 className="admin-evidence__title admin-spaced">
              <Trans>Reason</Trans>
            </h3>
            <p className="admin-prose">{dispute.reason}</p>
            <div className="admin-evidence">
              <h3 className="admin-evidence__title">
                <Trans>Evidence</Trans>
              </h3>
              {dispute.evidence.length === 0 ? (
                <p className="admin-muted">
                  <Trans>No file was attached.</Trans>
                </p>
              ) : (
                <ContractFiles contractId={dispute.contract_id} files={dispute.evidence} />
              )}
            </div>
          </section>
          <ContractConversation contractId={dispute.contract_id} />
        </div>

        <ContractSiteRecord contractId={dispute.contract_id} currency={dispute.contract.currency} />

        <DisputeThread dispute={dispute} onChange={onChange} />

        {dialog === 'mediation' && (
          <ReasonDialog
            title={<Trans>Start mediation?</Trans>}
            description={
              <Trans>The platform now works with both parties towards an agreement. The contract stays frozen until the dispute is resolved.</Trans>
            }
            confirmLabel={t`Start mediation`}
            withReason={false}
            onClose={() => setDialog(null)}
            onConfirm={startMediation}
          />
        )}
        {dialog === 'resolve' && (
          <ResolveDialog
            dispute={dispute}
            milestoneAmount={milestoneAmount}
            onClose={() => setDialog(null)}
            onResolved={(resolved) => {
              onChange(resolved);
              setDialog(null);
            }}
          />
        )}
      </div>
    </div>
  );
}
