import { useEffect, useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { Pagination, Spinner } from 'shared/ui';
import { adminCalls } from '../common/api/admin-api';
import { AuditList } from '../common/audit-list';
import { AUDIT_ACTIONS } from '../common/labels';
import { LoadError } from '../common/load-error';
import { userPath } from '../common/paths';
import '../common/styles';

const FIELDS = ['admin', 'action', 'target', 'from', 'to'] as const;
type Filters = Record<(typeof FIELDS)[number], string>;

/** Every admin action, newest first, with filters kept in the URL. */
export function AuditPage() {
  const { t } = useLingui();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(FIELDS.map((field) => [field, search.get(field) ?? ''])) as Filters;
  const pageParam = Number(search.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const [draft, setDraft] = useState<Filters>(filters);
  const filterKey = FIELDS.map((field) => filters[field]).join('|');
  // Follows the URL (back button, a link from an account) without resetting on each render.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- filters is a new object each render; its key says when it changed
  useEffect(() => setDraft(filters), [filterKey]);

  const admins = useQuery({ queryKey: queryKeys.admin.admins(), queryFn: ({ signal }) => adminCalls.admins(signal) });
  const entries = useQuery({
    queryKey: queryKeys.admin.audit({ ...filters, page }),
    queryFn: ({ signal }) => adminCalls.audit({ ...filters, page }, signal),
    placeholderData: keepPreviousData,
  });

  const apply = (next: Filters, nextPage = 1) => {
    const out = new URLSearchParams();
    for (const field of FIELDS) if (next[field]) out.set(field, next[field]);
    if (nextPage > 1) out.set('page', String(nextPage));
    setSearch(out);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...draft, target: draft.target.trim() });
  };
  const active = FIELDS.some((field) => filters[field]);

  return (
    <div className="ui-page">
      <div className="ui-container admin-page">
        <header className="admin-page__header">
          <h1 className="admin-page__title">
            <Trans>Audit trail</Trans>
          </h1>
          <p className="admin-page__intro">
            <Trans>Every action taken in the admin area: who, what, when, and the values before and after.</Trans>
          </p>
        </header>
        <form className="admin-filters" aria-label={t`Audit filters`} onSubmit={submit}>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-admin`}>
              <Trans>Admin</Trans>
            </label>
            <select
              id={`${id}-admin`}
              className="ui-field__input ui-field__select"
              value={draft.admin}
              onChange={(event) => setDraft({ ...draft, admin: event.target.value })}
            >
              <option value="">{t`All admins`}</option>
              {(admins.data?.data ?? []).map((admin) => (
                <option key={admin.id} value={admin.id}>
                  {admin.name}
                </option>
              ))}
            </select>
          </div>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-action`}>
              <Trans>Action</Trans>
            </label>
            <select
              id={`${id}-action`}
              className="ui-field__input ui-field__select"
              value={draft.action}
              onChange={(event) => setDraft({ ...draft, action: event.target.value })}
            >
              <option value="">{t`All actions`}</option>
              {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ))}
            </select>
          </div>
          <div className="ui-field admin-filters__search">
            <label className="ui-field__label" htmlFor={`${id}-target`}>
              <Trans>Account</Trans>
            </label>
            <input
              id={`${id}-target`}
              className="ui-field__input"
              type="search"
              placeholder={t`Name or email`}
              value={draft.target}
              onChange={(event) => setDraft({ ...draft, target: event.target.value })}
            />
          </div>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-from`}>
              <Trans context="date range">From</Trans>
            </label>
            <input
              id={`${id}-from`}
              className="ui-field__input"
              type="date"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
          </div>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-to`}>
              <Trans context="date range">To</Trans>
            </label>
            <input
              id={`${id}-to`}
              className="ui-field__input"
              type="date"
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            />
          </div>
          <div className="admin-filters__actions">
            <button type="submit" className="ui-button">
              <Trans>Apply</Trans>
            </button>
            {active && (
              <button
                type="button"
                className="ui-button ui-button--ghost"
                onClick={() => apply({ admin: '', action: '', target: '', from: '', to: '' })}
              >
                <Trans>Clear filters</Trans>
              </button>
            )}
          </div>
        </form>
        <section className="admin-results" aria-busy={entries.isFetching} aria-label={t`Audit entries`}>
          {entries.error ? (
            <LoadError error={entries.error} onRetry={() => void entries.refetch()} />
          ) : !entries.data ? (
            <Spinner />
          ) : entries.data.data.length === 0 ? (
            <div className="admin-state">
              {/* "These filters" only when some are set: an empty log says so plainly. */}
              <p>{active ? <Trans>No action matches these filters.</Trans> : <Trans>No admin action has been recorded yet.</Trans>}</p>
            </div>
          ) : (
            <>
              <AuditList entries={entries.data.data} showTarget targetPath={userPath} />
              <Pagination
                showRange
                page={entries.data.meta.page}
                pageSize={entries.data.meta.page_size}
                total={entries.data.meta.total}
                onPage={(next) => apply(filters, next)}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
