import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { MessageReasonSchema } from 'shared/contract';
import { SOMETHING_WENT_WRONG } from 'shared/ui';
import { reportMessage } from './api/message-actions';
import { refusal } from './composer';
import { issueTexts } from './conversation-labels';

/**
 * Reports a message to the admins with a reason: a modal whose text area
 * takes the focus, Escape or Cancel closes it and the focus goes back to the
 * button that opened it.
 */
export function ReportDialog({
  conversationId,
  messageId,
  onClose,
  onReported,
}: {
  conversationId: string;
  messageId: string;
  onClose: () => void;
  onReported: () => void;
}) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    textRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(MessageReasonSchema, { reason });
    if (!parsed.success) {
      setProblems(issueTexts(parsed.issues, i18n));
      textRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await reportMessage(conversationId, messageId, parsed.output.reason);
      onReported();
    } catch (error) {
      setProblems(refusal(error, i18n._(SOMETHING_WENT_WRONG)));
      setBusy(false);
    }
  };

  return (
    // A press on the backdrop closes, as Escape and Cancel do for the keyboard.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="conversation-dialog" onMouseDown={(event) => event.target === event.currentTarget && !busy && onClose()}>
      <form
        className="conversation-dialog__panel ui-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <h2 id={titleId} className="conversation-dialog__title">
          <Trans>Report this message</Trans>
        </h2>
        <p className="client-muted">
          <Trans>The Fundament team reads it and may hide the message. The sender is not told who reported it.</Trans>
        </p>
        <label htmlFor={fieldId} className="ui-field__label">
          {t`Why are you reporting it?`}
        </label>
        <textarea
          id={fieldId}
          ref={textRef}
          className="client-textarea"
          rows={4}
          maxLength={500}
          value={reason}
          aria-invalid={problems.length > 0 || undefined}
          disabled={busy}
          onChange={(event) => setReason(event.target.value)}
        />
        {problems.length > 0 && (
          <div className="ui-field__errors" role="alert">
            {problems.map((problem) => (
              <p key={problem} className="ui-field__error">
                {problem}
              </p>
            ))}
          </div>
        )}
        <div className="conversation-dialog__actions">
          <button type="button" className="ui-button ui-button--ghost" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="ui-button" disabled={busy}>
            <Trans>Send the report</Trans>
          </button>
        </div>
      </form>
    </div>
  );
}
