import { useAtomValue } from 'jotai';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { hasPermission } from 'shared/permissions';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import type { Me } from 'shared/contract';
import { clientUserAtom } from 'shared/session';
import { useReferenceNames } from '../common/reference';
import { Pagination } from 'shared/ui';
import { EmptyState, ErrorState, Skeleton } from '../common/states';
import { listProjects } from '../common/api/list-projects';
import { ProjectCard } from './project-card';
import { getOwnProfile } from '../common/api/specialist-profile';
import { isExpert, isSpecialist } from '../common/roles';
import { useFilterParams } from '../common/use-filter-params';
import { CategoryOptions } from '../common/category-options';

const PAGE_SIZE = 12;

/** A client's projects or, for a specialist, the requests that reach them (docs/product.md §1 "Projects"). */
export function ProjectsPage() {
  const user = useAtomValue(clientUserAtom);
  if (!user) return null;
  return <ProjectsList user={user} />;
}

function ProjectsList({ user }: { user: Me }) {
  const { t } = useLingui();
  const names = useReferenceNames();
  const { get, page, update } = useFilterParams();
  const specialist = isSpecialist(user);
  const expert = isExpert(user);
  const canCreate = hasPermission(user, 'CAN_CREATE_PROJECT');
  const status = get('status');
  const category = get('category');
  const q = get('q');
  // An unverified specialist gets an explanation, not an empty list that looks like a quiet market.
  // `/auth/me` says so once verified; otherwise the profile answers freshly (verification may have just happened).
  const verifiedOnMe = user.verified;
  const askProfile = specialist && !verifiedOnMe;
  const verification = useQuery({
    queryKey: queryKeys.specialists.own(),
    queryFn: ({ signal }) => getOwnProfile(signal),
    enabled: askProfile,
    staleTime: 0,
  });
  const blocked = askProfile && verification.data?.verified === false;
  const checking = askProfile && verification.isPending;
  const query = { status, category, q, page, page_size: PAGE_SIZE };
  const projects = useQuery({
    queryKey: queryKeys.projects.list(query),
    queryFn: ({ signal }) => listProjects(query, signal),
    placeholderData: keepPreviousData,
  });

  const filtered = Boolean(status || category || q);

  return (
    <section className="ui-page ui-container client-page">
      <header className="client-page__header">
        <h1>{specialist ? <Trans>Requests</Trans> : expert ? <Trans>Projects you inspect</Trans> : <Trans>Projects</Trans>}</h1>
        {canCreate && (
          <Link className="ui-button ui-button--accent" to={pathFor('main.create')}>
            <Trans>Post a project</Trans>
          </Link>
        )}
      </header>
      {blocked ? (
        <EmptyState title={<Trans>Your account is being verified</Trans>}>
          <Trans>Requests arrive once it is. We will let you know by e-mail and in your notifications.</Trans>
        </EmptyState>
      ) : (
        <>
          <form className="client-filters" role="search" aria-label={t`Filter projects`} onSubmit={(event) => event.preventDefault()}>
            <label className="client-filters__field">
              <span>{t`Search`}</span>
              <input className="ui-field__input" type="search" defaultValue={q} onChange={(event) => update('q', event.target.value.trim())} />
            </label>
            <label className="client-filters__field">
              <span>{t`Status`}</span>
              <select className="ui-field__input" value={status} onChange={(event) => update('status', event.target.value)}>
                <option value="">{t`All statuses`}</option>
                {names.book?.project_statuses.map((item) => (
                  <option key={item.code} value={item.code}>
                    {item.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="client-filters__field">
              <span>{t`Category`}</span>
              <select className="ui-field__input" value={category} onChange={(event) => update('category', event.target.value)}>
                <option value="">{t`All categories`}</option>
                <CategoryOptions />
              </select>
            </label>
          </form>
          {checking ? (
            <Skeleton count={3} />
          ) : projects.status === 'error' ? (
            <ErrorState error={projects.error} onRetry={() => void projects.refetch()} />
          ) : projects.isPending ? (
            <Skeleton count={3} />
          ) : projects.data && projects.data.data.length > 0 ? (
            <>
              <p className="client-page__count" aria-live="polite">
                <Trans>{projects.data.meta.total} found</Trans>
              </p>
              <ul className="client-grid" aria-busy={projects.isFetching}>
                {projects.data.data.map((project) => (
                  <li key={project.id}>
                    <ProjectCard project={project} />
                  </li>
                ))}
              </ul>
              <Pagination page={page} pageSize={PAGE_SIZE} total={projects.data.meta.total} onPage={(next) => update('page', String(next))} />
            </>
          ) : filtered ? (
            <EmptyState title={<Trans>Nothing matches these filters</Trans>}>
              <Trans>Try another status or category, or clear the search.</Trans>
            </EmptyState>
          ) : expert ? (
            <EmptyState title={<Trans>No project to inspect yet</Trans>}>
              <Trans>When the Fundament team assigns you to a contract, its project appears here with its plans and documents.</Trans>
            </EmptyState>
          ) : specialist ? (
            <EmptyState title={<Trans>No requests yet</Trans>}>
              <Trans>Requests in your trades and area appear here. Check your services on the dashboard.</Trans>
            </EmptyState>
          ) : (
            <EmptyState
              title={<Trans>You have no projects yet</Trans>}
              action={
                canCreate ? (
                  <Link className="ui-button ui-button--accent" to={pathFor('main.create')}>
                    <Trans>Post your first project</Trans>
                  </Link>
                ) : undefined
              }
            >
              <Trans>Describe your work, add plans or photos, and verified specialists will send you quotes.</Trans>
            </EmptyState>
          )}
        </>
      )}
    </section>
  );
}
