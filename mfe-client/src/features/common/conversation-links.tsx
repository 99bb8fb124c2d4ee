import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { isApiError } from 'shared/api';
import { PARTICIPANT_ROLE_LABELS, type ContractView } from 'shared/contract';
import { listConversations } from './api/list-conversations';
import { startConversation } from './api/start-conversation';

interface MessageButtonProps {
  projectId: string;
  /** The owner names the specialist; a specialist leaves it out (theirs is with the owner). */
  specialistId?: string;
  children: ReactNode;
  className?: string;
  /** Read by screen readers when the visible text alone is ambiguous ("Message" beside each quote). */
  label?: string;
}

/** Opens the conversation about a project with one specialist, starting it if there is none yet. */
export function MessageButton({ projectId, specialistId, children, className = 'ui-button ui-button--ghost', label }: MessageButtonProps) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const thread = await startConversation(projectId, specialistId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.list() });
      navigate(pathFor('main.conversation', { id: thread.id }));
    } catch (error) {
      setBusy(false);
      notify.error(isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : i18n._(SOMETHING_WENT_WRONG));
    }
  };
  return (
    <button type="button" className={className} disabled={busy} aria-label={label} onClick={() => void open()}>
      {children}
    </button>
  );
}

/**
 * The contract's conversation: a link when the reader already has it (the
 * expert only ever joins one), otherwise the parties can start it.
 */
export function ContractConversationLink({ contract }: { contract: ContractView }) {
  const { t } = useLingui();
  const list = useQuery({ queryKey: queryKeys.conversations.list(), queryFn: ({ signal }) => listConversations(signal) });
  const existing = list.data?.data.find((conversation) => conversation.contract_id === contract.id);
  if (existing) {
    return (
      <Link to={pathFor('main.conversation', { id: existing.id })}>
        <Trans>Messages about this contract</Trans>
        {existing.unread > 0 && (
          <>
            {' '}
            <span className="client-count" aria-hidden="true">
              {existing.unread}
            </span>
            <span className="ui-visually-hidden">{t`(${existing.unread} unread)`}</span>
          </>
        )}
      </Link>
    );
  }
  if (!list.data || (contract.my_role !== 'client' && contract.my_role !== 'contractor')) return null;
  return (
    <MessageButton
      projectId={contract.project.id}
      {...(contract.my_role === 'client' ? { specialistId: contract.contractor.id } : {})}
      className="client-link-button"
    >
      <Trans>Messages about this contract</Trans>
    </MessageButton>
  );
}

/**
 * The owner's conversations about one project, one per specialist who asked
 * or was asked something, each with what is unread. Nothing while there are none.
 */
export function ProjectConversations({ projectId, ownerId }: { projectId: string; ownerId: string }) {
  const { t, i18n } = useLingui();
  const list = useQuery({ queryKey: queryKeys.conversations.list(), queryFn: ({ signal }) => listConversations(signal) });
  const mine = list.data?.data.filter((conversation) => conversation.project.id === projectId) ?? [];
  if (mine.length === 0) return null;
  return (
    <section className="ui-card client-panel" aria-labelledby="client-project-messages">
      <h2 id="client-project-messages">
        <Trans>Messages about this project</Trans>
      </h2>
      <ul className="client-links">
        {mine.map((conversation) => {
          const others = conversation.participants.filter((participant) => participant.id !== ownerId);
          return (
            <li key={conversation.id}>
              <Link to={pathFor('main.conversation', { id: conversation.id })}>
                {others.map((person) => `${person.name} (${i18n._(PARTICIPANT_ROLE_LABELS[person.role])})`).join(', ')}
                {conversation.unread > 0 && (
                  <>
                    {' '}
                    <span className="client-count" aria-hidden="true">
                      {conversation.unread}
                    </span>
                    <span className="ui-visually-hidden">{t`(${conversation.unread} unread)`}</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
