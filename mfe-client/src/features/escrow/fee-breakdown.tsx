import { Trans, useLingui } from '@lingui/react/macro';
import { useFormatters } from '../common/reference';
import type { Milestone } from './api/contract-types';

/** Everything the card is charged for, before anything is paid. */
export function FeeBreakdown({ milestone, currency }: { milestone: Milestone; currency: string }) {
  const { t } = useLingui();
  const format = useFormatters();
  const credit = Math.max(0, milestone.total - milestone.to_pay);
  return (
    <dl className="escrow-breakdown" aria-label={t`Fee breakdown`}>
      <div>
        <dt>
          <Trans>Milestone amount</Trans>
        </dt>
        <dd>{format.money(milestone.amount, currency)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Expert inspection fee</Trans>
        </dt>
        <dd>{format.money(milestone.expert_fee, currency)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Platform fee (1.5 %)</Trans>
        </dt>
        <dd>{format.money(milestone.platform_fee, currency)}</dd>
      </div>
      {credit > 0 && (
        <div>
          <dt>
            <Trans>Escrow credit applied</Trans>
          </dt>
          <dd>−{format.money(credit, currency)}</dd>
        </div>
      )}
      <div className="escrow-breakdown__total">
        <dt>
          <Trans>Total to pay</Trans>
        </dt>
        <dd>{format.money(milestone.to_pay, currency)}</dd>
      </div>
    </dl>
  );
}
