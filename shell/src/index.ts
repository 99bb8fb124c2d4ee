// The async boundary: federation negotiates the shared libraries before any
// of them is imported by the app itself. That negotiation starts in a task of
// its own, after the one that evaluates the federation runtime: two shorter
// tasks rather than one long one while the page starts (blocking time).
setTimeout(() => void import('./bootstrap'), 0);
