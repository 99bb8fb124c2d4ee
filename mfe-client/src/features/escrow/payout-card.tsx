import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import type { ContractView as Contract } from 'shared/contract';
import { heldForContractor } from '../common/escrow-figures';
import { useEscrowLabels } from './escrow-labels';
import { Money } from 'shared/ui';

/** A contractor's contract seen as money: paid, still held for them, and who each milestone waits on. */
export function PayoutCard({ contract }: { contract: Contract }) {
  const { t } = useLingui();
  const labels = useEscrowLabels();
  return (
    <article className="ui-card client-project-card escrow-card">
      <div className="client-project-card__top">
        <span className={`client-badge escrow-badge--${contract.status}`}>{labels.contractStatus(contract.status)}</span>
        <span className="client-project-card__category">{contract.client.name}</span>
      </div>
      <h3 className="client-project-card__title">
        <Link to={pathFor('main.contract', { id: contract.id })}>{contract.project.title}</Link>
      </h3>
      <dl className="client-facts">
        <div>
          <dt>{t`Paid to you`}</dt>
          <dd>
            <Money amount={contract.account.released} currency={contract.currency} />
          </dd>
        </div>
        <div>
          <dt>{t`Held for you`}</dt>
          <dd>
            <Money amount={heldForContractor(contract)} currency={contract.currency} />
          </dd>
        </div>
      </dl>
      <h4 className="escrow-card__subtitle">
        <Trans>Milestones</Trans>
      </h4>
      <ol className="escrow-mini-list">
        {contract.milestones.map((milestone) => {
          const waiting = labels.waitingOn(milestone.next.waiting_on, 'contractor');
          return (
            <li key={milestone.id}>
              <span className="escrow-mini-list__title">
                {milestone.position}. {milestone.title}
              </span>
              <span>
                <Money amount={milestone.amount} currency={contract.currency} />
              </span>
              <span className={`client-badge escrow-badge--${milestone.status}`}>{labels.milestoneStatus(milestone.status)}</span>
              {milestone.next.action !== 'none' && (
                <span className={milestone.next.waiting_on === 'contractor' ? 'escrow-next--mine' : 'client-muted'}>
                  {labels.action(milestone.next.action)}
                  {waiting ? ` · ${waiting}` : ''}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </article>
  );
}
