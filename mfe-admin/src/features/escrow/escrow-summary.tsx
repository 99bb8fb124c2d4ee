import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { Link } from 'react-router-dom';
import { pathFor } from 'shared/routing';
import { Money } from 'shared/ui';
import { escrowCalls } from '../common/api/escrow-api';

/** The money held in escrow per currency, and the counts that call for an admin. */
export function EscrowSummary() {
  const { t } = useLingui();
  const summary = useQuery({ queryKey: queryKeys.admin.escrow.summary(), queryFn: ({ signal }) => escrowCalls.summary(signal) });
  const data = summary.data;
  if (summary.error) {
    return (
      <section className="admin-summary" aria-label={t`Escrow summary`}>
        <p className="admin-summary__error">
          <Trans>The summary is not available right now.</Trans>{' '}
          <button type="button" className="admin-link-button" onClick={() => void summary.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      </section>
    );
  }
  const counts = [
    { key: 'active', label: t`Active contracts`, value: data?.active_contracts },
    { key: 'frozen', label: t`Frozen contracts`, value: data?.frozen_contracts },
    { key: 'disputes', label: t`Open disputes`, value: data?.open_disputes, to: pathFor('admin.disputes') },
    { key: 'awaiting', label: t`Contracts awaiting an expert`, value: data?.awaiting_expert, to: `${pathFor('admin.escrow')}?needs=expert` },
  ];
  return (
    <section className="admin-summary" aria-label={t`Escrow summary`}>
      <dl className="admin-summary__list">
        <div className="admin-summary__item admin-summary__item--held">
          <dt>
            <Trans>Funds held in escrow</Trans>
          </dt>
          <dd aria-busy={!data}>
            {!data ? (
              '…'
            ) : data.held.length === 0 ? (
              <Trans>Nothing held</Trans>
            ) : (
              <ul className="admin-held">
                {data.held.map((item) => (
                  <li key={item.currency}>
                    <Money amount={item.amount} currency={item.currency} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        {counts.map((item) => (
          <div key={item.key} className={`admin-summary__item admin-summary__item--${item.key}`}>
            <dt>{item.to && item.value ? <Link to={item.to}>{item.label}</Link> : item.label}</dt>
            <dd aria-busy={item.value === undefined}>{item.value ?? '…'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
