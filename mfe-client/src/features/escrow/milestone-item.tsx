import { Trans, useLingui } from '@lingui/react/macro';
import { useFormatters } from '../common/reference';
import type { ContractView as Contract, MilestoneView as Milestone } from 'shared/contract';
import { canDispute } from '../common/escrow-figures';
import { useEscrowLabels } from './escrow-labels';
import { FileLinks } from './file-links';
import { Money } from 'shared/ui';

export type MilestoneAction = 'fund' | 'release' | 'complete' | 'inspect' | 'estimate' | 'dispute';

interface MilestoneItemProps {
  contract: Contract;
  milestone: Milestone;
  onAction: (action: MilestoneAction, milestone: Milestone) => void;
}

/** Where the focus lands when a dialog's button vanished with the action it started. */
export const milestoneHeadingId = (id: string) => `escrow-milestone-${id}`;

/** The actions the viewer may take on this milestone now. */
export function actionsFor(contract: Contract, milestone: Milestone): MilestoneAction[] {
  const mine = milestone.next.waiting_on === contract.my_role;
  const active = contract.status === 'active';
  const list: MilestoneAction[] = [];
  const next = milestone.next.action;
  if (mine && active && contract.my_role === 'client' && next === 'fund') list.push('fund');
  if (mine && active && contract.my_role === 'client' && next === 'release') list.push('release');
  if (mine && active && contract.my_role === 'contractor' && next === 'complete') list.push('complete');
  if (mine && active && contract.my_role === 'expert' && next === 'inspect') list.push('inspect');
  if (mine && contract.my_role === 'expert' && next === 'estimate') list.push('estimate');
  if (canDispute(contract, milestone)) list.push('dispute');
  return list;
}

/** One milestone: where it stands, whose move it is, what was handed in and inspected, and the viewer's buttons. */
export function MilestoneItem({ contract, milestone, onAction }: MilestoneItemProps) {
  const { t } = useLingui();
  const format = useFormatters();
  const labels = useEscrowLabels();
  const headingId = milestoneHeadingId(milestone.id);
  const money = (amount: number) => format.money(amount, contract.currency);
  const waiting = labels.waitingOn(milestone.next.waiting_on, contract.my_role);
  const actions = actionsFor(contract, milestone);
  const nextLabel = labels.action(milestone.next.action);
  const expertName = milestone.inspection?.expert_name ?? '';
  const owedText = milestone.estimate ? money(milestone.estimate.owed_amount) : '';
  const buttonLabels: Record<MilestoneAction, string> = {
    fund: t`Fund`,
    release: t`Release`,
    complete: t`Mark complete`,
    inspect: t`Inspect`,
    estimate: t`Estimate`,
    dispute: t`Open a dispute`,
  };
  const dates = [
    { label: t({ message: 'Funded', context: 'milestone date' }), at: milestone.funded_at },
    { label: t({ message: 'Submitted', context: 'milestone date' }), at: milestone.submitted_at },
    { label: t({ message: 'Inspected', context: 'milestone date' }), at: milestone.inspected_at },
    { label: t({ message: 'Released', context: 'milestone date' }), at: milestone.released_at },
    { label: t({ message: 'Released automatically on', context: 'milestone date' }), at: milestone.auto_release_at },
  ].filter((item): item is { label: string; at: string } => Boolean(item.at));

  return (
    <li>
      <article className={`escrow-milestone escrow-milestone--${milestone.status}`} aria-labelledby={headingId}>
        <div className="escrow-milestone__top">
          <h3 id={headingId} className="escrow-milestone__title" tabIndex={-1}>
            {milestone.position}. {milestone.title}
          </h3>
          <span className={`client-badge escrow-badge--${milestone.status}`}>{labels.milestoneStatus(milestone.status)}</span>
        </div>
        <dl className="client-facts">
          <div>
            <dt>{t`Amount`}</dt>
            <dd>
              <Money amount={milestone.amount} currency={contract.currency} />
            </dd>
          </div>
          {contract.my_role !== 'contractor' && (
            <div>
              <dt>{t`With fees`}</dt>
              <dd>
                <Money amount={milestone.total} currency={contract.currency} />
              </dd>
            </div>
          )}
          {dates.map((item) => (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd>
                <time dateTime={item.at}>{format.date(item.at)}</time>
              </dd>
            </div>
          ))}
          {milestone.paid_to_contractor > 0 && (
            <div>
              <dt>{t`Paid to the contractor`}</dt>
              <dd>
                <Money amount={milestone.paid_to_contractor} currency={contract.currency} />
              </dd>
            </div>
          )}
          {milestone.refunded_amount > 0 && (
            <div>
              <dt>{t({ message: 'Refunded', context: 'account' })}</dt>
              <dd>
                <Money amount={milestone.refunded_amount} currency={contract.currency} />
              </dd>
            </div>
          )}
        </dl>
        {milestone.next.action !== 'none' && (
          <p className={`escrow-next${milestone.next.waiting_on === contract.my_role ? ' escrow-next--mine' : ''}`}>
            <strong>{t`Next: ${nextLabel}`}</strong>
            {waiting && <> · {waiting}</>}
          </p>
        )}
        {milestone.auto_release_at && contract.my_role === 'client' && (
          <p className="escrow-milestone__note">
            <Trans>
              Unless you release it or open a dispute before, the expert-approved milestone is released to the contractor on{' '}
              <time dateTime={milestone.auto_release_at}>{format.date(milestone.auto_release_at)}</time>.
            </Trans>
          </p>
        )}
        {milestone.completion_notes && (
          <div className="escrow-milestone__block">
            <h4>
              <Trans>Work handed in</Trans>
            </h4>
            <p className="client-pre">{milestone.completion_notes}</p>
            <FileLinks files={milestone.photos} label={t`Photos of milestone ${milestone.position}`} />
          </div>
        )}
        {milestone.inspection && (
          <div className="escrow-milestone__block">
            <h4>
              {milestone.inspection.decision === 'approved' ? (
                <Trans>Inspection: approved by {expertName}</Trans>
              ) : (
                <Trans>Inspection: changes requested by {expertName}</Trans>
              )}
            </h4>
            <p className="client-pre">{milestone.inspection.notes}</p>
            {milestone.inspection.report && (
              <FileLinks files={[milestone.inspection.report]} label={t`Inspection report of milestone ${milestone.position}`} />
            )}
          </div>
        )}
        {milestone.estimate && (
          <div className="escrow-milestone__block">
            <h4>
              <Trans>Estimate: {owedText} owed for the work done</Trans>
            </h4>
            <p className="client-pre">{milestone.estimate.notes}</p>
            {milestone.estimate.report && (
              <FileLinks files={[milestone.estimate.report]} label={t`Estimate report of milestone ${milestone.position}`} />
            )}
          </div>
        )}
        {actions.length > 0 && (
          <div className="escrow-milestone__actions">
            {actions.map((action) => (
              <button
                key={action}
                type="button"
                className={`ui-button${action === 'dispute' ? ' ui-button--ghost' : ' ui-button--accent'}`}
                aria-describedby={headingId}
                onClick={() => onAction(action, milestone)}
              >
                {buttonLabels[action]}
              </button>
            ))}
          </div>
        )}
      </article>
    </li>
  );
}
