import { adminApi, send } from 'shared/api';

/** One e-mail kept in the outbox (sent nowhere: no mail server is configured). */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** The latest 100 e-mails, newest first; only those to `to` when given. */
export const fetchOutbox = (to: string) =>
  send<{ data: OutboxMessage[] }>(adminApi.get('dev/outbox', { searchParams: to ? { to } : {} }));
