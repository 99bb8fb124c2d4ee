import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { queryKeys } from 'shared/query';
import { clientUserAtom } from 'shared/session';
import { ErrorState, Skeleton } from '../common/states';
import { isExpert, isSpecialist } from '../common/roles';
import type { ContractView as Contract } from 'shared/contract';
import { listContracts } from '../common/api/list-contracts';
import { ClientContractCard } from './client-contract-card';
import { EscrowEmpty, type EscrowView } from './escrow-empty';
import { expertToDo } from '../common/escrow-figures';
import { EscrowSummary } from './escrow-summary';
import { InspectionCard } from './inspection-card';
import { PayoutCard } from './payout-card';
import { PayoutsPanel } from './payouts-panel';
import './escrow.css';

/** `/main/escrow`: the viewer's contracts — escrow accounts for a client, payouts for a contractor, inspections for an expert. */
export function EscrowPage() {
  const { t } = useLingui();
  const user = useAtomValue(clientUserAtom);
  const contracts = useQuery({ queryKey: queryKeys.contracts.list(), queryFn: ({ signal }) => listContracts(signal) });
  if (!user) return null;
  const view: EscrowView = isSpecialist(user) ? 'contractor' : isExpert(user) ? 'expert' : 'client';
  const title = view === 'contractor' ? t`Payouts` : view === 'expert' ? t`Inspections` : t`Escrow`;

  return (
    <section className="ui-page ui-container client-page escrow-page">
      <header className="client-page__header">
        <h1>{title}</h1>
      </header>
      {view !== 'client' && <PayoutsPanel />}
      {contracts.status === 'error' && !contracts.data ? (
        <ErrorState error={contracts.error} onRetry={() => void contracts.refetch()} />
      ) : !contracts.data ? (
        <Skeleton count={3} />
      ) : contracts.data.length === 0 ? (
        <EscrowEmpty view={view} />
      ) : (
        <>
          <EscrowSummary view={view} contracts={contracts.data} />
          <h2 className="ui-visually-hidden">{t`Contracts`}</h2>
          <ul className="client-grid">
            {(view === 'expert' ? byWork(contracts.data) : contracts.data).map((contract) => (
              <li key={contract.id}>
                {contract.my_role === 'contractor' ? (
                  <PayoutCard contract={contract} />
                ) : contract.my_role === 'expert' ? (
                  <InspectionCard contract={contract} />
                ) : (
                  <ClientContractCard contract={contract} />
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Contracts with something to inspect come first; otherwise newest first as the server sends them. */
function byWork(contracts: Contract[]): Contract[] {
  return [...contracts].sort((a, b) => Number(expertToDo(b).length > 0) - Number(expertToDo(a).length > 0));
}
