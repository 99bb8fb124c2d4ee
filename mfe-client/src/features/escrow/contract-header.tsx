import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import { useFormatters, useReferenceNames } from '../common/reference';
import { ContractConversationLink } from '../common/conversation-links';
import type { ContractView as Contract } from 'shared/contract';
import { useEscrowLabels } from './escrow-labels';

/** Who the contract binds, where it stands, and — loudly — whether it is frozen. */
export function ContractHeader({ contract }: { contract: Contract }) {
  const { t } = useLingui();
  const names = useReferenceNames();
  const format = useFormatters();
  const labels = useEscrowLabels();
  const contractor = contract.contractor.company_name
    ? `${contract.contractor.company_name} (${contract.contractor.name})`
    : contract.contractor.name;
  return (
    <header className="ui-card client-project__header">
      <div className="client-project-card__top">
        <span className={`client-badge escrow-badge--${contract.status}`}>{labels.contractStatus(contract.status)}</span>
        <span className="client-project-card__category">{names.category(contract.project.category)}</span>
      </div>
      <h1>{contract.project.title}</h1>
      <dl className="client-facts client-facts--wide">
        <div>
          <dt>{t`Client`}</dt>
          <dd>{contract.client.name}</dd>
        </div>
        <div>
          <dt>{t`Contractor`}</dt>
          <dd>{contractor}</dd>
        </div>
        <div>
          <dt>{t`Expert`}</dt>
          <dd>{contract.expert?.name ?? t`Not assigned yet`}</dd>
        </div>
        <div>
          <dt>{t`Location`}</dt>
          <dd>
            {contract.project.city}, {names.country(contract.project.country)}
          </dd>
        </div>
        <div>
          <dt>{t`Signed`}</dt>
          <dd>
            <time dateTime={contract.created_at}>{format.date(contract.created_at)}</time>
          </dd>
        </div>
      </dl>
      <p className="escrow-header-links">
        <Link to={pathFor('main.project', { id: contract.project.id })}>
          <Trans>See the project</Trans>
        </Link>
        <ContractConversationLink contract={contract} />
        {contract.replaces_contract_id && (
          <Link to={pathFor('main.contract', { id: contract.replaces_contract_id })}>
            <Trans>Previous contract (contractor insolvent)</Trans>
          </Link>
        )}
        {contract.replaced_by_contract_id && (
          <Link to={pathFor('main.contract', { id: contract.replaced_by_contract_id })}>
            <Trans>Replacement contract</Trans>
          </Link>
        )}
      </p>
      {contract.status === 'frozen' && (
        <div className="escrow-frozen" role="status">
          <h2 className="escrow-frozen__title">
            <Trans>This contract is frozen</Trans>
          </h2>
          <p>
            {contract.frozen_reason === 'insolvency' ? (
              <Trans>
                The contractor has been declared insolvent. The money in escrow is ring-fenced: an expert estimates what is owed for the work done,
                then the client chooses a refund or a replacement contractor.
              </Trans>
            ) : (
              <Trans>A dispute is open. No payment, release or refund can happen until it is resolved.</Trans>
            )}
          </p>
        </div>
      )}
    </header>
  );
}
