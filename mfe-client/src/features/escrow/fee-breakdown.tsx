import { Trans, useLingui } from '@lingui/react/macro';
import { Money } from 'shared/ui';
import type { MilestoneView as Milestone } from 'shared/contract';

/** Everything the card is charged for, before anything is paid. */
export function FeeBreakdown({ milestone, currency }: { milestone: Milestone; currency: string }) {
  const { t } = useLingui();
  const credit = Math.max(0, milestone.total - milestone.to_pay);
  return (
    <dl className="escrow-breakdown" aria-label={t`Fee breakdown`}>
      <div>
        <dt>
          <Trans>Milestone amount</Trans>
        </dt>
        <dd>
          <Money amount={milestone.amount} currency={currency} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Expert inspection fee</Trans>
        </dt>
        <dd>
          <Money amount={milestone.expert_fee} currency={currency} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Platform fee (1.5 %)</Trans>
        </dt>
        <dd>
          <Money amount={milestone.platform_fee} currency={currency} />
        </dd>
      </div>
      {credit > 0 && (
        <div>
          <dt>
            <Trans>Escrow credit applied</Trans>
          </dt>
          <dd>
            <Money amount={-credit} currency={currency} signed />
          </dd>
        </div>
      )}
      <div className="escrow-breakdown__total">
        <dt>
          <Trans>Total to pay</Trans>
        </dt>
        <dd>
          <Money amount={milestone.to_pay} currency={currency} />
        </dd>
      </div>
    </dl>
  );
}
