import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { AppNotification } from '../contract/notifications';
import { queryKeys } from './keys';
import { connectLiveNotifications, type LiveNotificationsOptions } from './live-notifications';
import { notificationStreamLiveAtom } from './live-stream-atom';

/** What a notification changes on screen besides the bell: the contract or project it links to. */
function invalidateFor(queryClient: QueryClient, notification: AppNotification) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  const [, area, section, id] = notification.link.split('/');
  // A new message: the conversations list, its thread and the unread badges all move.
  if (notification.kind.startsWith('message') || (area === 'main' && section === 'messages')) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
  }
  // An invitation sent or answered: both parties' cards and lists show it at once.
  if (notification.kind.startsWith('invite')) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.invites.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
  }
  if (area !== 'main' || !id) return;
  // Escrow notifications link to their contract: its figures, statement and list entry all move.
  if (section === 'escrow') void queryClient.invalidateQueries({ queryKey: queryKeys.contracts.all });
  if (section === 'projects') void queryClient.invalidateQueries({ queryKey: queryKeys.projects.detail(id) });
}

/**
 * The signed-in user's live notifications, for as long as `enabled`: the
 * bell and the screens a notification concerns are read again when it
 * comes. Returns whether the stream is open, so polling can stand in while
 * it is not, and shares it (`notificationStreamLiveAtom`) with the screens
 * of the remotes that poll too.
 */
export function useLiveNotifications(enabled: boolean, open?: LiveNotificationsOptions['open']): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const share = useSetAtom(notificationStreamLiveAtom);
  useEffect(() => share(live), [live, share]);
  // Gone with the header (signed out): nobody keeps the screens current any more.
  useEffect(() => () => share(false), [share]);
  useEffect(() => {
    if (!enabled) return undefined;
    const stop = connectLiveNotifications({
      ...(open ? { open } : {}),
      onNotification: (notification) => invalidateFor(queryClient, notification),
      onResync: () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.contracts.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
      },
      onLiveChange: setLive,
    });
    return () => {
      stop();
      setLive(false);
    };
  }, [enabled, open, queryClient]);
  return live;
}
