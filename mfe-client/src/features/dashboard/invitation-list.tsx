import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { pathFor } from 'shared/routing';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { isApiError } from 'shared/api';
import { answerInvite } from './api/answer-invite';
import type { InviteView } from 'shared/contract';

interface InvitationListProps {
  invites: InviteView[];
  /** Called with the invitation as the server now has it. */
  onAnswered: (invite: InviteView) => void;
}

/** Pending invitations to quote, each with the client's message and an Accept / Decline answer. */
export function InvitationList({ invites, onAnswered }: InvitationListProps) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);

  const answer = async (invite: InviteView, choice: 'accept' | 'decline') => {
    setBusy(invite.id);
    try {
      const updated = await answerInvite(invite.id, choice);
      notify.success(choice === 'accept' ? t`Invitation accepted. You can now quote on the project.` : t`Invitation declined.`);
      onAnswered(updated);
    } catch (error) {
      notify.error(isApiError(error) && error.status < 500 ? error.message : i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setBusy(null);
    }
  };

  if (invites.length === 0) {
    return (
      <p className="client-muted">
        <Trans>No pending invitation.</Trans>
      </p>
    );
  }
  return (
    <ul className="client-invitations">
      {invites.map((invite) => {
        const title = invite.project?.title ?? '';
        const inviter = invite.inviter.name;
        return (
          <li key={invite.id} className="client-invitation">
            <p className="client-invitation__title">
              {invite.project ? <Link to={pathFor('main.project', { id: invite.project.id })}>{title}</Link> : title}
            </p>
            <p className="client-muted">
              <Trans>From {inviter}</Trans>
            </p>
            {invite.message && <blockquote className="client-invitation__message">{invite.message}</blockquote>}
            <div className="client-invitation__actions">
              <button
                type="button"
                className="ui-button"
                disabled={busy === invite.id}
                aria-label={t`Accept the invitation for ${title}`}
                onClick={() => answer(invite, 'accept')}
              >
                <Trans>Accept</Trans>
              </button>
              <button
                type="button"
                className="ui-button ui-button--ghost"
                disabled={busy === invite.id}
                aria-label={t`Decline the invitation for ${title}`}
                onClick={() => answer(invite, 'decline')}
              >
                <Trans>Decline</Trans>
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
