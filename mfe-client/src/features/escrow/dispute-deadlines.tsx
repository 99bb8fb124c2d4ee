import { Trans, useLingui } from '@lingui/react/macro';
import { useFormatters } from '../common/reference';
import type { DisputeView as Dispute } from 'shared/contract';

/** The dates that matter once a dispute is open: the other side's answer, then the arbitration window. */
export function DisputeDeadlines({ dispute }: { dispute: Dispute }) {
  const { t } = useLingui();
  const format = useFormatters();
  const respondBy = format.date(dispute.respond_by);
  const from = format.date(dispute.arbitration_from);
  const until = format.date(dispute.arbitration_until);
  return (
    <dl className="client-facts client-facts--wide">
      <div>
        <dt>{t`Opened`}</dt>
        <dd>
          <time dateTime={dispute.opened_at}>{format.date(dispute.opened_at)}</time>
        </dd>
      </div>
      <div>
        <dt>{t`Answer due by`}</dt>
        <dd>
          <time dateTime={dispute.respond_by}>{respondBy}</time>
        </dd>
      </div>
      <div>
        <dt>{t`Arbitration window`}</dt>
        <dd>
          <Trans>
            <time dateTime={dispute.arbitration_from}>{from}</time> to <time dateTime={dispute.arbitration_until}>{until}</time>
          </Trans>
        </dd>
      </div>
    </dl>
  );
}
