import { useState } from 'react';
import * as v from 'valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGE_MAX_LENGTH, MessageEditSchema, PARTICIPANT_ROLE_LABELS, type ConversationMessage } from 'shared/contract';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { AttachmentList } from './attachment-view';
import { deleteMessage, editMessage, setPinned } from './api/message-actions';
import { refusal } from './composer';
import { formatTime, issueTexts } from './conversation-labels';
import { ReportDialog } from './report-dialog';

interface MessageItemProps {
  conversationId: string;
  message: ConversationMessage;
  own: boolean;
  /** The current time: edit and delete show only while `editable_until` is ahead of it. */
  now: number;
  /** Pinning as evidence is for the contract's conversation. */
  canPin: boolean;
  canWrite: boolean;
  /** The other party has read it: "Seen" under the reader's last such message. */
  seen: boolean;
  onChanged: () => Promise<unknown> | void;
}

/** One message: who wrote it and as what, its text or what became of it, its files, and what the reader may do with it. */
export function MessageItem({ conversationId, message, own, now, canPin, canWrite, seen, onChanged }: MessageItemProps) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.body);
  const [problems, setProblems] = useState<string[]>([]);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const editable =
    own && canWrite && !message.deleted && !message.hidden && message.editable_until !== null && Date.parse(message.editable_until) > now;
  const gone = message.deleted || message.hidden;

  const run = async (action: () => Promise<void>, after?: () => void) => {
    setBusy(true);
    try {
      await action();
      after?.();
      await onChanged();
    } catch (error) {
      const [problem] = refusal(error, i18n._(SOMETHING_WENT_WRONG));
      notify.error(problem ?? i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
    }
  };

  const saveEdit = async () => {
    const parsed = v.safeParse(MessageEditSchema, { body: draft });
    if (!parsed.success) {
      setProblems(issueTexts(parsed.issues, i18n));
      return;
    }
    setProblems([]);
    await run(
      () => editMessage(conversationId, message.id, parsed.output.body),
      () => setEditing(false),
    );
  };

  return (
    <article
      className={`conversation-message${own ? ' is-own' : ''}${message.pinned ? ' is-pinned' : ''}`}
      aria-label={t`Message from ${message.sender.name}`}
    >
      <header className="conversation-message__head">
        <span className="conversation-message__sender">{own ? <Trans>You</Trans> : message.sender.name}</span>
        <span className="conversation-message__role">{i18n._(PARTICIPANT_ROLE_LABELS[message.sender.role])}</span>
        <time className="conversation-message__time" dateTime={message.created_at}>
          {formatTime(message.created_at, i18n.locale)}
        </time>
        {message.pinned && (
          <span className="conversation-message__flag">
            <Trans>Pinned as evidence</Trans>
          </span>
        )}
      </header>
      {message.hidden ? (
        <p className="conversation-message__gone">
          <Trans>This message was hidden by an admin.</Trans>
        </p>
      ) : message.deleted ? (
        <p className="conversation-message__gone">
          <Trans>This message was deleted.</Trans>
        </p>
      ) : editing ? (
        <div className="conversation-message__edit">
          <label className="ui-visually-hidden" htmlFor={`edit-${message.id}`}>
            {t`Edit your message`}
          </label>
          <textarea
            id={`edit-${message.id}`}
            className="client-textarea"
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            value={draft}
            disabled={busy}
            aria-invalid={problems.length > 0 || undefined}
            onChange={(event) => setDraft(event.target.value)}
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
          <div className="conversation-message__actions">
            <button type="button" className="ui-button" disabled={busy} onClick={() => void saveEdit()}>
              <Trans>Save</Trans>
            </button>
            <button
              type="button"
              className="ui-button ui-button--ghost"
              disabled={busy}
              onClick={() => {
                setEditing(false);
                setDraft(message.body);
                setProblems([]);
              }}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </div>
      ) : (
        message.body && <p className="conversation-message__body">{message.body}</p>
      )}
      {!gone && <AttachmentList attachments={message.attachments} />}
      <footer className="conversation-message__foot">
        {message.edited_at && !gone && (
          <span className="conversation-message__note">
            <Trans>edited</Trans>
          </span>
        )}
        {own && seen && (
          <span className="conversation-message__note conversation-message__seen">
            <Trans>Seen</Trans>
          </span>
        )}
        {message.reported && (
          <span className="conversation-message__note">
            <Trans>Reported</Trans>
          </span>
        )}
      </footer>
      {!editing && (
        <div className="conversation-message__actions">
          {editable && !confirmingDelete && (
            <>
              <button type="button" className="conversation-link" disabled={busy} onClick={() => setEditing(true)}>
                <Trans>Edit</Trans>
              </button>
              <button type="button" className="conversation-link" disabled={busy} onClick={() => setConfirmingDelete(true)}>
                <Trans>Delete</Trans>
              </button>
            </>
          )}
          {editable && confirmingDelete && (
            <span className="conversation-message__confirm" role="group" aria-label={t`Delete this message?`}>
              <span>
                <Trans>Delete this message?</Trans>
              </span>
              <button
                type="button"
                className="conversation-link conversation-link--danger"
                disabled={busy}
                onClick={() =>
                  void run(
                    () => deleteMessage(conversationId, message.id),
                    () => setConfirmingDelete(false),
                  )
                }
              >
                <Trans>Yes, delete</Trans>
              </button>
              <button type="button" className="conversation-link" disabled={busy} onClick={() => setConfirmingDelete(false)}>
                <Trans>Keep it</Trans>
              </button>
            </span>
          )}
          {canPin && !gone && (
            <button
              type="button"
              className="conversation-link"
              disabled={busy}
              onClick={() => void run(() => setPinned(conversationId, message.id, !message.pinned))}
            >
              {message.pinned ? <Trans>Unpin</Trans> : <Trans>Pin as evidence</Trans>}
            </button>
          )}
          {!own && !gone && !message.reported && (
            <button type="button" className="conversation-link" disabled={busy} onClick={() => setReporting(true)}>
              <Trans>Report…</Trans>
            </button>
          )}
        </div>
      )}
      {reporting && (
        <ReportDialog
          conversationId={conversationId}
          messageId={message.id}
          onClose={() => setReporting(false)}
          onReported={() => {
            setReporting(false);
            notify.success(t`Thank you. The Fundament team will look at this message.`);
            void onChanged();
          }}
        />
      )}
    </article>
  );
}
