import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router-dom';
import { countryName } from 'shared/i18n';
import { Money } from 'shared/ui';
import type { ContractView } from 'shared/contract';
import { EscrowBadge } from '../common/escrow-badge';
import { CONTRACT_STATUS, FROZEN_REASON_LABELS } from '../common/escrow-labels';
import { formatDate } from '../common/format';
import { contractPath } from '../common/paths';

/** One page of contracts; the project title opens the contract, and so does a click on the row. */
export function ContractsTable({ contracts, caption }: { contracts: ContractView[]; caption: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  return (
    <div className="admin-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-table admin-table--stack">
        <caption className="ui-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Project</Trans>
            </th>
            <th scope="col">
              <Trans>Client</Trans>
            </th>
            <th scope="col">
              <Trans>Contractor</Trans>
            </th>
            <th scope="col">
              <Trans>Expert</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col" className="admin-table__number">
              <Trans>Held</Trans>
            </th>
            <th scope="col">
              <Trans>Created</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {contracts.map((contract) => {
            const status = CONTRACT_STATUS[contract.status];
            return (
              <tr key={contract.id} className="admin-table__row" onClick={() => navigate(contractPath(contract.id))}>
                <th scope="row">
                  <Link to={contractPath(contract.id)} onClick={(event) => event.stopPropagation()}>
                    {contract.project.title}
                  </Link>
                  <span className="admin-table__company">
                    {[contract.project.city, countryName(contract.project.country, i18n.locale)].filter(Boolean).join(', ')}
                  </span>
                </th>
                <td data-label={t`Client`}>{contract.client.name}</td>
                <td data-label={t`Contractor`}>
                  {contract.contractor.name}
                  {contract.contractor.company_name && <span className="admin-table__company">{contract.contractor.company_name}</span>}
                </td>
                <td data-label={t`Expert`}>
                  {contract.expert ? (
                    contract.expert.name
                  ) : (
                    <EscrowBadge tone="warn">
                      <Trans>Needs an expert</Trans>
                    </EscrowBadge>
                  )}
                </td>
                <td data-label={t`Status`}>
                  <EscrowBadge tone={status.tone}>{t(status.label)}</EscrowBadge>
                  {contract.frozen_reason && <span className="admin-table__company">{t(FROZEN_REASON_LABELS[contract.frozen_reason])}</span>}
                </td>
                <td data-label={t`Held`} className="admin-table__number">
                  <Money amount={contract.account.held} currency={contract.currency} />
                </td>
                <td data-label={t`Created`}>{formatDate(contract.created_at, i18n.locale)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
