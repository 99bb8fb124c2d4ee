import type { AppNotification } from '../contract/notifications';
import { connectLiveNotifications, type StreamOpener } from './live-notifications';

const notification = (id: number): AppNotification => ({
  id,
  kind: 'milestone_funded',
  text: `Milestone ${id} funded`,
  link: '/main/escrow/c1',
  read: false,
  created_at: '2026-11-24T10:00:00.000Z',
});
const event = (item: AppNotification) => `event: notification\nid: ${item.id}\ndata: ${JSON.stringify(item)}\n\n`;

/** A server stream the test writes to and drops at will; each `open` is one connection. */
function fakeServer() {
  const connections: { lastEventId: string | undefined; send(text: string): void; drop(): void; cancelled: boolean }[] = [];
  let refuse = 0;
  const open: StreamOpener = async (lastEventId) => {
    if (refuse > 0) {
      refuse -= 1;
      throw new Error('Service unavailable');
    }
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const connection = {
      lastEventId,
      cancelled: false,
      send: (text: string) => controller.enqueue(encoder.encode(text)),
      drop: () => controller.close(),
    };
    const body = new ReadableStream<Uint8Array>({
      start: (c) => void (controller = c),
      cancel: () => void (connection.cancelled = true),
    });
    connections.push(connection);
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  };
  return { connections, open, refuseNext: (times: number) => void (refuse = times) };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

function listen(open: StreamOpener) {
  const received: AppNotification[] = [];
  const live: boolean[] = [];
  let resyncs = 0;
  const stop = connectLiveNotifications({
    open,
    retry: { firstMs: 10, maxMs: 40 },
    onNotification: (item) => received.push(item),
    onResync: () => (resyncs += 1),
    onLiveChange: (value) => live.push(value),
  });
  return { received, live, resyncs: () => resyncs, stop };
}

it('hands over each notification as it comes, even split across chunks, and ignores heartbeats', async () => {
  const server = fakeServer();
  const page = listen(server.open);
  await until(() => server.connections.length === 1);
  const connection = server.connections[0]!;
  connection.send(': heartbeat\n\n');
  const text = event(notification(7));
  connection.send(text.slice(0, 20));
  connection.send(text.slice(20));
  await until(() => page.received.length === 1);
  expect(page.received).toEqual([notification(7)]);
  expect(page.live).toEqual([true]);
  page.stop();
});

it('reconnects after a drop, resuming after the last event seen, and asks for a resync', async () => {
  const server = fakeServer();
  const page = listen(server.open);
  await until(() => server.connections.length === 1);
  server.connections[0]!.send(event(notification(3)));
  await until(() => page.received.length === 1);
  server.refuseNext(2);
  server.connections[0]!.drop();

  await until(() => server.connections.length === 2);
  expect(page.live).toEqual([true, false, true]);
  expect(server.connections[1]!.lastEventId).toBe('3');
  expect(page.resyncs()).toBe(1);
  server.connections[1]!.send(event(notification(4)));
  await until(() => page.received.length === 2);
  expect(page.received.map((item) => item.id)).toEqual([3, 4]);
  page.stop();
});

it('passes on the server asking for a resync', async () => {
  const server = fakeServer();
  const page = listen(server.open);
  await until(() => server.connections.length === 1);
  server.connections[0]!.send('event: resync\ndata: {}\n\n');
  await until(() => page.resyncs() === 1);
  page.stop();
});

it('stops for good when closed', async () => {
  const server = fakeServer();
  const page = listen(server.open);
  await until(() => server.connections.length === 1);
  page.stop();
  await until(() => server.connections[0]!.cancelled);
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(server.connections).toHaveLength(1);
  expect(page.live).toEqual([true]);
});
