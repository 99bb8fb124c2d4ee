import type { MessageDescriptor } from '@lingui/core';

/*
 * The statement as a CSV download: its column headers and the kinds of
 * movement, in the reader's language (written out like API_MESSAGES, since
 * the API runs without the macro).
 */
export const STATEMENT_MESSAGES = {
  date: /*i18n*/ { id: 'Date (UTC)', message: 'Date (UTC)' },
  kind: /*i18n*/ { id: 'Movement', message: 'Movement' },
  milestone: /*i18n*/ { id: 'Milestone', message: 'Milestone' },
  amount: /*i18n*/ { id: 'Amount', message: 'Amount' },
  balance: /*i18n*/ { id: 'Balance', message: 'Balance' },
  currency: /*i18n*/ { id: 'Currency', message: 'Currency' },
  timestamp: /*i18n*/ { id: 'ISO 8601 timestamp', message: 'ISO 8601 timestamp' },
  funding: /*i18n*/ { id: 'Card payment into escrow', message: 'Card payment into escrow' },
  contractor_payout: /*i18n*/ { id: 'Paid to the contractor', message: 'Paid to the contractor' },
  expert_fee: /*i18n*/ { id: 'Expert fee', message: 'Expert fee' },
  platform_fee: /*i18n*/ { id: 'Platform fee', message: 'Platform fee' },
  refund: /*i18n*/ { id: 'Refund to the client', message: 'Refund to the client' },
  carried_in: /*i18n*/ { id: 'Carried in from a previous contract', message: 'Carried in from a previous contract' },
  carried_out: /*i18n*/ { id: 'Carried to a replacement contract', message: 'Carried to a replacement contract' },
} satisfies Record<string, MessageDescriptor>;
