import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from 'shared/ui';
import { escrowCalls } from '../common/api/escrow-api';
import { DISPUTE_STATUSES, type DisputeStatus } from 'shared/contract';
import { LoadError } from '../common/load-error';
import '../common/styles';
import { DisputesTable } from './disputes-table';

type Tab = DisputeStatus | 'all';

/** The dispute queue, one status at a time (open first); the chosen status lives in the URL. */
export function DisputesPage() {
  const { t } = useLingui();
  const [search] = useSearchParams();
  const asked = search.get('status') as Tab | null;
  const tab: Tab = asked === 'all' || (asked && DISPUTE_STATUSES.includes(asked)) ? asked : 'open';
  const list = useQuery({
    queryKey: queryKeys.admin.escrow.disputes(tab),
    queryFn: ({ signal }) => escrowCalls.disputes(tab === 'all' ? '' : tab, signal),
    placeholderData: keepPreviousData,
  });
  const tabs: { value: Tab; label: string }[] = [
    { value: 'open', label: t`Open` },
    { value: 'mediation', label: t`In mediation` },
    { value: 'resolved', label: t`Resolved` },
    { value: 'all', label: t`All` },
  ];

  return (
    <div className="ui-page">
      <div className="ui-container admin-page">
        <header className="admin-page__header">
          <h1 className="admin-page__title">
            <Trans>Disputes</Trans>
          </h1>
          <p className="admin-page__intro">
            <Trans>
              A dispute freezes its contract. The other party has 14 days to answer; arbitration runs from 6 weeks to 3 months after the dispute was
              opened.
            </Trans>
          </p>
        </header>
        <nav aria-label={t`Dispute status`}>
          <ul className="admin-tabs">
            {tabs.map((item) => (
              <li key={item.value}>
                <Link
                  to={{ search: item.value === 'open' ? '' : `?status=${item.value}` }}
                  className={`admin-tabs__link${item.value === tab ? ' admin-tabs__link--current' : ''}`}
                  aria-current={item.value === tab ? 'page' : undefined}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="admin-results" aria-busy={list.isFetching} aria-label={t`Dispute queue`}>
          {list.error ? (
            <LoadError error={list.error} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <Spinner />
          ) : list.data.length === 0 ? (
            <div className="admin-state">
              <p>
                <Trans>No dispute here.</Trans>
              </p>
            </div>
          ) : (
            <DisputesTable disputes={list.data} caption={t`Disputes`} />
          )}
        </section>
      </div>
    </div>
  );
}
