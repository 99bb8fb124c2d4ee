import { Trans, useLingui } from '@lingui/react/macro';
import { Money } from 'shared/ui';
import type { DisputeView } from 'shared/contract';
import { formatDateTime } from '../common/format';

/** How the dispute was settled: the split and the admin's note. */
export function DisputeResolution({ dispute }: { dispute: DisputeView }) {
  const { i18n } = useLingui();
  const resolution = dispute.resolution;
  if (!resolution) return null;
  const currency = dispute.contract.currency;
  const resolvedAt = formatDateTime(resolution.at, i18n.locale);
  return (
    <section className="ui-card admin-resolution" aria-labelledby="dispute-resolution">
      <h2 id="dispute-resolution" className="admin-section-title">
        <Trans>Resolution</Trans>
      </h2>
      <p className="admin-muted">
        <Trans>Resolved on {resolvedAt}</Trans>
      </p>
      <dl className="admin-facts">
        <div>
          <dt>
            <Trans>Paid to the contractor</Trans>
          </dt>
          <dd>
            <Money amount={resolution.contractor_amount} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Refunded to the client</Trans>
          </dt>
          <dd>
            <Money amount={resolution.refunded_amount} currency={currency} />
          </dd>
        </div>
      </dl>
      <p className="admin-prose">{resolution.note}</p>
    </section>
  );
}
