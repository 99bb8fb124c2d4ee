import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, Money } from 'shared/ui';
import type { MilestoneView } from 'shared/contract';
import { ContractFiles } from '../common/contract-files';
import { EscrowBadge } from '../common/escrow-badge';
import { MILESTONE_STATUS, NEXT_ACTION_LABELS, PARTY_ROLE_LABELS } from '../common/escrow-labels';
import { formatDateTime } from '../common/format';

/** One milestone: amounts, where it stands and who acts next, the contractor's photos and the expert's report. */
export function MilestoneCard({ contractId, milestone, currency }: { contractId: string; milestone: MilestoneView; currency: string }) {
  const { t, i18n } = useLingui();
  const money = (amount: number) => formatMoney(amount, currency, i18n.locale);
  const status = MILESTONE_STATUS[milestone.status];
  const position = milestone.position;
  const title = milestone.title;
  const headingId = `milestone-${milestone.id}`;
  const next = milestone.next;
  const nextLabel = t(NEXT_ACTION_LABELS[next.action]);
  const waitingOn = next.waiting_on ? t(PARTY_ROLE_LABELS[next.waiting_on]) : '';
  const dates = [
    { key: 'funded', label: t`Funded`, value: milestone.funded_at },
    { key: 'submitted', label: t`Work submitted`, value: milestone.submitted_at },
    { key: 'inspected', label: t`Inspected`, value: milestone.inspected_at },
    { key: 'released', label: t`Released`, value: milestone.released_at },
  ].filter((item) => item.value);
  const inspection = milestone.inspection;
  const estimate = milestone.estimate;
  const expertName = inspection?.expert_name ?? '';
  const inspectedAt = formatDateTime(inspection?.at, i18n.locale);
  const owed = estimate ? money(estimate.owed_amount) : '';
  const estimatedAt = formatDateTime(estimate?.at, i18n.locale);

  return (
    <li className="ui-card admin-milestone" aria-labelledby={headingId}>
      <header className="admin-check__header">
        <h3 id={headingId} className="admin-check__title">
          <Trans>
            Milestone {position}: {title}
          </Trans>
        </h3>
        <EscrowBadge tone={status.tone}>{t(status.label)}</EscrowBadge>
      </header>
      <dl className="admin-facts">
        <div>
          <dt>
            <Trans>Amount</Trans>
          </dt>
          <dd>
            <Money amount={milestone.amount} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Expert fee</Trans>
          </dt>
          <dd>
            <Money amount={milestone.expert_fee} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Platform fee</Trans>
          </dt>
          <dd>
            <Money amount={milestone.platform_fee} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>
            <Money amount={milestone.total} currency={currency} />
          </dd>
        </div>
        {milestone.paid_to_contractor > 0 && (
          <div>
            <dt>
              <Trans>Paid to the contractor</Trans>
            </dt>
            <dd>
              <Money amount={milestone.paid_to_contractor} currency={currency} />
            </dd>
          </div>
        )}
        {milestone.refunded_amount > 0 && (
          <div>
            <dt>
              <Trans>Refunded to the client</Trans>
            </dt>
            <dd>
              <Money amount={milestone.refunded_amount} currency={currency} />
            </dd>
          </div>
        )}
      </dl>
      <p className="admin-milestone__next">
        <strong>
          <Trans>Next step:</Trans>
        </strong>{' '}
        {next.action === 'none' ? (
          nextLabel
        ) : waitingOn ? (
          <Trans>
            {nextLabel} (waiting on: {waitingOn})
          </Trans>
        ) : (
          nextLabel
        )}
      </p>
      {dates.length > 0 && (
        <dl className="admin-facts admin-milestone__dates">
          {dates.map((item) => (
            <div key={item.key}>
              <dt>{item.label}</dt>
              <dd>{formatDateTime(item.value, i18n.locale)}</dd>
            </div>
          ))}
        </dl>
      )}
      {(milestone.completion_notes || milestone.photos.length > 0) && (
        <div className="admin-evidence">
          <h4 className="admin-evidence__title">
            <Trans>Contractor’s report</Trans>
          </h4>
          {milestone.completion_notes && <p className="admin-prose">{milestone.completion_notes}</p>}
          {milestone.photos.length > 0 && <ContractFiles contractId={contractId} files={milestone.photos} />}
        </div>
      )}
      {inspection && (
        <div className="admin-evidence">
          <h4 className="admin-evidence__title">
            <Trans>Inspection</Trans>{' '}
            <EscrowBadge tone={inspection.decision === 'approved' ? 'good' : 'bad'}>
              {inspection.decision === 'approved' ? <Trans>Approved</Trans> : <Trans>Changes requested</Trans>}
            </EscrowBadge>
          </h4>
          <p className="admin-muted">
            <Trans>
              By {expertName} on {inspectedAt}
            </Trans>
          </p>
          {inspection.notes && <p className="admin-prose">{inspection.notes}</p>}
          <ContractFiles contractId={contractId} files={[inspection.report]} />
        </div>
      )}
      {estimate && (
        <div className="admin-evidence">
          <h4 className="admin-evidence__title">
            <Trans>Estimate of what is owed</Trans>
          </h4>
          <p>
            <Trans>
              Owed to the contractor: {owed} (estimated on {estimatedAt})
            </Trans>
          </p>
          {estimate.notes && <p className="admin-prose">{estimate.notes}</p>}
          <ContractFiles contractId={contractId} files={[estimate.report]} />
        </div>
      )}
    </li>
  );
}
