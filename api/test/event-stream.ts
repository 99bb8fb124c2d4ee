/** One Server-Sent Event as a browser would dispatch it. */
export interface ServerEvent {
  event: string;
  id: string | undefined;
  data: string;
}

export interface EventStreamReader {
  status: number;
  contentType: string | null;
  /** The next event; rejects when none comes within `timeoutMs` or the stream ends first. */
  next(timeoutMs?: number): Promise<ServerEvent>;
  /** Resolves true when the server ends the stream within `timeoutMs`. */
  ended(timeoutMs?: number): Promise<boolean>;
  close(): void;
}

/** Reads a text/event-stream over a real connection (`inject` waits for the end of an answer, which never comes). */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: ServerEvent[] = [];
  const waiters: (() => void)[] = [];
  let done = false;
  const wake = () => waiters.splice(0).forEach((waiter) => waiter());

  const read = async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    const body = response.body.getReader();
    try {
      for (let chunk = await body.read(); !chunk.done; chunk = await body.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = block.split('\n').filter((line) => !line.startsWith(':') && line.includes(':'));
          if (fields.length === 0) continue;
          const value = (name: string) => fields.filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1).trimStart());
          events.push({ event: value('event')[0] ?? 'message', id: value('id')[0], data: value('data').join('\n') });
          wake();
        }
      }
    } catch {
      // Aborted by `close`.
    }
    done = true;
    wake();
  };
  void read();

  const waitFor = <T>(ready: () => T | undefined, timeoutMs: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No ${what} within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        const value = ready();
        if (value !== undefined) {
          clearTimeout(timer);
          resolve(value);
        } else if (done) {
          clearTimeout(timer);
          reject(new Error(`The stream ended before any ${what}`));
        } else waiters.push(check);
      };
      check();
    });

  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    next: (timeoutMs = 3000) => waitFor(() => events.shift(), timeoutMs, 'event'),
    ended: (timeoutMs = 3000) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        const check = () => {
          if (done) {
            clearTimeout(timer);
            resolve(true);
          } else waiters.push(check);
        };
        check();
      }),
    close: () => abort.abort(),
  };
}
