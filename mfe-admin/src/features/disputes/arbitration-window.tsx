import { Trans, useLingui } from '@lingui/react/macro';
import type { DisputeView } from 'shared/contract';
import { formatDate } from '../common/format';

/** When arbitration may start and by when it must end (6 weeks to 3 months after the dispute opened). */
export function ArbitrationWindow({ dispute }: { dispute: Pick<DisputeView, 'arbitration_from' | 'arbitration_until'> }) {
  const { i18n } = useLingui();
  const from = formatDate(dispute.arbitration_from, i18n.locale);
  const until = formatDate(dispute.arbitration_until, i18n.locale);
  return (
    <span className="admin-nowrap">
      <Trans>
        <time dateTime={dispute.arbitration_from}>{from}</time> – <time dateTime={dispute.arbitration_until}>{until}</time>
      </Trans>
    </span>
  );
}
