import { useLingui } from '@lingui/react/macro';
import { useConversationUnread } from 'shared/query';
import { pathFor } from 'shared/routing';
import { HeaderCount, HeaderIcon } from './header-icon';
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
      <HeaderIcon>
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </HeaderIcon>
      <HeaderCount count={count} />
    </PreloadNavLink>
  );
}
