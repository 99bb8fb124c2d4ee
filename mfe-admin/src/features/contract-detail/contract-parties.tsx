import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { countryName } from 'shared/i18n';
import { useReferenceNames } from 'shared/reference';
import type { ContractView } from 'shared/contract';
import { formatDate } from '../common/format';
import { userPath } from '../common/paths';

/** Who the contract binds and what it is for. */
export function ContractParties({ contract }: { contract: ContractView }) {
  const { i18n } = useLingui();
  const names = useReferenceNames();
  return (
    <section className="ui-card" aria-labelledby="contract-parties">
      <h2 id="contract-parties" className="admin-section-title">
        <Trans>Contract</Trans>
      </h2>
      <dl className="admin-facts">
        <div>
          <dt>
            <Trans>Client</Trans>
          </dt>
          <dd>
            <Link to={userPath(contract.client.id)}>{contract.client.name}</Link>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Contractor</Trans>
          </dt>
          <dd>
            <Link to={userPath(contract.contractor.id)}>{contract.contractor.name}</Link>
            {contract.contractor.company_name && <span className="admin-table__company">{contract.contractor.company_name}</span>}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Expert</Trans>
          </dt>
          <dd>
            {contract.expert ? (
              <Link to={userPath(contract.expert.id)}>{contract.expert.name}</Link>
            ) : (
              <span className="admin-muted">
                <Trans>None assigned</Trans>
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Category</Trans>
          </dt>
          <dd>{contract.project.category ? names.category(contract.project.category) : '—'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Location</Trans>
          </dt>
          <dd>{[contract.project.city, countryName(contract.project.country, i18n.locale)].filter(Boolean).join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Created</Trans>
          </dt>
          <dd>{formatDate(contract.created_at, i18n.locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Currency</Trans>
          </dt>
          <dd>{contract.currency}</dd>
        </div>
      </dl>
    </section>
  );
}
