import { adminApi, send } from 'shared/api';
import type { Outbox } from 'shared/contract';

/** The latest 100 e-mails, newest first; only those to `to` when given. */
export const fetchOutbox = (to: string, signal?: AbortSignal) => send<Outbox>(adminApi.get('dev/outbox', { searchParams: to ? { to } : {}, signal }));
