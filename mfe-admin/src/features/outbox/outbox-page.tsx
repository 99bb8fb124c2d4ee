import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from 'shared/api';
import type { OutboxMessage } from 'shared/contract';
import { Spinner } from 'shared/ui';
import { formatDateTime } from '../common/format';
import { LoadError } from '../common/load-error';
import { fetchOutbox } from './outbox-api';
import '../common/styles';
import './outbox.css';

/** The links to this site in an e-mail (verification, reset, confirmation): those an admin may pass on. */
function ownLinks(text: string): string[] {
  const links = text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  return links.filter((link) => {
    try {
      return new URL(link).origin === window.location.origin;
    } catch {
      return false;
    }
  });
}

function CopyLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="admin-outbox__link">
      <button
        type="button"
        className="ui-button ui-button--ghost"
        onClick={async () => {
          await navigator.clipboard.writeText(link);
          setCopied(true);
        }}
      >
        <Trans>Copy the link</Trans>
      </button>
      {copied && (
        <span role="status">
          <Trans>Link copied.</Trans>
        </span>
      )}
    </div>
  );
}

function MailItem({ message }: { message: OutboxMessage }) {
  const { i18n } = useLingui();
  const links = ownLinks(message.text);
  return (
    <li className="admin-outbox__item">
      <details>
        <summary className="admin-outbox__summary">
          <span className="admin-outbox__subject">{message.subject}</span>
          <span className="admin-outbox__to">{message.to}</span>
          <time dateTime={message.created_at}>{formatDateTime(message.created_at, i18n.locale)}</time>
        </summary>
        {/* Plain text, never live links: one opened here would meet this browser's admin session, which sends
            every visitor of a public page to the admin area, and another site's address is not ours to follow. */}
        <pre className="admin-outbox__text">{message.text}</pre>
        {links.length > 0 && (
          <div className="admin-outbox__links">
            <p>
              <Trans>The link is for the recipient: open it in a private window, or in another browser, where no admin is signed in.</Trans>
            </p>
            {links.map((link) => (
              <CopyLink key={link} link={link} />
            ))}
          </div>
        )}
      </details>
    </li>
  );
}

/** E-mail this instance kept instead of sending (no SMTP server configured): demos and tests read their links here. */
export function OutboxPage() {
  const { t } = useLingui();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const to = search.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const mail = useQuery({ queryKey: queryKeys.admin.outbox(to), queryFn: ({ signal }) => fetchOutbox(to, signal) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    setSearch(next ? { to: next } : {});
  };
  // 404: the outbox is off because e-mail goes through a mail server.
  const noOutbox = isApiError(mail.error) && mail.error.kind === 'http' && mail.error.status === 404;

  return (
    <div className="ui-page">
      <div className="ui-container admin-page">
        <header className="admin-page__header">
          <h1 className="admin-page__title">
            <Trans>Outbox</Trans>
          </h1>
          <p className="admin-page__intro">
            <Trans>
              With no mail server configured, e-mail is kept here instead of being sent: verification and reset links included, so only admins see it.
            </Trans>
          </p>
        </header>
        <form className="admin-filters" role="search" aria-label={t`Search the outbox`} onSubmit={submit}>
          <div className="ui-field admin-filters__search">
            <label className="ui-field__label" htmlFor={`${id}-to`}>
              <Trans>Recipient</Trans>
            </label>
            <input
              id={`${id}-to`}
              className="ui-field__input"
              type="search"
              inputMode="email"
              placeholder={t`Email address`}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
          <div className="admin-filters__actions">
            <button type="submit" className="ui-button">
              <Trans>Search</Trans>
            </button>
          </div>
        </form>
        <section className="admin-results" aria-busy={mail.isFetching} aria-label={t`Outbox messages`}>
          {noOutbox ? (
            <div className="admin-state">
              <p>
                <Trans>E-mail goes through a mail server: none is kept here.</Trans>
              </p>
            </div>
          ) : mail.error ? (
            <LoadError error={mail.error} onRetry={() => void mail.refetch()} />
          ) : !mail.data || mail.isFetching ? (
            <Spinner />
          ) : mail.data.data.length === 0 ? (
            <div className="admin-state">
              <p>{to ? <Trans>No e-mail to this address.</Trans> : <Trans>No e-mail has been kept yet.</Trans>}</p>
            </div>
          ) : (
            <ul className="admin-outbox" aria-label={t`E-mails`}>
              {mail.data.data.map((message) => (
                <MailItem key={message.id} message={message} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
