import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AppNotification } from 'shared/contract';
import { queryKeys } from 'shared/query';
import { formatDateTime, notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { HeaderCount, HeaderIcon } from './header-icon';
import { fetchNotifications, fetchUnreadCount, markAllRead, markRead } from './api/notifications';
import './notification-bell.css';

/** While the live stream is down, the count is still asked for this often. */
export const FALLBACK_REFRESH_MS = 5 * 60_000;

/** Only links inside the app are followed from a notification. */
const internal = (link: string) => (link.startsWith('/') && !link.startsWith('//') ? link : '/main/dashboard');

/** The bell of the client header: unread count, and a list that opens under it. `live`: the notification stream is open and keeps it current. */
export function NotificationBell({ live = false }: { live?: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // The stream says when to read it again; without it, every five minutes while the tab is seen (the
  // interval stops when it is hidden). Whenever the tab is seen again too, as events may have been missed.
  const unread = useQuery({
    queryKey: queryKeys.notifications.unreadCount(),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    refetchInterval: live ? false : FALLBACK_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    // The badge is a hint: a failed refresh keeps the last count and waits for the next one.
    retry: false,
  });
  const count = unread.data ?? 0;

  // Read each time the panel opens; the texts come translated from the API, so the language is part of the key.
  const list = useQuery({
    queryKey: queryKeys.notifications.list(i18n.locale),
    queryFn: async ({ signal }) => {
      const items = await fetchNotifications(signal);
      queryClient.setQueryData(queryKeys.notifications.unreadCount(), items.filter((item) => !item.read).length);
      return items;
    },
    enabled: open,
    staleTime: 0,
  });
  const items = open ? list.data : undefined;

  // What the server now counts as unread is read again, whatever the change was.
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  const readOne = useMutation({
    mutationFn: markRead,
    onMutate: () => queryClient.setQueryData<number>(queryKeys.notifications.unreadCount(), (value) => Math.max(0, (value ?? 0) - 1)),
    onSettled: refresh,
  });
  const readAll = useMutation({
    mutationFn: markAllRead,
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.notifications.unreadCount(), 0);
      queryClient.setQueryData<AppNotification[]>(queryKeys.notifications.list(i18n.locale), (current) =>
        current?.map((item) => ({ ...item, read: true })),
      );
      return refresh();
    },
    onError: () => notify.error(i18n._(SOMETHING_WENT_WRONG)),
  });

  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, close]);

  const follow = (item: AppNotification) => {
    close(false);
    if (item.read) return;
    readOne.mutate(item.id);
  };

  const label = count > 0 ? t`Notifications, ${count} unread` : t`Notifications`;
  const time = (iso: string) => formatDateTime(iso, i18n.locale);

  return (
    // Escape pressed on any control inside bubbles up here and closes the panel; the wrapper itself takes no focus.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="notification-bell"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="notification-bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-haspopup="true"
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <HeaderIcon>
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </HeaderIcon>
        <HeaderCount count={count} />
      </button>
      {open && (
        <div className="notification-bell__panel" id={panelId} role="region" aria-label={t`Notifications`}>
          <div className="notification-bell__head">
            <h2 className="notification-bell__title">
              <Trans>Notifications</Trans>
            </h2>
            {count > 0 && (
              <button type="button" className="notification-bell__all" onClick={() => readAll.mutate()}>
                <Trans>Mark all as read</Trans>
              </button>
            )}
          </div>
          {list.isError ? (
            <p className="notification-bell__note" role="alert">
              <Trans>The notifications could not be loaded.</Trans>{' '}
              <button type="button" className="notification-bell__all" onClick={() => void list.refetch()}>
                <Trans>Try again</Trans>
              </button>
            </p>
          ) : items === undefined ? (
            <p className="notification-bell__note" role="status">
              <Trans>Loading…</Trans>
            </p>
          ) : items.length === 0 ? (
            <p className="notification-bell__note">
              <Trans>No notifications yet. New requests, quotes and invitations appear here.</Trans>
            </p>
          ) : (
            <ul className="notification-bell__list">
              {items.map((item) => (
                <li key={item.id} className={item.read ? undefined : 'is-unread'}>
                  <Link to={internal(item.link)} onClick={() => follow(item)}>
                    {!item.read && <span className="ui-visually-hidden">{t`Unread:`} </span>}
                    <span className="notification-bell__text">{item.text}</span>
                    <time className="notification-bell__time" dateTime={item.created_at}>
                      {time(item.created_at)}
                    </time>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
