import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import { useReferenceNames } from '../common/reference';
import type { ContractView as Contract } from 'shared/contract';
import { expertToDo } from '../common/escrow-figures';
import { useEscrowLabels } from './escrow-labels';

/** A contract an expert is assigned to, with the milestones waiting for their inspection or estimate. */
export function InspectionCard({ contract }: { contract: Contract }) {
  const { t } = useLingui();
  const names = useReferenceNames();
  const labels = useEscrowLabels();
  const link = pathFor('main.contract', { id: contract.id });
  const todo = expertToDo(contract);
  const contractor = contract.contractor.company_name || contract.contractor.name;
  const client = contract.client.name;
  return (
    <article className="ui-card client-project-card escrow-card">
      <div className="client-project-card__top">
        <span className={`client-badge escrow-badge--${contract.status}`}>{labels.contractStatus(contract.status)}</span>
        <span className="client-project-card__category">
          {contract.project.city}, {names.country(contract.project.country)}
        </span>
      </div>
      <h3 className="client-project-card__title">
        <Link to={link}>{contract.project.title}</Link>
      </h3>
      <p className="client-muted">
        <Trans>
          {client} with {contractor}
        </Trans>
      </p>
      {todo.length === 0 ? (
        <p className="client-muted">
          <Trans>Nothing to inspect right now.</Trans>
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
        </ul>
      )}
    </article>
  );
}
