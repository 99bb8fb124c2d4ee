import { createParser } from 'eventsource-parser';
import * as v from 'valibot';
import { api } from '../api/client';
import { NOTIFICATION_EVENTS, NotificationSchema, type AppNotification } from '../contract/notifications';

/** Opens the stream, resuming after `lastEventId` when given; rejects when it cannot (ky rejects an error status). */
export type StreamOpener = (lastEventId: string | undefined, signal: AbortSignal) => Promise<Response>;

export interface LiveNotificationsOptions {
  onNotification(notification: AppNotification): void;
  /** Notifications may have been missed (the server says so, or the stream was down): read them again. */
  onResync(): void;
  /** The stream is open (true) or down and waiting to reconnect (false). */
  onLiveChange(live: boolean): void;
  open?: StreamOpener;
  /** Waits between attempts: the first, doubled after each failure up to the longest. */
  retry?: { firstMs: number; maxMs: number };
}

export const LIVE_RETRY = { firstMs: 1000, maxMs: 60_000 };

/** `GET /notifications/stream` with the session's token in its header (EventSource cannot send one, and a token never goes in a URL). */
export const openNotificationStream: StreamOpener = (lastEventId, signal) =>
  api.get('notifications/stream', {
    signal,
    headers: { Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
  });

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps the signed-in user's notification stream open: each event is handed
 * over as it comes; after a drop it reconnects, waiting longer after each
 * failure, resumes after the last event it saw, and asks for a resync since
 * what happened in between may not all be replayed. Returns the function
 * that closes it for good.
 */
export function connectLiveNotifications(options: LiveNotificationsOptions): () => void {
  const open = options.open ?? openNotificationStream;
  const retry = options.retry ?? LIVE_RETRY;
  const controller = new AbortController();
  const { signal } = controller;
  let lastEventId: string | undefined;
  let live = false;
  const setLive = (value: boolean) => {
    if (value !== live) options.onLiveChange((live = value));
  };

  const parser = createParser({
    onEvent(event) {
      if (event.id) lastEventId = event.id;
      if (event.event === NOTIFICATION_EVENTS.notification) {
        const parsed = v.safeParse(NotificationSchema, JSON.parse(event.data));
        if (parsed.success) options.onNotification(parsed.output);
      } else if (event.event === NOTIFICATION_EVENTS.resync) options.onResync();
    },
  });

  const read = async (response: Response) => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.feed(decoder.decode(chunk.value, { stream: true }));
  };

  const run = async () => {
    let failures = 0;
    let opened = false;
    while (!signal.aborted) {
      try {
        const response = await open(lastEventId, signal);
        failures = 0;
        parser.reset();
        setLive(true);
        if (opened) options.onResync();
        opened = true;
        await read(response);
      } catch {
        failures += 1;
      }
      if (signal.aborted) return;
      setLive(false);
      // Half to all of the wait, at random: pages dropped together do not all come back at once.
      const wait = Math.min(retry.maxMs, retry.firstMs * 2 ** Math.max(0, failures - 1));
      await sleep(wait / 2 + (Math.random() * wait) / 2, signal);
    }
  };
  void run();
  return () => controller.abort();
}
