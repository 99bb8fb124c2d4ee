import { SPACES } from './parse-money';

/** How a locale groups thousands as its user types: French with a narrow no-break space (as Intl writes it), English with commas. */
function marks(locale: string): { group: string; decimal: RegExp } {
  return locale.toLowerCase().startsWith('fr') ? { group: '\u202f', decimal: /[,.]/ } : { group: ',', decimal: /\./ };
}

const count = (text: string, mark: string) => text.split(mark).length - 1;

/** `text` with its whole part grouped in threes, or null when it is not a plain amount. */
function grouped(text: string, locale: string): string | null {
  const { group, decimal } = marks(locale);
  const compact = text.replace(SPACES, '').replaceAll(',', group === ',' ? '' : ',');
  const at = compact.search(decimal);
  const whole = at >= 0 ? compact.slice(0, at) : compact;
  const rest = at >= 0 ? compact.slice(at) : '';
  if (!/^\d*$/.test(whole) || !/^(?:[,.]\d*)?$/.test(rest)) return null;
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${rest}`;
}

/**
 * What an amount field shows as its user types `text`: the whole part grouped
 * in threes the locale's way ("3000000" → "3 000 000" in French, "3,000,000"
 * in English), the decimals as typed. Anything that is not a plain amount is
 * left as typed, for the field's message to explain; so is an English comma
 * the user typed themselves (one more than `previous`, the field's text
 * before, had, or one already there that is not a grouping), which might be
 * meant as a decimal mark and must not vanish.
 */
export function groupAmountText(text: string, locale: string, previous = ''): string {
  if (marks(locale).group === ',') {
    const typedComma = count(text, ',') > count(previous, ',') || (previous.includes(',') && grouped(previous, locale) !== previous);
    if (typedComma) return text;
  }
  return grouped(text, locale) ?? text;
}

/** Where the caret goes in `next` so that it follows the same digits and decimal mark it followed at `caret` in `typed`. */
export function caretAfterGrouping(typed: string, caret: number, next: string, locale: string): number {
  if (next === typed) return caret;
  const { group } = marks(locale);
  const significant = (char: string) => /\d/.test(char) || (char !== group && (char === ',' || char === '.'));
  let wanted = [...typed.slice(0, caret)].filter(significant).length;
  let position = 0;
  while (wanted > 0 && position < next.length) {
    if (significant(next[position]!)) wanted -= 1;
    position += 1;
  }
  return position;
}
