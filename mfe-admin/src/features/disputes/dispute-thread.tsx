import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { SOMETHING_WENT_WRONG } from 'shared/ui';
import { escrowCalls } from '../api/escrow-api';
import type { DisputeView } from 'shared/contract';
import { PARTY_ROLE_LABELS } from '../common/escrow-labels';
import { formatDateTime } from '../common/format';
import { serverMessage } from '../common/server-message';

const MAX_LENGTH = 2000;

/** The messages between the parties and the admin, oldest first, and the admin's reply form. */
export function DisputeThread({ dispute, onChange }: { dispute: DisputeView; onChange: (dispute: DisputeView) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const closed = dispute.status === 'resolved';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) {
      setError(t`Please write a message.`);
      return;
    }
    setSending(true);
    setError(null);
    try {
      onChange(await escrowCalls.postMessage(dispute.id, text));
      setBody('');
    } catch (failure) {
      setError((isApiError(failure) && failure.fieldError('body')) || serverMessage(failure) || t(SOMETHING_WENT_WRONG));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="admin-history" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section-title">
        <Trans>Messages</Trans>
      </h2>
      {dispute.messages.length === 0 ? (
        <p className="admin-muted">
          <Trans>No message yet.</Trans>
        </p>
      ) : (
        <ol className="admin-audit admin-thread" aria-live="polite">
          {dispute.messages.map((message) => (
            <li key={message.id} className={`admin-audit__entry admin-thread__message admin-thread__message--${message.author.role}`}>
              <p className="admin-audit__meta">
                <strong>{message.author.name}</strong> ({t(PARTY_ROLE_LABELS[message.author.role])}) ·{' '}
                <time dateTime={message.at}>{formatDateTime(message.at, i18n.locale)}</time>
              </p>
              <p className="admin-prose">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      {!closed && (
        <form className="admin-form" onSubmit={submit} noValidate>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-body`}>
              <Trans>Your message to both parties</Trans>
            </label>
            <textarea
              id={`${id}-body`}
              className="ui-field__input admin-textarea"
              value={body}
              maxLength={MAX_LENGTH}
              required
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setBody(event.target.value)}
            />
            {error && (
              <p className="ui-field__error" id={`${id}-error`} role="alert">
                {error}
              </p>
            )}
          </div>
          <div className="admin-form__actions">
            <button type="submit" className="ui-button" disabled={sending}>
              {sending ? t`Sending…` : t`Send message`}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
