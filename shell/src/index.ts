import { rememberEarlyPresses } from './features/common/early-presses';

// First of all: a press on the prerendered page while the shell is still on its way is kept, not lost.
rememberEarlyPresses();

// The async boundary: federation negotiates the shared libraries before any
// of them is imported by the app itself. That negotiation starts in a task of
// its own, after the one that evaluates the federation runtime: two shorter
// tasks rather than one long one while the page starts (blocking time).
// The chunk is named: the page preloads it (shared/build/webpack.cjs).
setTimeout(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'), 0);
