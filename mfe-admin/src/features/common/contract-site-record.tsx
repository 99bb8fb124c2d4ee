import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { dateTimeFormat } from 'shared/i18n';
import { Money, Spinner } from 'shared/ui';
import type { ChangeOrderStatus, SitePhoto } from 'shared/contract';
import { escrowCalls } from './api/escrow-api';
import { formatDate, formatDateTime } from './format';
import { LoadError } from './load-error';
import { ContractFiles } from './contract-files';

/** A timeline photo, fetched with the admin token. */
function AdminPhoto({ contractId, photo }: { contractId: string; photo: SitePhoto }) {
  const { t, i18n } = useLingui();
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    escrowCalls
      .file(contractId, photo.id)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (live) setSource(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [contractId, photo.id]);
  const at = photo.captured_at
    ? `${dateTimeFormat(i18n.locale || 'en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(photo.captured_at))} UTC`
    : null;
  return (
    <figure className="admin-site-photo">
      {source ? (
        <img src={source} alt={photo.file_name} />
      ) : (
        <span className="admin-site-photo__placeholder" role="img" aria-label={photo.file_name} />
      )}
      <figcaption>
        {at ? t`Taken ${at}` : t`No capture time in the photo`}
        {photo.latitude !== null && photo.longitude !== null && (
          <span className="admin-muted">
            {' '}
            · {photo.latitude.toFixed(5)}, {photo.longitude.toFixed(5)}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

/** The contract's site record as the parties wrote it: change orders, the dated timeline and the chain's head. Read-only. */
export function ContractSiteRecord({ contractId, currency }: { contractId: string; currency: string }) {
  const { t, i18n } = useLingui();
  const record = useQuery({
    queryKey: queryKeys.admin.escrow.siteRecord(contractId),
    queryFn: ({ signal }) => escrowCalls.siteRecord(contractId, signal),
  });
  const status: Record<ChangeOrderStatus, string> = {
    proposed: t({ message: 'Waiting for an answer', context: 'change order' }),
    approved: t({ message: 'Approved', context: 'change order' }),
    declined: t({ message: 'Declined', context: 'change order' }),
    expired: t({ message: 'Expired', context: 'change order' }),
  };
  if (record.error && !record.data) return <LoadError error={record.error} onRetry={() => void record.refetch()} />;
  if (!record.data) return <Spinner label={t`Loading the site record…`} />;
  const { change_orders: orders, daily_logs: logs, chain } = record.data;
  const seq = chain.seq;
  return (
    <section className="ui-card admin-site-record" aria-labelledby="site-record-title">
      <h2 id="site-record-title">
        <Trans>Site record</Trans>
      </h2>
      <p className="admin-site-record__chain">
        <Trans>
          Chain head: record no. {seq}, fingerprint <code>{chain.hash}</code>
        </Trans>
      </p>
      <h3>
        <Trans>Change orders</Trans>
      </h3>
      {orders.length === 0 ? (
        <p className="admin-muted">
          <Trans>No change orders.</Trans>
        </p>
      ) : (
        <ul className="admin-site-record__list">
          {orders.map((order) => (
            <li key={order.id}>
              <strong>{order.title}</strong> · {status[order.status]} · <Money amount={order.total_delta} currency={currency} />
              <p className="admin-muted">
                {order.proposed_by.name} · {formatDateTime(order.created_at, i18n.locale)}
                {order.new_end_date && <> · {t`New end date: ${formatDate(order.new_end_date, i18n.locale)}`}</>}
              </p>
              <p>{order.reason}</p>
              <ul>
                {order.lines.map((line, index) => (
                  <li key={index}>
                    {line.milestone_title}: <Money amount={line.amount_delta} currency={currency} />
                    {line.refunded > 0 && (
                      <>
                        {' '}
                        ({t`refunded`} <Money amount={line.refunded} currency={currency} />)
                      </>
                    )}
                  </li>
                ))}
              </ul>
              {order.attachments.length > 0 && <ContractFiles contractId={contractId} files={order.attachments} />}
            </li>
          ))}
        </ul>
      )}
      <h3>
        <Trans>Site log</Trans>
      </h3>
      {logs.length === 0 ? (
        <p className="admin-muted">
          <Trans>Nothing recorded yet.</Trans>
        </p>
      ) : (
        <ol className="admin-site-record__list">
          {logs.map((entry) => (
            <li key={entry.id}>
              <strong>{entry.author.name}</strong> · <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.locale)}</time>
              <p className="admin-site-record__body">{entry.body}</p>
              {entry.photos.length > 0 && (
                <div className="admin-site-record__photos">
                  {entry.photos.map((photo) => (
                    <AdminPhoto key={photo.id} contractId={contractId} photo={photo} />
                  ))}
                </div>
              )}
              {entry.annotations.map((note) => (
                <p key={note.id} className="admin-muted">
                  {note.author.name}: {note.body}
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
