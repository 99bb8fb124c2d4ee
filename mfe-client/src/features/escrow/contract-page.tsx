import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { EmptyState, ErrorState, Skeleton } from '../common/states';
import type { ContractView as Contract } from 'shared/contract';
import { getContract } from '../common/api/get-contract';
import { getStatement } from './api/statement';
import { ContractView } from './contract-view';
import './escrow.css';

/** `/main/escrow/:id`: one contract's escrow account and milestones, with what the viewer can do next. */
export function ContractPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const contract = useQuery({ queryKey: queryKeys.contracts.detail(id), queryFn: ({ signal }) => getContract(id, signal) });
  const statement = useQuery({ queryKey: queryKeys.contracts.statement(id), queryFn: ({ signal }) => getStatement(id, signal) });

  if (contract.status === 'error' && !contract.data) {
    if (isApiError(contract.error) && contract.error.status === 404) {
      return (
        <section className="ui-page ui-container client-page">
          <EmptyState
            level={1}
            title={<Trans>This contract cannot be found</Trans>}
            action={
              <Link className="ui-button" to={pathFor('main.escrow')}>
                <Trans>Back to escrow</Trans>
              </Link>
            }
          >
            <Trans>It may not exist, or you are not one of its parties.</Trans>
          </EmptyState>
        </section>
      );
    }
    return (
      <section className="ui-page ui-container client-page">
        <ErrorState error={contract.error} onRetry={() => void contract.refetch()} />
      </section>
    );
  }
  if (!contract.data) {
    return (
      <section className="ui-page ui-container client-page">
        <Skeleton count={3} variant="line" />
      </section>
    );
  }
  return (
    <ContractView
      contract={contract.data}
      statement={statement}
      onChange={(updated: Contract) => {
        queryClient.setQueryData(queryKeys.contracts.detail(id), updated);
        // Every change of the contract moves money or states: the statement and the lists are read again.
        void queryClient.invalidateQueries({ queryKey: queryKeys.contracts.statement(id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.contracts.list() });
      }}
      onPlanChanged={() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.contracts.detail(id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.contracts.statement(id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.contracts.list() });
      }}
    />
  );
}
