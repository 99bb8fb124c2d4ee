import { Trans } from '@lingui/react/macro';
import { useFormatters } from '../common/reference';
import type { CurrencyAmount } from './escrow-figures';

/** One amount per currency, on its own line; "nothing" when the list is empty. */
export function MoneyTotals({ totals }: { totals: CurrencyAmount[] }) {
  const format = useFormatters();
  if (totals.length === 0) return <Trans>None</Trans>;
  return (
    <>
      {totals.map((total, index) => (
        <span key={total.currency} className="escrow-total">
          {index > 0 && ' · '}
          {format.money(total.amount, total.currency)}
        </span>
      ))}
    </>
  );
}
