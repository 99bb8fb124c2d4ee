import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { clientUserAtom } from 'shared/session';
import { PARTICIPANT_ROLE_LABELS, type ConversationSummary } from 'shared/contract';
import { EmptyState, ErrorState, Skeleton } from '../common/states';
import { listConversations } from '../common/api/list-conversations';
import { formatListTime, othersOf } from './conversation-labels';

/** The reader's conversations, the latest activity first; `activeId` marks the one open beside it. */
export function ConversationList({ activeId }: { activeId?: string }) {
  const list = useQuery({ queryKey: queryKeys.conversations.list(), queryFn: ({ signal }) => listConversations(signal) });

  if (list.status === 'error' && !list.data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Skeleton count={4} variant="line" />;
  if (list.data.data.length === 0) {
    return (
      <EmptyState title={<Trans>No conversations yet</Trans>}>
        <Trans>
          Ask a question from a project’s page, or message a specialist beside their quote. Everything said here stays on the project’s record.
        </Trans>
      </EmptyState>
    );
  }
  return (
    <ul className="conversation-list">
      {list.data.data.map((conversation) => (
        <li key={conversation.id}>
          <ConversationRow conversation={conversation} active={conversation.id === activeId} />
        </li>
      ))}
    </ul>
  );
}

function ConversationRow({ conversation, active }: { conversation: ConversationSummary; active: boolean }) {
  const { t, i18n } = useLingui();
  const user = useAtomValue(clientUserAtom);
  const others = othersOf(conversation, user ? user.id : undefined);
  const last = conversation.last_message;
  const unread = conversation.unread;
  return (
    <Link
      to={pathFor('main.conversation', { id: conversation.id })}
      className={`conversation-row${unread > 0 ? ' is-unread' : ''}${active ? ' is-active' : ''}`}
      aria-current={active ? 'page' : undefined}
    >
      <span className="conversation-row__top">
        <span className="conversation-row__project">{conversation.project.title}</span>
        {last && (
          <time className="conversation-row__time" dateTime={last.created_at}>
            {formatListTime(last.created_at, i18n.locale)}
          </time>
        )}
      </span>
      <span className="conversation-row__people">
        {others.map((person) => `${person.name} (${i18n._(PARTICIPANT_ROLE_LABELS[person.role])})`).join(', ')}
      </span>
      <span className="conversation-row__bottom">
        <span className="conversation-row__preview">
          {last ? (
            <>
              <span className="conversation-row__sender">{last.sender_name}: </span>
              {last.preview}
            </>
          ) : (
            <Trans>No messages yet</Trans>
          )}
        </span>
        {unread > 0 && (
          <span className="conversation-badge">
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span className="ui-visually-hidden">{unread === 1 ? t`1 unread message` : t`${unread} unread messages`}</span>
          </span>
        )}
      </span>
    </Link>
  );
}
