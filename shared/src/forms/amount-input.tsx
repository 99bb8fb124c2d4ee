import { useLayoutEffect, useRef, type InputHTMLAttributes, type Ref } from 'react';
import { useLingui } from '@lingui/react';
import { caretAfterGrouping, groupAmountText } from '../money/group-amount';
import { useMergedRef } from './merged-ref';

export interface AmountInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  value: string;
  /** The text as shown, grouped: every amount parser of the product reads it as typed. */
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A field for an amount that groups its thousands as it is typed ("3 000 000"
 * in French, "3,000,000" in English), so that a figure with six zeros is
 * read at a glance, and keeps the caret after the digit just typed.
 */
export function AmountInput({ value, onChange, inputMode = 'decimal', ref, ...rest }: AmountInputProps) {
  const { i18n } = useLingui();
  const field = useRef<HTMLInputElement | null>(null);
  // The caller's ref (to focus the field) and this one's (to place the caret) on the same element.
  const attach = useMergedRef(field, ref);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = field.current;
    if (caret.current === null || !input || input.ownerDocument.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  return (
    <input
      {...rest}
      ref={attach}
      type="text"
      inputMode={inputMode}
      autoComplete={rest.autoComplete ?? 'off'}
      value={value}
      onChange={(event) => {
        const typed = event.target.value;
        const next = groupAmountText(typed, i18n.locale || 'en', value);
        caret.current = caretAfterGrouping(typed, event.target.selectionStart ?? typed.length, next, i18n.locale || 'en');
        onChange(next);
      }}
    />
  );
}
