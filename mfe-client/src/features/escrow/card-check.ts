import * as v from 'valibot';
import { cardSchemaAt, type Card, type CardInput } from 'shared/schemas';

export type CardField = keyof CardInput;

const FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc', 'name'];

/** The card as the API wants it, or the fields to fix: the server's own schema, so most mistakes never leave the page. */
export function checkCard(values: CardInput, now = new Date()): { card: Card } | { invalid: CardField[] } {
  const result = v.safeParse(cardSchemaAt(() => now), values);
  if (result.success) return { card: result.output };
  const flagged = new Set(result.issues.map((issue) => issue.path?.[0]?.key));
  return { invalid: FIELDS.filter((field) => flagged.has(field)) };
}
