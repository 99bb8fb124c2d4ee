import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { Field, useForm } from 'shared/forms';
import { DISPUTE_MESSAGE_MAX, DisputeMessageFormSchema } from 'shared/schemas';
import { SOMETHING_WENT_WRONG } from 'shared/ui';
import { escrowCalls } from '../common/api/escrow-api';
import type { DisputeView } from 'shared/contract';
import { PARTY_ROLE_LABELS } from '../common/escrow-labels';
import { formatDateTime } from '../common/format';
import { serverMessage } from '../common/server-message';

/** The messages between the parties and the admin, oldest first, and the admin's reply form. */
export function DisputeThread({ dispute, onChange }: { dispute: DisputeView; onChange: (dispute: DisputeView) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const form = useForm({
    initialValues: { body: '' },
    schema: DisputeMessageFormSchema,
    // A refusal that is not about the text is still said under it, where the admin is looking.
    onError: (failure) => {
      form.setServerErrors({ body: [(isApiError(failure) && failure.fieldError('body')) || serverMessage(failure) || t(SOMETHING_WENT_WRONG)] });
      return true;
    },
  });
  const body = form.field('body');
  const closed = dispute.status === 'resolved';

  const submit = form.handleSubmit(async ({ body: text }) => {
    onChange(await escrowCalls.postMessage(dispute.id, text));
    form.setValue('body', '');
  });

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
        <form className="admin-form" ref={form.formRef} onSubmit={submit} noValidate>
          <Field label={<Trans>Your message to both parties</Trans>} name="body" errors={body.errors}>
            {(control) => (
              <textarea
                {...control}
                className="ui-field__input admin-textarea"
                value={body.value}
                maxLength={DISPUTE_MESSAGE_MAX}
                required
                onChange={(event) => body.onChange(event.target.value)}
                onBlur={body.onBlur}
              />
            )}
          </Field>
          <div className="admin-form__actions">
            <button type="submit" className="ui-button" disabled={form.submitting}>
              {form.submitting ? t`Sending…` : t`Send message`}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
