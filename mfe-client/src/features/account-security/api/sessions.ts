import { api, send } from 'shared/api';
import type { AccountSessions } from 'shared/contract';

/** `GET /auth/sessions`: the account's devices, newest use first. */
export const getSessions = (signal?: AbortSignal) => send<AccountSessions>(api.get('auth/sessions', { signal }));

/** `DELETE /auth/sessions/{id}`: that device is signed out at once. */
export const endSession = (id: string) => send(api.delete(`auth/sessions/${encodeURIComponent(id)}`));
