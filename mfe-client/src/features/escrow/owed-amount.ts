/**
 * Reads an amount typed in the currency's units ("1 250,50", "1,250.5",
 * "1.500") as minor units, refusing more decimals than the currency has
 * (none for XAF). A lone separator followed by exactly three digits groups
 * thousands, since no accepted currency has three decimals.
 */
export function parseOwedAmount(text: string, minorDigits: number): { minor: number } | { problem: 'format' | 'decimals' } {
  let cleaned = text.replace(/[\s\u00a0\u202f']/g, '');
  const lastComma = cleaned.lastIndexOf(',');
  const lastDot = cleaned.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const grouping = lastComma > lastDot ? '.' : ',';
    cleaned = cleaned.split(grouping).join('').replace(',', '.');
  } else {
    const separator = lastComma >= 0 ? ',' : lastDot >= 0 ? '.' : null;
    if (separator) {
      const parts = cleaned.split(separator);
      const grouped = parts.length > 2 || (parts[1]?.length === 3 && minorDigits < 3);
      cleaned = grouped ? parts.join('') : parts.join('.');
    }
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(cleaned);
  if (!match) return { problem: 'format' };
  const fraction = match[2] ?? '';
  if (fraction.length > minorDigits) return { problem: 'decimals' };
  return { minor: Number(match[1]) * 10 ** minorDigits + Number(fraction.padEnd(minorDigits, '0') || '0') };
}
