import { atom } from 'jotai';

/**
 * Whether the signed-in user's notification stream is open. The header
 * keeps the stream; a screen that shows what the stream refreshes (an open
 * conversation) reads this to ask the server itself only while it is down.
 */
export const notificationStreamLiveAtom = atom(false);
