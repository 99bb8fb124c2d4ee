import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { queryKeys } from 'shared/query';
import { useReferenceNames } from '../common/reference';
import { Pagination } from 'shared/ui';
import { EmptyState, ErrorState, Skeleton } from '../common/states';
import { listSpecialists } from '../common/api/list-specialists';
import { SpecialistCard } from './specialist-card';
import { useFilterParams } from '../common/use-filter-params';
import { CategoryOptions } from '../common/category-options';

const PAGE_SIZE = 12;

/** `/main/specialists`: the directory of verified specialists with filters. */
export function SpecialistsPage() {
  const { t } = useLingui();
  const names = useReferenceNames();
  const { get, page, update } = useFilterParams();
  const q = get('q');
  const category = get('category');
  const city = get('city');
  const kind = get('kind');
  const query = { q, category, city, kind, page, page_size: PAGE_SIZE };
  const directory = useQuery({
    queryKey: queryKeys.specialists.list(query),
    queryFn: ({ signal }) => listSpecialists(query, signal),
    placeholderData: keepPreviousData,
  });
  const cities = [...new Set(names.book?.countries.flatMap((country) => country.cities) ?? [])].sort((a, b) => a.localeCompare(b));

  return (
    <section className="ui-page ui-container client-page">
      <header className="client-page__header">
        <h1>
          <Trans>Specialists</Trans>
        </h1>
        <p className="client-muted">
          <Trans>Every specialist listed here has been verified by our team.</Trans>
        </p>
      </header>
      <form className="client-filters" role="search" aria-label={t`Filter specialists`} onSubmit={(event) => event.preventDefault()}>
        <label className="client-filters__field">
          <span>{t`Search`}</span>
          <input className="ui-field__input" type="search" defaultValue={q} onChange={(event) => update('q', event.target.value.trim())} />
        </label>
        <label className="client-filters__field">
          <span>{t`Category`}</span>
          <select className="ui-field__input" value={category} onChange={(event) => update('category', event.target.value)}>
            <option value="">{t`All categories`}</option>
            <CategoryOptions />
          </select>
        </label>
        <label className="client-filters__field">
          <span>{t`City`}</span>
          <select className="ui-field__input" value={city} onChange={(event) => update('city', event.target.value)}>
            <option value="">{t`All cities`}</option>
            {cities.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="client-filters__field">
          <span>{t`Kind`}</span>
          <select className="ui-field__input" value={kind} onChange={(event) => update('kind', event.target.value)}>
            <option value="">{t`All kinds`}</option>
            {names.book?.specialist_kinds
              .filter((item) => ['contractor', 'vendor', 'artisan'].includes(item.code))
              .map((item) => (
                <option key={item.code} value={item.code}>
                  {item.name}
                </option>
              ))}
          </select>
        </label>
      </form>
      {directory.status === 'error' ? (
        <ErrorState error={directory.error} onRetry={() => void directory.refetch()} />
      ) : !directory.data ? (
        <Skeleton count={3} />
      ) : directory.data.data.length === 0 ? (
        <EmptyState title={<Trans>No specialist matches these filters</Trans>}>
          <Trans>Try another category or city, or clear the search.</Trans>
        </EmptyState>
      ) : (
        <>
          <p className="client-page__count" aria-live="polite">
            <Trans>{directory.data.meta.total} found</Trans>
          </p>
          <ul className="client-grid" aria-busy={directory.isFetching}>
            {directory.data.data.map((specialist) => (
              <li key={specialist.id}>
                <SpecialistCard specialist={specialist} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} total={directory.data.meta.total} onPage={(next) => update('page', String(next))} />
        </>
      )}
    </section>
  );
}
