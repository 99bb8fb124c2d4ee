import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { adminCalls } from '../common/api/admin-api';
import type { UserRole } from 'shared/contract';

/** Counts at the top of a dashboard; verification only concerns specialists. */
export function SummaryStrip({ role }: { role: UserRole }) {
  const { t } = useLingui();
  const summary = useQuery({ queryKey: queryKeys.admin.users.summary(role), queryFn: ({ signal }) => adminCalls.summary(role, signal) });
  const items = [
    { key: 'total', label: t`Accounts`, value: summary.data?.total },
    { key: 'new', label: t`New this week`, value: summary.data?.new_this_week },
    ...(role === 'clients' ? [] : [{ key: 'awaiting', label: t`Awaiting verification`, value: summary.data?.awaiting_verification }]),
    { key: 'suspended', label: t`Suspended`, value: summary.data?.suspended },
  ];
  return (
    <section className="admin-summary" aria-label={t`Summary`}>
      {summary.error ? (
        <p className="admin-summary__error">
          <Trans>The summary is not available right now.</Trans>{' '}
          <button type="button" className="admin-link-button" onClick={() => void summary.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : (
        <dl className="admin-summary__list">
          {items.map((item) => (
            <div key={item.key} className={`admin-summary__item admin-summary__item--${item.key}`}>
              <dt>{item.label}</dt>
              <dd aria-busy={item.value === undefined}>{item.value ?? '…'}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
