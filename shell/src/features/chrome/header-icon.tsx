import type { ReactNode } from 'react';

/** A 24-unit line icon of the header's round buttons (the bell, the messages), hidden from assistive technology: the button says what it is. */
export function HeaderIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** The unread count on a header button, capped at 99+; nothing at zero. The button's label carries the number for screen readers. */
export function HeaderCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="notification-bell__count" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
