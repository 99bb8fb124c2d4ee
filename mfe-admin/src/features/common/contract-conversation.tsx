import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { Spinner } from 'shared/ui';
import { conversationCalls } from './api/conversations-api';
import { ConversationRecord } from './conversation-record';
import { LoadError } from './load-error';

/** What the client and the contractor wrote to each other about a contract, read-only, for the admin reviewing it or mediating its dispute. */
export function ContractConversation({ contractId }: { contractId: string }) {
  const { t } = useLingui();
  const conversation = useQuery({
    queryKey: queryKeys.admin.conversations.ofContract(contractId),
    queryFn: ({ signal }) => conversationCalls.ofContract(contractId, signal),
  });
  const title = <Trans>Conversation between the parties</Trans>;

  if (!conversation.data) {
    return (
      <section className="ui-card admin-conversation" aria-label={t`Conversation between the parties`} aria-busy={!conversation.error}>
        <h2 className="admin-section-title">{title}</h2>
        {conversation.error ? (
          <LoadError error={conversation.error} onRetry={() => void conversation.refetch()} />
        ) : (
          <Spinner label={t`Loading the conversation…`} />
        )}
      </section>
    );
  }
  const record = conversation.data;
  return (
    <div className="ui-card">
      <ConversationRecord
        conversation={record}
        title={title}
        headerActions={
          record.id && record.messages.length > 0 ? (
            <Link to={pathFor('admin.conversation', { id: record.id })}>
              <Trans>Open the full record</Trans>
            </Link>
          ) : null
        }
      />
    </div>
  );
}
