import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pagination, Spinner } from 'shared/ui';
import { adminCalls } from '../common/api/admin-api';
import type { AdminUser, UserRole } from 'shared/contract';
import { LoadError } from '../common/load-error';
import '../common/styles';
import { SummaryStrip } from './summary-strip';
import { UsersTable } from './users-table';
import { useListParams } from './use-list-params';

export const PAGE_SIZE = 20;

interface UsersPageProps {
  role: UserRole;
  title: ReactNode;
  intro: ReactNode;
  tableCaption: string;
  /** Above the table (the expert creation form); `reload` after a change reads the table and the summary again. */
  children?: (reload: () => void) => ReactNode;
  extraColumn?: {
    header: ReactNode;
    /** The cell's name on a phone, where each row is a card. */ label: string;
    cell: (user: AdminUser) => ReactNode;
  };
}

/** A dashboard of one kind of account: summary, filters, and the searchable, sortable, paginated table. */
export function UsersPage({ role, title, intro, tableCaption, children, extraColumn }: UsersPageProps) {
  const { t } = useLingui();
  const id = useId();
  const [params, update] = useListParams();
  const [draft, setDraft] = useState({ q: params.q, country: params.country, city: params.city });
  const queryClient = useQueryClient();
  useEffect(() => setDraft({ q: params.q, country: params.country, city: params.city }), [params.q, params.country, params.city]);

  const request = { role, ...params, page_size: PAGE_SIZE };
  const list = useQuery({
    queryKey: queryKeys.admin.users.list(request),
    queryFn: ({ signal }) => adminCalls.listUsers(request, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(params.q || params.verification || params.status || params.country || params.city);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.q.trim(), country: draft.country.trim(), city: draft.city.trim() });
  };

  return (
    <div className="ui-page">
      <div className="ui-container admin-page">
        <header className="admin-page__header">
          <h1 className="admin-page__title">{title}</h1>
          <p className="admin-page__intro">{intro}</p>
        </header>
        <SummaryStrip role={role} />
        {children?.(() => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.users.all }))}
        <form className="admin-filters" role="search" aria-label={t`Search and filters`} onSubmit={apply}>
          <div className="ui-field admin-filters__search">
            <label className="ui-field__label" htmlFor={`${id}-q`}>
              <Trans>Search</Trans>
            </label>
            <input
              id={`${id}-q`}
              className="ui-field__input"
              type="search"
              placeholder={role === 'clients' ? t`Name, email or phone` : t`Name, email, phone or company`}
              value={draft.q}
              onChange={(event) => setDraft({ ...draft, q: event.target.value })}
            />
          </div>
          {role !== 'clients' && (
            <div className="ui-field">
              <label className="ui-field__label" htmlFor={`${id}-verification`}>
                <Trans>Verification</Trans>
              </label>
              <select
                id={`${id}-verification`}
                className="ui-field__input ui-field__select"
                value={params.verification}
                onChange={(event) => update({ verification: event.target.value })}
              >
                <option value="">{t`All`}</option>
                <option value="pending">{t`Awaiting verification`}</option>
                <option value="unverified">{t`Check failed`}</option>
                <option value="verified">{t`Verified`}</option>
              </select>
            </div>
          )}
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-status`}>
              <Trans>Account</Trans>
            </label>
            <select
              id={`${id}-status`}
              className="ui-field__input ui-field__select"
              value={params.status}
              onChange={(event) => update({ status: event.target.value })}
            >
              <option value="">{t`All`}</option>
              <option value="active">{t`Active`}</option>
              <option value="suspended">{t`Suspended`}</option>
            </select>
          </div>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-country`}>
              <Trans>Country</Trans>
            </label>
            <input
              id={`${id}-country`}
              className="ui-field__input"
              value={draft.country}
              autoComplete="off"
              onChange={(event) => setDraft({ ...draft, country: event.target.value })}
            />
          </div>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-city`}>
              <Trans>City</Trans>
            </label>
            <input
              id={`${id}-city`}
              className="ui-field__input"
              value={draft.city}
              autoComplete="off"
              onChange={(event) => setDraft({ ...draft, city: event.target.value })}
            />
          </div>
          <div className="admin-filters__actions">
            <button type="submit" className="ui-button">
              <Trans>Apply</Trans>
            </button>
            {filtered && (
              <button
                type="button"
                className="ui-button ui-button--ghost"
                onClick={() => update({ q: '', verification: '', status: '', country: '', city: '' })}
              >
                <Trans>Clear filters</Trans>
              </button>
            )}
          </div>
        </form>

        <section className="admin-results" aria-busy={list.isFetching}>
          {list.error ? (
            <LoadError error={list.error} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <Spinner />
          ) : list.data.data.length === 0 ? (
            <div className="admin-state">
              <p>{filtered ? <Trans>No account matches these filters.</Trans> : <Trans>There are no accounts here yet.</Trans>}</p>
            </div>
          ) : (
            <>
              <UsersTable
                role={role}
                users={list.data.data}
                caption={tableCaption}
                params={params}
                onSort={(sort, order) => update({ sort, order })}
                extra={extraColumn}
              />
              <Pagination
                showRange
                page={list.data.meta.page}
                pageSize={list.data.meta.page_size}
                total={list.data.meta.total}
                onPage={(page) => update({ page })}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
