import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { AdminConversationMessage } from 'shared/contract';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { Spinner } from 'shared/ui';
import { conversationCalls } from '../common/api/conversations-api';
import { ConversationRecord } from '../common/conversation-record';
import { LoadError } from '../common/load-error';
import { contractPath } from '../common/paths';
import '../common/styles';
import { HideMessageDialog } from './hide-message-dialog';

/** One conversation as its record: every message, hidden ones included, and hiding an abusive one. */
export function ConversationPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const [hiding, setHiding] = useState<AdminConversationMessage | null>(null);
  const detail = useQuery({
    queryKey: queryKeys.admin.conversations.detail(id),
    queryFn: ({ signal }) => conversationCalls.conversation(id, signal),
  });
  const loaded = Boolean(detail.data);

  // A report links to its message: bring it into view once the thread is there.
  useEffect(() => {
    if (loaded && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'center' });
  }, [loaded, hash]);

  const back = (
    <p className="admin-back">
      <Link to={pathFor('admin.message-reports')}>
        <span aria-hidden="true">← </span>
        <Trans>Back to reported messages</Trans>
      </Link>
    </p>
  );

  if (!detail.data) {
    return (
      <div className="ui-page">
        <div className="ui-container admin-page">
          {back}
          <h1 className="admin-page__title">
            <Trans>Conversation</Trans>
          </h1>
          {detail.error ? <LoadError error={detail.error} onRetry={() => void detail.refetch()} /> : <Spinner label={t`Loading the conversation…`} />}
        </div>
      </div>
    );
  }
  const conversation = detail.data;
  return (
    <div className="ui-page">
      <div className="ui-container admin-page">
        {back}
        <header className="admin-page__header">
          <h1 className="admin-page__title">{conversation.project.title}</h1>
          <p className="admin-page__intro">
            {conversation.contract_id ? (
              <Trans>
                This conversation continues on <Link to={contractPath(conversation.contract_id)}>the contract</Link>: it is part of its record.
              </Trans>
            ) : (
              <Trans>A conversation about the request, before any quote was selected.</Trans>
            )}
          </p>
        </header>
        <ConversationRecord
          conversation={conversation}
          title={<Trans>Messages</Trans>}
          messageActions={(message) =>
            message.hidden ? null : (
              <button type="button" className="admin-link-button admin-link-button--danger" onClick={() => setHiding(message)}>
                <Trans>Hide this message</Trans>
              </button>
            )
          }
        />
        {hiding && <HideMessageDialog messageId={hiding.id} senderName={hiding.sender.name} onClose={() => setHiding(null)} />}
      </div>
    </div>
  );
}
