import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import type { AppNotification } from '../contract/notifications';
import { queryKeys } from './keys';
import type { StreamOpener } from './live-notifications';
import { useLiveNotifications } from './use-live-notifications';
import { notificationStreamLiveAtom } from './live-stream-atom';

const funded: AppNotification = {
  id: 12,
  kind: 'milestone_funded',
  text: 'Milestone funded',
  link: '/main/escrow/c1',
  read: false,
  created_at: '2026-11-24T10:00:00.000Z',
};

/** One connection whose events the test sends. */
function fakeStream() {
  let send: (text: string) => void = () => undefined;
  const open: StreamOpener = async () => {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => void (send = (text) => controller.enqueue(new TextEncoder().encode(text))),
    });
    return new Response(body);
  };
  return { open, send: (text: string) => send(text) };
}

function setup(open: StreamOpener, enabled = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // Screens already showing: the count, a contract and an unrelated project.
  queryClient.setQueryData(queryKeys.notifications.unreadCount(), 1);
  queryClient.setQueryData(queryKeys.contracts.detail('c1'), { id: 'c1' });
  queryClient.setQueryData(queryKeys.projects.detail('p1'), { id: 'p1' });
  queryClient.setQueryData(queryKeys.conversations.unreadCount(), 0);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useLiveNotifications(enabled, open), { wrapper });
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { hook, stale };
}

it('reads the bell and the contract of an escrow notification again when one arrives, nothing else', async () => {
  const stream = fakeStream();
  const { hook, stale } = setup(stream.open);
  await waitFor(() => expect(hook.result.current).toBe(true));
  expect(stale(queryKeys.notifications.unreadCount())).toBe(false);

  stream.send(`event: notification\nid: 12\ndata: ${JSON.stringify(funded)}\n\n`);
  await waitFor(() => expect(stale(queryKeys.notifications.unreadCount())).toBe(true));
  expect(stale(queryKeys.contracts.detail('c1'))).toBe(true);
  expect(stale(queryKeys.projects.detail('p1'))).toBe(false);
  expect(stale(queryKeys.conversations.unreadCount())).toBe(false);
  hook.unmount();
});

it('reads the messages badge again when a message arrives', async () => {
  const stream = fakeStream();
  const { hook, stale } = setup(stream.open);
  await waitFor(() => expect(hook.result.current).toBe(true));
  const message: AppNotification = { ...funded, id: 13, kind: 'message_received', text: 'New message', link: '/main/messages/k1' };
  // The remotes' screens learn that the stream is open, and stop polling.
  expect(getDefaultStore().get(notificationStreamLiveAtom)).toBe(true);
  stream.send(`event: notification\nid: 13\ndata: ${JSON.stringify(message)}\n\n`);
  await waitFor(() => expect(stale(queryKeys.conversations.unreadCount())).toBe(true));
  expect(stale(queryKeys.contracts.detail('c1'))).toBe(false);
  hook.unmount();
  await waitFor(() => expect(getDefaultStore().get(notificationStreamLiveAtom)).toBe(false));
});

it('opens nothing until the user is signed in', async () => {
  const open = jest.fn<ReturnType<StreamOpener>, Parameters<StreamOpener>>();
  const { hook } = setup(open, false);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(open).not.toHaveBeenCalled();
  expect(hook.result.current).toBe(false);
});
