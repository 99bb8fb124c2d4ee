import { PAYOUT_MESSAGES as PM, STATEMENT_MESSAGES } from 'shared/messages';
import type { Translator } from '../../i18n/server-i18n';
import type { PayoutRow } from './payout-ledger';
import { maskedOf, type MethodRow } from './payout-service';
import { renderReceipt } from './payout-receipt';

const STATUS = {
  pending: PM.statusPending,
  in_transit: PM.statusInTransit,
  paid: PM.statusPaid,
  failed: PM.statusFailed,
  returned: PM.statusReturned,
} as const;

/**
 * A payout's receipt. A payout carries no platform or expert fee (those
 * were taken at the release); they are shown as zero so every receipt has
 * the same four figures, and the provider's fee is the platform's cost.
 */
export function payoutReceipt(t: Translator, locale: 'en' | 'fr', row: PayoutRow & Record<string, unknown>): Promise<Buffer> {
  const method = row as unknown as MethodRow & { method_kind: string; method_operator: string | null };
  const via = t(method.method_kind === 'bank' ? PM.methodBank : method.method_operator === 'mtn' ? PM.methodMtn : PM.methodOrange);
  return renderReceipt(t, {
    title: t(PM.receiptTitlePayout),
    number: row.receipt_number,
    locale,
    date: new Date(row.created_at),
    currency: row.currency,
    facts: [
      [t(PM.receiptPayee), `${String(row.first_name)} ${String(row.last_name)}`.trim()],
      [t(PM.receiptMethod), `${via} ${maskedOf(method)}`],
      [t(PM.receiptStatus), t(STATUS[row.status])],
      [t(PM.receiptReference), row.provider_reference],
    ],
    lines: [
      { label: t(PM.receiptAmount), amount: row.amount },
      { label: t(PM.receiptPlatformFee), amount: 0 },
      { label: t(PM.receiptExpertFee), amount: 0 },
      { label: t(PM.receiptProviderFee), amount: row.provider_fee },
    ],
    notes: [t(PM.receiptProviderFeeNote)],
  });
}

/**
 * A contract's statement as a numbered PDF: every posted movement of its
 * escrow with its date, then the totals (funded, the platform's 1.5 %, the
 * expert's fees, the provider's fee, paid to the contractor, refunded).
 */
export function contractStatementPdf(
  t: Translator,
  locale: 'en' | 'fr',
  input: {
    number: number;
    title: string;
    currency: string;
    entries: { at: string; kind: string; milestone_position: number | null; milestone_title: string | null; amount: number }[];
    totals: { funded: number; platform_fees: number; expert_fees: number; released: number; refunded: number };
  },
): Promise<Buffer> {
  const kinds: Record<string, { id: string; message: string }> = STATEMENT_MESSAGES;
  const date = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'short', timeZone: 'UTC' });
  return renderReceipt(t, {
    title: t(PM.statementTitle),
    number: input.number,
    locale,
    date: new Date(),
    currency: input.currency,
    facts: [[t(PM.statementContract), input.title]],
    movements: input.entries.map((entry) => ({
      label: [
        date.format(new Date(entry.at)),
        kinds[entry.kind] ? t(kinds[entry.kind]!) : entry.kind,
        entry.milestone_title ? `${entry.milestone_position}. ${entry.milestone_title}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
      amount: entry.amount,
    })),
    lines: [
      { label: t(PM.receiptFunded), amount: input.totals.funded },
      { label: t(PM.receiptPlatformFee), amount: input.totals.platform_fees },
      { label: t(PM.receiptExpertFee), amount: input.totals.expert_fees },
      // The pay-in provider's fee is not recorded per funding yet: shown as what the ledger knows.
      { label: t(PM.receiptProviderFee), amount: 0 },
      { label: t(PM.receiptReleased), amount: input.totals.released },
      { label: t(PM.receiptRefunded), amount: input.totals.refunded },
    ],
  });
}

/**
 * The receipt of one movement of a contract's escrow: a funding (the
 * milestone's amount, the platform's and the expert's fees inside what was
 * paid in, and the pay-in provider's fee, which the platform bears) or a
 * refund to the client. Numbered once, like every receipt.
 */
export function movementReceiptPdf(
  t: Translator,
  locale: 'en' | 'fr',
  input: {
    kind: 'funding' | 'refund';
    number: number;
    at: Date;
    contractTitle: string;
    currency: string;
    amount: number;
    milestone: { position: number; title: string; amount: number; platform_fee: number; expert_fee: number } | null;
    /** How the client paid (funding): the pay-in's method and last four digits, or none for the contract's credit. */
    paidBy?: { method: string; last4: string | null } | null;
    providerFee: number;
    providerReference: string | null;
  },
): Promise<Buffer> {
  const facts: [string, string][] = [[t(PM.statementContract), input.contractTitle]];
  if (input.milestone) facts.push([t(PM.receiptMilestone), `${input.milestone.position}. ${input.milestone.title}`]);
  if (input.kind === 'funding') {
    const paidBy = input.paidBy
      ? t(input.paidBy.method === 'mobile_money' ? PM.receiptPaidByMobile : PM.receiptPaidByCard, { last4: input.paidBy.last4 ?? '····' })
      : t(PM.receiptPaidByCredit);
    facts.push([t(PM.receiptPaidBy), paidBy]);
  }
  if (input.providerReference) facts.push([t(PM.receiptReference), input.providerReference]);
  const funding = input.kind === 'funding' && input.milestone;
  return renderReceipt(t, {
    title: t(input.kind === 'funding' ? PM.receiptTitleFunding : PM.receiptTitleRefund),
    number: input.number,
    locale,
    date: input.at,
    currency: input.currency,
    facts,
    lines: [
      ...(funding ? [{ label: t(PM.receiptAmount), amount: input.milestone!.amount }] : []),
      { label: t(PM.receiptPlatformFee), amount: funding ? input.milestone!.platform_fee : 0 },
      { label: t(PM.receiptExpertFee), amount: funding ? input.milestone!.expert_fee : 0 },
      { label: t(input.kind === 'funding' ? PM.receiptFunded : PM.receiptRefunded), amount: input.amount },
      { label: t(PM.receiptProviderFee), amount: input.providerFee },
    ],
    notes: input.kind === 'funding' ? [t(PM.receiptFundingFeeNote)] : [],
  });
}
