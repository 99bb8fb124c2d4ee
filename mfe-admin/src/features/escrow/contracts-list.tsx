import { useId } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { Pagination, Spinner } from 'shared/ui';
import { escrowCalls } from '../common/api/escrow-api';
import { CONTRACT_STATUSES, type ContractStatus } from 'shared/contract';
import { CONTRACT_STATUS } from '../common/escrow-labels';
import { LoadError } from '../common/load-error';
import { ContractsTable } from './contracts-table';

interface Filters {
  status: ContractStatus | '';
  needs: 'expert' | '';
  page: number;
}

function readFilters(search: URLSearchParams): Filters {
  const status = search.get('status') as ContractStatus | null;
  const page = Number(search.get('page'));
  return {
    status: status && CONTRACT_STATUSES.includes(status) ? status : '',
    needs: search.get('needs') === 'expert' ? 'expert' : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** Every escrow contract, filtered by status or by the lack of an expert; the filters live in the URL. */
export function ContractsList() {
  const { t } = useLingui();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const filters = readFilters(search);
  const list = useQuery({
    queryKey: queryKeys.admin.escrow.contracts(filters),
    queryFn: ({ signal }) => escrowCalls.contracts(filters, signal),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Partial<Filters>) => {
    // Any change but paging starts again at page 1.
    const next = { ...filters, ...changes, page: changes.page ?? 1 };
    const out = new URLSearchParams();
    if (next.status) out.set('status', next.status);
    if (next.needs) out.set('needs', next.needs);
    if (next.page > 1) out.set('page', String(next.page));
    setSearch(out);
  };
  const filtered = Boolean(filters.status || filters.needs);

  return (
    <section className="admin-results" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section-title">
        <Trans>Contracts</Trans>
      </h2>
      <form className="admin-filters" aria-label={t`Contract filters`} onSubmit={(event) => event.preventDefault()}>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${id}-status`}>
            <Trans>Status</Trans>
          </label>
          <select
            id={`${id}-status`}
            className="ui-field__input ui-field__select"
            value={filters.status}
            onChange={(event) => update({ status: event.target.value as Filters['status'] })}
          >
            <option value="">{t`All`}</option>
            {CONTRACT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(CONTRACT_STATUS[status].label)}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field admin-check-field">
          <input
            id={`${id}-needs`}
            type="checkbox"
            checked={filters.needs === 'expert'}
            onChange={(event) => update({ needs: event.target.checked ? 'expert' : '' })}
          />
          <label htmlFor={`${id}-needs`}>
            <Trans>Only contracts that need an expert</Trans>
          </label>
        </div>
        {filtered && (
          <div className="admin-filters__actions">
            <button type="button" className="ui-button ui-button--ghost" onClick={() => update({ status: '', needs: '' })}>
              <Trans>Clear filters</Trans>
            </button>
          </div>
        )}
      </form>
      <div className="admin-results" aria-busy={list.isFetching}>
        {list.error ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Spinner />
        ) : list.data.data.length === 0 ? (
          <div className="admin-state">
            <p>{filtered ? <Trans>No contract matches these filters.</Trans> : <Trans>There are no escrow contracts yet.</Trans>}</p>
          </div>
        ) : (
          <>
            <ContractsTable contracts={list.data.data} caption={t`Escrow contracts`} />
            <Pagination showRange page={list.data.page} pageSize={list.data.page_size} total={list.data.total} onPage={(page) => update({ page })} />
          </>
        )}
      </div>
    </section>
  );
}
