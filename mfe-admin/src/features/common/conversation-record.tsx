import { useEffect, useId, useState, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { PARTICIPANT_ROLE_LABELS, type AdminConversation, type AdminConversationMessage, type MessageAttachment } from 'shared/contract';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { conversationCalls } from './api/conversations-api';
import { formatBytes, formatDateTime } from './format';
import { saveBlob } from './save-blob';
import './conversation.css';

type Filter = 'all' | 'pinned';

/** Where a message sits on a page, so a report can link straight to it. */
export const messageAnchor = (messageId: string) => `message-${messageId}`;

/** A photo shown small, fetched with the admin token (an <img> cannot send it); nothing while it loads or when it fails. */
function Thumbnail({ file }: { file: MessageAttachment }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    conversationCalls
      .attachment(file.download_url)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file.download_url]);
  return url ? <img className="admin-message__thumbnail" src={url} alt="" /> : null;
}

function Attachments({ files }: { files: MessageAttachment[] }) {
  const { t, i18n } = useLingui();
  const download = async (file: MessageAttachment) => {
    try {
      saveBlob(await conversationCalls.attachment(file.download_url), file.file_name);
    } catch {
      notify.error(t(SOMETHING_WENT_WRONG));
    }
  };
  return (
    <ul className="admin-message__files">
      {files.map((file) => (
        <li key={file.id}>
          <button type="button" className="admin-link-button admin-message__file" onClick={() => download(file)}>
            {file.content_type.startsWith('image/') && <Thumbnail file={file} />}
            <span>
              <span className="ui-visually-hidden">
                <Trans>Download</Trans>{' '}
              </span>
              {file.file_name}
            </span>
          </button>{' '}
          <span className="admin-muted">({formatBytes(file.size_bytes, i18n.locale)})</span>
        </li>
      ))}
    </ul>
  );
}

/** One message as the admin reads it: what the parties see, and what they no longer see (hidden or deleted). */
export function RecordedMessage({ message, actions }: { message: AdminConversationMessage; actions?: ReactNode }) {
  const { t, i18n } = useLingui();
  const sentAt = formatDateTime(message.created_at, i18n.locale);
  const reports = message.reports;
  const reason = message.hidden_reason ?? '';
  const senderName = message.sender.name;
  const classes = ['admin-message', message.pinned && 'admin-message--pinned', message.hidden && 'admin-message--hidden'].filter(Boolean).join(' ');
  return (
    <article className={classes} aria-label={t`Message from ${senderName}`}>
      <header className="admin-message__head">
        <p className="admin-message__meta">
          <strong>{message.sender.name}</strong> ({t(PARTICIPANT_ROLE_LABELS[message.sender.role])}) ·{' '}
          <time dateTime={message.created_at}>{sentAt}</time>
        </p>
        <span className="admin-badges">
          {message.pinned && (
            <span className="admin-badge admin-badge--pinned">
              <Trans>Pinned as evidence</Trans>
            </span>
          )}
          {message.edited_at && (
            <span className="admin-badge">
              <Trans>Edited</Trans>
            </span>
          )}
          {message.deleted && (
            <span className="admin-badge">
              <Trans>Deleted by its author</Trans>
            </span>
          )}
          {reports > 0 && (
            <span className="admin-badge admin-badge--pending">
              <Plural value={reports} one="Reported once" other="Reported # times" />
            </span>
          )}
        </span>
      </header>
      {message.hidden && (
        <p className="admin-notice admin-notice--danger">
          {reason ? <Trans>Hidden from the parties: {reason}</Trans> : <Trans>Hidden from the parties.</Trans>}
        </p>
      )}
      {message.body ? (
        <p className="admin-prose admin-message__body">{message.body}</p>
      ) : (
        message.attachments.length === 0 && (
          <p className="admin-muted">
            <Trans>No text.</Trans>
          </p>
        )
      )}
      {message.attachments.length > 0 && <Attachments files={message.attachments} />}
      {actions && <div className="admin-message__actions">{actions}</div>}
    </article>
  );
}

interface ConversationRecordProps {
  conversation: AdminConversation;
  /** The heading's level follows the page it sits in. */
  heading?: 'h2' | 'h3';
  title?: ReactNode;
  /** Links or buttons beside the title. */
  headerActions?: ReactNode;
  /** What the admin can do with one message (hide it), when the page offers it. */
  messageActions?: (message: AdminConversationMessage) => ReactNode;
}

/** A conversation between a project's parties, read-only and complete, oldest first; the pinned messages can be read alone. */
export function ConversationRecord({ conversation, heading: Heading = 'h2', title, headerActions, messageActions }: ConversationRecordProps) {
  const { t } = useLingui();
  const id = useId();
  const [filter, setFilter] = useState<Filter>('all');
  const messages = conversation.messages;
  const pinned = messages.filter((message) => message.pinned);
  const shown = filter === 'pinned' ? pinned : messages;
  const allCount = messages.length;
  const pinnedCount = pinned.length;

  return (
    <section className="admin-conversation" aria-labelledby={`${id}-title`}>
      <div className="admin-conversation__head">
        <Heading id={`${id}-title`} className="admin-section-title">
          {title ?? <Trans>Conversation</Trans>}
        </Heading>
        {headerActions}
      </div>
      {conversation.participants.length > 0 && (
        <p className="admin-muted admin-conversation__participants">
          {conversation.participants.map((participant, index) => (
            <span key={participant.id}>
              {index > 0 && ' · '}
              {participant.name} ({t(PARTICIPANT_ROLE_LABELS[participant.role])})
            </span>
          ))}
        </p>
      )}
      {allCount === 0 ? (
        <p className="admin-muted">
          <Trans>The parties have not written to each other yet.</Trans>
        </p>
      ) : (
        <>
          <div className="admin-conversation__filter" role="group" aria-label={t`Messages shown`}>
            <button type="button" className="admin-chip" aria-pressed={filter === 'all'} onClick={() => setFilter('all')}>
              <Trans>All messages ({allCount})</Trans>
            </button>
            <button type="button" className="admin-chip" aria-pressed={filter === 'pinned'} onClick={() => setFilter('pinned')}>
              <Trans>Pinned as evidence ({pinnedCount})</Trans>
            </button>
          </div>
          {shown.length === 0 ? (
            <p className="admin-muted">
              <Trans>No message is pinned as evidence.</Trans>
            </p>
          ) : (
            <ol className="admin-conversation__messages" aria-label={filter === 'pinned' ? t`Pinned messages` : t`Messages`}>
              {shown.map((message) => (
                <li key={message.id} id={messageAnchor(message.id)}>
                  <RecordedMessage message={message} actions={messageActions?.(message)} />
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
