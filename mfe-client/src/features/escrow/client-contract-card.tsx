import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import type { ContractView as Contract } from 'shared/contract';
import { myTurn } from '../common/escrow-figures';
import { useEscrowLabels } from './escrow-labels';
import { Money } from 'shared/ui';

/** A client's contract at a glance: the virtual account and what is waiting on them. */
export function ClientContractCard({ contract }: { contract: Contract }) {
  const { t } = useLingui();
  const labels = useEscrowLabels();
  const link = pathFor('main.contract', { id: contract.id });
  const todo = myTurn(contract);
  const contractor = contract.contractor.company_name || contract.contractor.name;
  return (
    <article className="ui-card client-project-card escrow-card">
      <div className="client-project-card__top">
        <span className={`client-badge escrow-badge--${contract.status}`}>{labels.contractStatus(contract.status)}</span>
        <span className="client-project-card__category">{contractor}</span>
      </div>
      <h3 className="client-project-card__title">
        <Link to={link}>{contract.project.title}</Link>
      </h3>
      <dl className="client-facts">
        <div>
          <dt>{t`Held in escrow`}</dt>
          <dd>
            <Money amount={contract.account.held} currency={contract.currency} />
          </dd>
        </div>
        <div>
          <dt>{t({ message: 'Released', context: 'account' })}</dt>
          <dd>
            <Money amount={contract.account.released} currency={contract.currency} />
          </dd>
        </div>
        <div>
          <dt>{t({ message: 'Refunded', context: 'account' })}</dt>
          <dd>
            <Money amount={contract.account.refunded} currency={contract.currency} />
          </dd>
        </div>
        <div>
          <dt>{t`Fees paid`}</dt>
          <dd>
            <Money amount={contract.account.expert_fees + contract.account.platform_fees} currency={contract.currency} />
          </dd>
        </div>
      </dl>
      {contract.status === 'frozen' && (
        <p className="escrow-frozen escrow-frozen--small">
          {contract.frozen_reason === 'insolvency' ? <Trans>Frozen: the contractor is insolvent.</Trans> : <Trans>Frozen: a dispute is open.</Trans>}
        </p>
      )}
      <div>
        <h4 className="escrow-card__subtitle">
          <Trans>Next actions</Trans>
        </h4>
        {todo.length === 0 && !contract.can_review ? (
          <p className="client-muted">
            <Trans>Nothing waits on you.</Trans>
          </p>
        ) : (
          <ul className="client-links">
            {todo.map((milestone) => {
              const step = labels.todo(milestone.next.action);
              const position = milestone.position;
              const title = milestone.title;
              return (
                <li key={milestone.id}>
                  <Link to={link}>{t`${step}: milestone ${position}, ${title}`}</Link>
                </li>
              );
            })}
            {contract.can_review && (
              <li>
                <Link to={link}>
                  <Trans>Review {contractor}</Trans>
                </Link>
              </li>
            )}
          </ul>
        )}
      </div>
    </article>
  );
}
