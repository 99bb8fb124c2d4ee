import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useLingui } from '@lingui/react';
import { referenceBookAtom } from '../reference/atoms';
import { formatMoney } from './format-money';

export interface MoneyProps {
  /** Minor units (docs/product.md §7). */
  amount: number;
  currency: string;
  /** "+" before money coming in and "−" before money going out, as on a statement. */
  signed?: boolean;
  className?: string;
}

/** The reference book's minor digits for a currency when it is loaded; Intl's otherwise. */
function useMinorDigits(currency: string): number | undefined {
  const book = useAtomValue(referenceBookAtom);
  return book?.currencies.find((item) => item.code === currency)?.minor_digits;
}

/**
 * An amount of money as a figure that never breaks across lines: the one
 * element every screen renders money with. The marker attribute lets the
 * layout check find every figure on a page.
 */
export function Money({ amount, currency, signed = false, className }: MoneyProps) {
  const { i18n } = useLingui();
  const digits = useMinorDigits(currency);
  const sign = signed ? (amount > 0 ? '+' : amount < 0 ? '−' : '') : '';
  const text = formatMoney(signed ? Math.abs(amount) : amount, currency, i18n.locale || 'en', digits);
  return (
    <span className={className ? `ui-money ${className}` : 'ui-money'} data-money="">
      {sign}
      {text}
    </span>
  );
}

/** "€1,000 – €2,000" as two figures that each stay whole; the line may wrap between them. */
export function MoneyRange({
  min,
  max,
  currency,
  fallback = null,
}: {
  min: number | null;
  max: number | null;
  currency: string;
  fallback?: ReactNode;
}) {
  if (min === null && max === null) return <>{fallback}</>;
  if (min !== null && max !== null && min !== max) {
    return (
      <span className="ui-money-range">
        <Money amount={min} currency={currency} /> – <Money amount={max} currency={currency} />
      </span>
    );
  }
  return <Money amount={(min ?? max)!} currency={currency} />;
}
