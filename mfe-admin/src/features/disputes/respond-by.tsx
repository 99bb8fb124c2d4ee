import { Trans, useLingui } from '@lingui/react/macro';
import type { DisputeView } from 'shared/contract';
import { EscrowBadge } from '../common/escrow-badge';
import { formatDate } from '../common/format';
import { isOverdue } from './deadline';

/** The date the other party must answer by, marked in words (not only colour) once it has passed. */
export function RespondBy({ dispute }: { dispute: Pick<DisputeView, 'respond_by' | 'status'> }) {
  const { i18n } = useLingui();
  const overdue = isOverdue(dispute);
  return (
    <span className={overdue ? 'admin-overdue' : undefined}>
      <time dateTime={dispute.respond_by}>{formatDate(dispute.respond_by, i18n.locale)}</time>
      {overdue && (
        <>
          {' '}
          <EscrowBadge tone="bad">
            <Trans>Overdue</Trans>
          </EscrowBadge>
        </>
      )}
    </span>
  );
}
