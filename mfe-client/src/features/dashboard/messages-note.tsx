import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { useConversationUnread } from 'shared/query';
import { pathFor } from 'shared/routing';

/**
 * Unread messages at the top of the dashboard, for every role. The header's
 * badge shares the same cached count and does the polling while the live
 * stream is down, so this one only reads it.
 */
export function MessagesNote() {
  const { t } = useLingui();
  const unread = useConversationUnread({ live: true });
  if (!unread) return null;
  return (
    <p className="ui-card client-dashboard__messages">
      <span>{unread === 1 ? t`You have 1 unread message.` : t`You have ${unread} unread messages.`}</span>{' '}
      <Link to={pathFor('main.messages')}>
        <Trans>Read your messages</Trans>
      </Link>
    </p>
  );
}
