import { atom, createStore } from 'jotai';
import type { AdminMe, Me } from '../contract/accounts';
import type { SessionState } from './types';

/** The signed-in client (or specialist / expert) of the user area. */
export const clientUserAtom = atom<SessionState<Me>>(null);

/** The signed-in admin; a session of its own, separate from the client one. */
export const adminUserAtom = atom<SessionState<AdminMe>>(null);

/**
 * The one store of the page. It lives here, in the shared singleton package,
 * so the shell and every remote read and write the same atoms.
 */
export const sessionStore = createStore();
