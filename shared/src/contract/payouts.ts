import * as v from 'valibot';
import { AMOUNT_MAX } from '../schemas/amount-limits';
import { issueMessage } from '../schemas/issue-messages';
import { VALIDATION_MESSAGES as M } from '../schemas/messages';
import { PAYOUT_MESSAGES as PM } from '../messages/payout-messages';

/*
 * Payouts (issue "money that really moves"): a payee's payout methods, the
 * available balance, payouts and their steps, the back office's view. Money
 * is an integer of minor units beside its ISO currency.
 */

const required = issueMessage(M.required);
const Money = v.pipe(v.number(), v.integer());
const When = v.pipe(v.string(), v.description('ISO 8601 date and time.'));

export const PAYOUT_METHOD_KINDS = ['mobile_money', 'bank'] as const;
export const MOBILE_OPERATORS = ['mtn', 'orange'] as const;
export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'returned'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** A new or changed payout method waits this long before it can receive money. */
export const PAYOUT_COOLING_OFF_HOURS = 72;

const text = (max: number) => v.pipe(v.string(required), v.trim(), v.minLength(2, required), v.maxLength(max, required));
/** Cameroon's numbers: 237 then nine digits (mobile numbers start with 6). */
export const CM_PHONE = /^2376\d{8}$/;
/** A Cameroonian RIB: bank (5), branch (5), account (11) and key (2) digits. */
export const CM_RIB = /^\d{23}$/;

/** ISO 13616: letters moved to numbers, the whole modulo 97 is 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of moved) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

const Password = v.pipe(v.string(required), v.minLength(1, required), v.maxLength(200, required));

/** Every change of a payout method proves the account's password (a second factor joins it here when sign-in has one). */
export const PayoutMethodBodySchema = v.variant('kind', [
  v.object({
    kind: v.literal('mobile_money'),
    operator: v.picklist(MOBILE_OPERATORS, required),
    phone: v.pipe(
      v.string(required),
      v.transform((s) => s.replace(/[\s+]/g, '')),
      v.regex(CM_PHONE, issueMessage(PM.invalidPhone)),
    ),
    holder_name: text(120),
    currency: v.optional(v.picklist(['XAF']), 'XAF'),
    password: Password,
  }),
  v.object({
    kind: v.literal('bank'),
    account_number: v.pipe(
      v.string(required),
      v.transform((s) => s.replace(/\s+/g, '').toUpperCase()),
      v.check((s) => CM_RIB.test(s) || isValidIban(s), issueMessage(PM.invalidIban)),
    ),
    holder_name: text(120),
    currency: v.optional(v.picklist(['XAF', 'EUR', 'USD', 'GBP']), 'XAF'),
    password: Password,
  }),
]);
export type PayoutMethodBody = v.InferInput<typeof PayoutMethodBodySchema>;

export const PasswordBodySchema = v.object({ password: Password });

export const PayoutMethodSchema = v.object({
  id: v.string(),
  kind: v.picklist(PAYOUT_METHOD_KINDS),
  operator: v.nullable(v.picklist(MOBILE_OPERATORS)),
  /** The number or account, all but its last four characters masked. */
  masked: v.string(),
  holder_name: v.string(),
  currency: v.string(),
  created_at: When,
  usable_from: When,
  usable: v.boolean(),
});
export type PayoutMethod = v.InferOutput<typeof PayoutMethodSchema>;
export const PayoutMethodListSchema = v.object({ data: v.array(PayoutMethodSchema) });

export const PayoutSchema = v.object({
  id: v.string(),
  amount: Money,
  currency: v.string(),
  provider_fee: Money,
  status: v.picklist(PAYOUT_STATUSES),
  held: v.boolean(),
  automatic: v.boolean(),
  method: v.object({ kind: v.picklist(PAYOUT_METHOD_KINDS), operator: v.nullable(v.picklist(MOBILE_OPERATORS)), masked: v.string() }),
  receipt_number: v.string(),
  failure_reason: v.nullable(v.string()),
  created_at: When,
  updated_at: When,
});
export type Payout = v.InferOutput<typeof PayoutSchema>;

export const BalanceSchema = v.object({ currency: v.string(), available: Money, on_the_way: Money, paid_out: Money });
export const PayoutOverviewSchema = v.object({
  balances: v.array(BalanceSchema),
  automatic: v.boolean(),
  kyc: v.picklist(['verified', 'pending', 'rejected', 'none']),
  data: v.array(PayoutSchema),
});
export type PayoutOverview = v.InferOutput<typeof PayoutOverviewSchema>;

export const PayoutRequestBodySchema = v.object({
  method_id: v.pipe(v.string(required), v.uuid(required)),
  amount: v.pipe(v.number(required), v.integer(required), v.minValue(1, required), v.maxValue(AMOUNT_MAX, required)),
  currency: v.pipe(v.string(required), v.regex(/^[A-Z]{3}$/, required)),
});
export const PayoutSettingsBodySchema = v.object({ automatic: v.boolean(required) });
export const PayoutSettingsSchema = v.object({ automatic: v.boolean() });

export const AdminPayoutSchema = v.object({
  ...PayoutSchema.entries,
  payee: v.object({ id: v.string(), name: v.string(), email: v.string() }),
  provider: v.string(),
  provider_reference: v.string(),
});
export type AdminPayout = v.InferOutput<typeof AdminPayoutSchema>;
export const AdminPayoutListQuerySchema = v.object({
  status: v.optional(v.picklist(PAYOUT_STATUSES)),
  page: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)), '1'),
});
export const AdminPayoutPageSchema = v.object({ data: v.array(AdminPayoutSchema), total: v.number(), page: v.number(), page_size: v.number() });

export const ReconciliationSchema = v.object({
  ok: v.boolean(),
  provider: v.string(),
  provider_transactions: v.number(),
  ledger_movements: v.number(),
  mismatches: v.array(v.object({ reference: v.string(), problem: v.string() })),
});

export const TestClockBodySchema = v.object({ advance_hours: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24 * 365)) });
export const TestClockSchema = v.object({ offset_hours: v.number() });
