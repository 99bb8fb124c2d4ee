import { useLingui } from '@lingui/react/macro';
import { useConversationUnread } from 'shared/query';
import { pathFor } from 'shared/routing';
import { PreloadNavLink } from './nav-link-preload';
import './notification-bell.css';

/**
 * The way to the conversations from every signed-in page, with the number of
 * unread messages. `live`: the notification stream is open and a message's
 * notification refreshes the count; while it is down, the count is polled.
 */
export function MessagesLink({ live = false }: { live?: boolean }) {
  const { t } = useLingui();
  const count = useConversationUnread({ live }) ?? 0;
  const label = count > 0 ? t`Messages, ${count} unread` : t`Messages`;
  return (
    <PreloadNavLink to={pathFor('main.messages')} className="notification-bell__button messages-link" aria-label={label} title={t`Messages`}>
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
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </svg>
      {count > 0 && (
        <span className="notification-bell__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </PreloadNavLink>
  );
}
