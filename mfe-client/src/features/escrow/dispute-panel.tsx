import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { FormAlert, useForm } from 'shared/forms';
import { DISPUTE_MESSAGE_MAX, DisputeMessageFormSchema } from 'shared/schemas';
import { useFormatters } from '../common/reference';
import type { ContractView as Contract, DisputeView as Dispute } from 'shared/contract';
import { postDisputeMessage } from './api/disputes';
import { DisputeDeadlines } from './dispute-deadlines';
import { useEscrowLabels } from './escrow-labels';
import { FileLinks } from './file-links';
import { TextAreaField } from './text-area-field';

const MESSAGE_MAX = DISPUTE_MESSAGE_MAX;

interface DisputePanelProps {
  contract: Contract;
  dispute: Dispute;
  onChange: (dispute: Dispute) => void;
}

/** The open dispute: where it stands, its deadlines, the conversation, and a way for a party to add to it. */
export function DisputePanel({ contract, dispute, onChange }: DisputePanelProps) {
  const { t } = useLingui();
  const format = useFormatters();
  const labels = useEscrowLabels();
  const form = useForm({
    initialValues: { body: '' },
    schema: DisputeMessageFormSchema,
    onError: (error) => {
      form.setFormError(
        isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : t`The message could not be sent. Try again.`,
      );
      return true;
    },
  });
  const sending = form.submitting;
  const body = form.field('body');
  const held = format.money(dispute.held_amount, contract.currency);
  const openerRole = labels.party(dispute.opened_by.role);
  const opener = dispute.opened_by.name;
  const party = contract.my_role === 'client' || contract.my_role === 'contractor';
  const status = dispute.status === 'open' ? t`Open: waiting for an answer` : dispute.status === 'mediation' ? t`In mediation` : t`Resolved`;

  const send = form.handleSubmit(async ({ body: text }) => {
    onChange(await postDisputeMessage(dispute.id, text));
    form.setValue('body', '');
  });

  return (
    <section className="ui-card client-panel escrow-dispute" aria-labelledby="escrow-dispute-title">
      <h2 id="escrow-dispute-title">
        <Trans>
          Dispute about milestone {dispute.milestone_position}: {dispute.milestone_title}
        </Trans>
      </h2>
      <p>
        <span className="client-badge escrow-badge--frozen">{status}</span>
      </p>
      <p>
        <Trans>
          Opened by {opener} ({openerRole}). Amount held until it is resolved: {held}.
        </Trans>
      </p>
      <blockquote className="escrow-quote client-pre">{dispute.reason}</blockquote>
      <DisputeDeadlines dispute={dispute} />
      <FileLinks files={dispute.evidence} label={t`Evidence`} />
      <div className="client-panel__section">
        <h3>
          <Trans>Messages</Trans>
        </h3>
        {dispute.messages.length === 0 ? (
          <p className="client-muted">
            <Trans>No message yet.</Trans>
          </p>
        ) : (
          <ol className="escrow-messages" aria-live="polite">
            {dispute.messages.map((message) => (
              <li key={message.id} className={`escrow-message escrow-message--${message.author.role}`}>
                <p className="escrow-message__meta">
                  <strong>{message.author.name}</strong> <span className="client-muted">{labels.party(message.author.role)}</span>{' '}
                  <time className="client-muted" dateTime={message.at}>
                    {format.date(message.at)}
                  </time>
                </p>
                <p className="client-pre">{message.body}</p>
              </li>
            ))}
          </ol>
        )}
        {party && dispute.status !== 'resolved' && (
          <form className="escrow-form" ref={form.formRef} noValidate onSubmit={send}>
            <TextAreaField
              label={t`Your message`}
              name="dispute-message"
              value={body.value}
              onChange={body.onChange}
              onBlur={body.onBlur}
              errors={body.errors}
              maxLength={MESSAGE_MAX}
              disabled={sending}
              rows={3}
            />
            {form.formError && <FormAlert>{form.formError}</FormAlert>}
            <div className="escrow-form__actions">
              <button type="submit" className="ui-button" disabled={sending}>
                {sending ? t`Sending…` : t`Send the message`}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
