import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from 'shared/api';
import { Spinner } from 'shared/ui';
import { formatDateTime } from '../common/format';
import { LoadError } from '../common/load-error';
import { useLoad } from '../common/use-load';
import { fetchOutbox, type OutboxMessage } from './outbox-api';
import '../common/styles';
import './outbox.css';

/**
 * The text of an e-mail, with links to this site followable (the verification
 * and reset links of a demo). Links elsewhere stay text: an admin should not
 * follow an address someone typed into a mail.
 */
function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <pre className="admin-outbox__text">
      {parts.map((part, index) => {
        if (index % 2 === 0) return part;
        let ours = false;
        try {
          ours = new URL(part).origin === window.location.origin;
        } catch {
          ours = false;
        }
        return ours ? (
          <a key={index} href={part} target="_blank" rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        );
      })}
    </pre>
  );
}

function MailItem({ message }: { message: OutboxMessage }) {
  const { i18n } = useLingui();
  return (
    <li className="admin-outbox__item">
      <details>
        <summary className="admin-outbox__summary">
          <span className="admin-outbox__subject">{message.subject}</span>
          <span className="admin-outbox__to">{message.to}</span>
          <time dateTime={message.created_at}>{formatDateTime(message.created_at, i18n.locale)}</time>
        </summary>
        <MailText text={message.text} />
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
  const mail = useLoad(`outbox:${to}`, () => fetchOutbox(to));

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
              With no mail server configured, e-mail is kept here instead of being sent: verification and reset links
              included, so only admins see it.
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
        <section className="admin-results" aria-busy={mail.loading} aria-label={t`Outbox messages`}>
          {noOutbox ? (
            <div className="admin-state">
              <p>
                <Trans>E-mail goes through a mail server: none is kept here.</Trans>
              </p>
            </div>
          ) : mail.error ? (
            <LoadError error={mail.error} onRetry={mail.reload} />
          ) : !mail.data || mail.loading ? (
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
