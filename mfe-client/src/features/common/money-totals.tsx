import { Trans } from '@lingui/react/macro';
import type { CurrencyAmount } from './escrow-figures';
import { Money } from 'shared/ui';

/** One amount per currency, on its own line; "nothing" when the list is empty. */
export function MoneyTotals({ totals }: { totals: CurrencyAmount[] }) {
  if (totals.length === 0) return <Trans>None</Trans>;
  return (
    <>
      {totals.map((total, index) => (
        <span key={total.currency} className="escrow-total">
          {index > 0 && ' · '}
          <Money amount={total.amount} currency={total.currency} />
        </span>
      ))}
    </>
  );
}
