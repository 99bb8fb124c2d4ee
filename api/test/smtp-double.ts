import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
  at: number;
}

export interface SmtpDouble {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The messages to `address`, in the order they arrived. */
  to(address: string): ReceivedMail[];
  /** Resolves once `check` holds, polling; rejects after `ms`. */
  until(check: () => boolean, what: string, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (the `smtp-server` package), keeping
 * every message it accepts. `onMessage` runs before a message is accepted: a
 * test that stalls it holds the sender mid-delivery.
 */
export async function startSmtpDouble({
  onMessage,
  refuse,
}: {
  onMessage?: (mail: ReceivedMail) => Promise<void> | void;
  /** Recipients the server refuses (550), as a server does a mailbox that does not exist. */
  refuse?: (address: string) => boolean;
} = {}): Promise<SmtpDouble> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // The senders under test keep pools of connections open.
    maxClients: 64,
    onRcptTo(address, _session, callback) {
      if (refuse?.(address.address)) {
        const error = new Error('No such mailbox') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        void Promise.resolve(onMessage?.(mail)).then(() => {
          received.push(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address)),
    async until(check, what, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
