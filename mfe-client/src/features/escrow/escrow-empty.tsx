import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import { EmptyState } from '../common/states';

export type EscrowView = 'client' | 'contractor' | 'expert';

/** No contract yet: say, for each role, what will bring one here. */
export function EscrowEmpty({ view }: { view: EscrowView }) {
  if (view === 'expert') {
    return (
      <EmptyState title={<Trans>No inspection assigned to you</Trans>}>
        <Trans>When the Fundament team assigns you to a contract, its milestones to inspect appear here.</Trans>
      </EmptyState>
    );
  }
  if (view === 'contractor') {
    return (
      <EmptyState
        title={<Trans>No contract yet</Trans>}
        action={
          <Link className="ui-button" to={pathFor('main.projects')}>
            <Trans>See the requests</Trans>
          </Link>
        }
      >
        <Trans>When a client selects your quote, the contract appears here with what is paid to you and what is held for you.</Trans>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title={<Trans>No contract yet</Trans>}
      action={
        <Link className="ui-button" to={pathFor('main.projects')}>
          <Trans>See your projects</Trans>
        </Link>
      }
    >
      <Trans>
        Escrow starts when you select a quote: you fund each milestone here, and the money is released to the specialist once an expert has inspected
        the work and you approve.
      </Trans>
    </EmptyState>
  );
}
