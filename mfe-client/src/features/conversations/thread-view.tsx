import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { notificationStreamLiveAtom, queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { clientUserAtom } from 'shared/session';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { PARTICIPANT_ROLE_LABELS, type ConversationMessage, type ConversationThread } from 'shared/contract';
import { EmptyState, ErrorState, Skeleton } from '../common/states';
import { getThread } from './api/get-thread';
import { markRead, setBlocked } from './api/message-actions';
import { Composer } from './composer';
import { counterpartOf, dayKey, formatDay, othersOf } from './conversation-labels';
import { MessageItem } from './message-item';
import { useNow } from './use-now';

/** While the notification stream is down, an open conversation is read again this often. */
export const THREAD_FALLBACK_MS = 30_000;

/** One conversation: its messages by day, oldest first, earlier pages on demand, and the composer or why there is none. */
export function ThreadView({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const live = useAtomValue(notificationStreamLiveAtom);
  const thread = useInfiniteQuery({
    queryKey: queryKeys.conversations.thread(id),
    queryFn: ({ pageParam, signal }) => getThread(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // "Next" pages go back in time: each is the one before the oldest message shown.
    getNextPageParam: (page) => (page.has_earlier ? page.messages[0]?.id : undefined),
    // A new message comes through the notification stream; while it is down, the thread asks itself.
    refetchInterval: live ? false : THREAD_FALLBACK_MS,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.conversations.thread(id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.conversations.list() }),
    ]);

  if (thread.status === 'error' && !thread.data) {
    if (isApiError(thread.error) && (thread.error.status === 404 || thread.error.status === 403)) {
      return (
        <EmptyState
          title={<Trans>This conversation cannot be found</Trans>}
          action={
            <Link className="ui-button" to={pathFor('main.messages')}>
              <Trans>Back to messages</Trans>
            </Link>
          }
        >
          <Trans>It may not be shared with you.</Trans>
        </EmptyState>
      );
    }
    return <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />;
  }
  if (!thread.data) return <Skeleton count={4} variant="line" />;
  // The first page is the newest: it says who is here and what the reader may do now.
  const [latest] = thread.data.pages;
  const messages = [...thread.data.pages].reverse().flatMap((page) => page.messages);
  return (
    <Thread
      thread={latest!}
      messages={messages}
      hasEarlier={thread.hasNextPage}
      loadingEarlier={thread.isFetchingNextPage}
      onLoadEarlier={() => void thread.fetchNextPage()}
      onChanged={refresh}
    />
  );
}

interface ThreadProps {
  thread: ConversationThread;
  messages: ConversationMessage[];
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  onChanged: () => Promise<unknown>;
}

function Thread({ thread, messages, hasEarlier, loadingEarlier, onLoadEarlier, onChanged }: ThreadProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const user = useAtomValue(clientUserAtom);
  const userId = user ? user.id : undefined;
  const now = useNow();
  const others = othersOf(thread, userId);
  const counterpart = counterpartOf(thread, userId);
  const me = thread.participants.find((participant) => participant.id === userId);
  const newest = messages[messages.length - 1];
  const paneRef = useRef<HTMLDivElement>(null);
  const [blocking, setBlocking] = useState(false);

  // Seen once it is on screen: everything up to the newest message is read, and the badges follow. A
  // message that arrives while the tab is in the background waits until the reader comes back to it.
  const unreadTo =
    newest && newest.sender.id !== userId && (!me?.read_up_to || Date.parse(me.read_up_to) < Date.parse(newest.created_at)) ? newest.id : null;
  const markedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!unreadTo || markedRef.current === unreadTo) return undefined;
    const mark = () => {
      if (document.visibilityState === 'hidden' || markedRef.current === unreadTo) return;
      markedRef.current = unreadTo;
      markRead(thread.id, unreadTo)
        .then(() => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.unreadCount() });
          void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.list() });
        })
        // Read again next time: a failed receipt is not worth an error on screen.
        .catch(() => (markedRef.current = null));
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [unreadTo, thread.id, queryClient]);

  // The newest message is in view when the thread opens and when one arrives: at the bottom of the
  // messages pane, which scrolls on its own between the thread's head and the composer.
  useEffect(() => {
    const pane = paneRef.current;
    if (pane) pane.scrollTop = pane.scrollHeight;
  }, [newest?.id]);

  // "Seen" under the reader's latest message that another participant has read.
  const seenId = useMemo(() => {
    const readers = others.map((participant) => participant.read_up_to).filter((value): value is string => value !== null);
    const lastRead = readers.length ? Math.max(...readers.map((value) => Date.parse(value))) : null;
    if (lastRead === null) return null;
    const mine = messages.filter((message) => message.sender.id === userId && Date.parse(message.created_at) <= lastRead);
    return mine[mine.length - 1]?.id ?? null;
  }, [others, messages, userId]);

  const toggleBlock = async () => {
    setBlocking(true);
    try {
      await setBlocked(thread.id, !thread.blocked_by_me);
      await onChanged();
    } catch {
      notify.error(i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setBlocking(false);
    }
  };

  return (
    <section className="conversation-thread" aria-labelledby="conversation-title">
      <header className="conversation-thread__head">
        <p className="conversation-thread__back">
          <Link to={pathFor('main.messages')}>
            <Trans>← All messages</Trans>
          </Link>
        </p>
        <h1 id="conversation-title" className="conversation-thread__title">
          <Link to={pathFor('main.project', { id: thread.project.id })}>{thread.project.title}</Link>
        </h1>
        <p className="conversation-thread__people">
          {others.map((person, index) => (
            <Fragment key={person.id}>
              {index > 0 && ', '}
              {person.name} <span className="client-muted">({i18n._(PARTICIPANT_ROLE_LABELS[person.role])})</span>
            </Fragment>
          ))}
        </p>
        <div className="conversation-thread__tools">
          {thread.contract_id && (
            <Link className="conversation-link" to={pathFor('main.contract', { id: thread.contract_id })}>
              <Trans>Open the contract</Trans>
            </Link>
          )}
          {counterpart && (
            <button type="button" className="conversation-link" disabled={blocking} onClick={() => void toggleBlock()}>
              {thread.blocked_by_me ? <Trans>Unblock {counterpart.name}</Trans> : <Trans>Block {counterpart.name}</Trans>}
            </button>
          )}
        </div>
      </header>

      <div className="conversation-thread__messages" ref={paneRef}>
        {hasEarlier && (
          <p className="conversation-thread__earlier">
            <button type="button" className="ui-button ui-button--ghost" disabled={loadingEarlier} onClick={onLoadEarlier}>
              {loadingEarlier ? <Trans>Loading…</Trans> : <Trans>Load earlier messages</Trans>}
            </button>
          </p>
        )}
        {messages.length === 0 && (
          <p className="client-muted conversation-thread__empty">
            <Trans>No messages yet. Say hello, ask about the work, agree on the details: it all stays on the project’s record.</Trans>
          </p>
        )}
        <ol className="conversation-thread__list">
          {messages.map((message, index) => {
            const previous = messages[index - 1];
            const newDay = !previous || dayKey(previous.created_at) !== dayKey(message.created_at);
            return (
              <Fragment key={message.id}>
                {newDay && (
                  <li className="conversation-day">
                    <time dateTime={message.created_at}>{formatDay(message.created_at, i18n.locale)}</time>
                  </li>
                )}
                <li className={message.sender.id === userId ? 'conversation-thread__item is-own' : 'conversation-thread__item'}>
                  <MessageItem
                    conversationId={thread.id}
                    message={message}
                    own={message.sender.id === userId}
                    now={now}
                    canPin={thread.contract_id !== null}
                    canWrite={thread.can_write}
                    seen={message.id === seenId}
                    onChanged={onChanged}
                  />
                </li>
              </Fragment>
            );
          })}
        </ol>
      </div>

      {thread.blocked_by_me && (
        <p className="conversation-thread__notice" role="status">
          <Trans>You blocked {counterpart?.name ?? t`the other party`}. They cannot write to you here until you unblock them.</Trans>
        </p>
      )}
      {thread.can_write ? (
        <Composer conversationId={thread.id} onSent={onChanged} />
      ) : (
        <p className="conversation-thread__notice conversation-thread__readonly" role="status">
          <strong>
            <Trans>You can read this conversation but not write in it.</Trans>
          </strong>{' '}
          {thread.write_blocked_reason}
        </p>
      )}
    </section>
  );
}
