import { ESCROW_API_MESSAGES as EM } from 'shared/messages';
import type { InspectionDecision } from 'shared/contract';
import { DEFAULT_AUTO_RELEASE_DAYS } from '../config';
import { prepared, type Queryable } from '../db/database';
import type { NewNotification } from '../marketplace/notifications';
import { isBarred } from '../marketplace/project-access';
import { RuleError } from '../plugins/error-handler';
import { platformFee } from './fees';
import { LockedAccounts, openHolds, type AccountRef } from './ledger';
import { FUND_LOCKED, RELEASE_LOCKED, moneyCall } from './payment-calls';
import { CLOSED_STATUSES, isHeld, contractMilestones, milestoneTotal, type ContractRow, type MilestoneRow } from './contracts';

/**
 * The escrow rules: each operation runs inside the caller's transaction on a
 * contract row the caller locked (`FOR UPDATE`), checks the milestone's state,
 * moves money through the ledger, and returns the notifications it causes.
 * A refused operation throws before writing anything.
 */

export interface ContractContext {
  tx: Queryable;
  contract: ContractRow;
  /** The project title, for notifications. */
  title: string;
  /**
   * The contract's milestones as read under the lock, when the caller has
   * them: an operation then does not read them again.
   */
  milestones?: MilestoneRow[];
}

const escrowOf = (contract: ContractRow): AccountRef => ({ kind: 'escrow', contractId: contract.id, currency: contract.currency });
const platformOf = (currency: string): AccountRef => ({ kind: 'platform_fee', currency });
const userAccount = (kind: AccountRef['kind'], userId: string, currency: string): AccountRef => ({ kind, userId, currency });

function requireActive(contract: ContractRow): void {
  if (contract.status === 'frozen') throw new RuleError(409, EM.contractFrozen);
  if (contract.status !== 'active') throw new RuleError(409, EM.contractClosed);
}

function notify(
  ctx: ContractContext,
  userIds: (string | null)[],
  kind: NewNotification['kind'],
  extra: Record<string, string | number> = {},
): NewNotification[] {
  const data = { title: ctx.title, contract_id: ctx.contract.id, ...extra };
  const link = `/main/escrow/${ctx.contract.id}`;
  return [...new Set(userIds.filter((id): id is string => Boolean(id)))].map((userId) => ({ userId, kind, data, link }));
}

async function setMilestone(tx: Queryable, id: string, changes: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(changes);
  const assignments = columns.map((column, index) => `${column} = $${index + 2}`).join(', ');
  // One prepared statement per set of columns: the few an operation changes.
  await tx.query(prepared(`UPDATE milestones SET ${assignments}, updated_at = now() WHERE id = $1`), [id, ...Object.values(changes)]);
}

/** Only a verified expert, not barred, inspects; and an approval counts only while its expert still is one. */
export async function requireVerifiedExpert(tx: Queryable, expertId: string, refusal = new RuleError(409, EM.approvalNotValid)): Promise<void> {
  const { rows } = await tx.query(
    `SELECT 1 FROM users WHERE id = $1 AND specialist_kind = 'expert' AND verified_at IS NOT NULL AND status = 'active'`,
    [expertId],
  );
  if (rows.length === 0) throw refusal;
}

/**
 * After a payout: a contract whose every milestone is closed is completed.
 * `milestones` when the caller holds them as they now stand.
 */
export async function closeIfDone(ctx: ContractContext, milestones?: MilestoneRow[]): Promise<void> {
  milestones ??= await contractMilestones(ctx.tx, ctx.contract.id);
  if (ctx.contract.status === 'active' && milestones.every((m) => CLOSED_STATUSES.includes(m.status))) {
    await ctx.tx.query("UPDATE contracts SET status = 'completed', updated_at = now() WHERE id = $1", [ctx.contract.id]);
    ctx.contract.status = 'completed';
  }
}

/** A card payment the provider took for a milestone, to be posted into its escrow. */
export interface CardPayment {
  amount: number;
  reference: string;
  cardLast4: string;
}

/**
 * Funding: the client's card payment (if any; the rest comes from the
 * contract's credit) lands in the contract's escrow account, and the
 * contractor's payout and the platform fee become holds on it. The card was
 * charged before this transaction began: this only posts. The rules are the
 * database's `escrow_fund_locked`, the same the payment routes call; the
 * notifications are written with it and returned for the e-mails.
 */
export async function fundMilestone(ctx: ContractContext, milestone: MilestoneRow, paid: CardPayment | null) {
  return moneyCall<{
    payment: { status: 'succeeded'; reference: string; amount: number; card_last4: string } | null;
    notifications: NewNotification[];
  }>(ctx.tx, FUND_LOCKED, [ctx.contract.id, milestone.id, paid?.amount ?? null, paid?.reference ?? null, paid?.cardLast4 ?? null, ctx.title]);
}

/** The contractor says the work is done, with notes (photos are stored by the caller). */
export async function completeMilestone(ctx: ContractContext, milestone: MilestoneRow, notes: string) {
  requireActive(ctx.contract);
  if (milestone.status !== 'funded' && milestone.status !== 'changes_requested') throw new RuleError(409, EM.notCompletable);
  await setMilestone(ctx.tx, milestone.id, { status: 'submitted', submitted_at: new Date(), completion_notes: notes });
  return notify(ctx, [ctx.contract.client_id, ctx.contract.expert_id], 'milestone_submitted', { milestone: milestone.title });
}

/**
 * The assigned expert approves the work or asks for changes (the report is
 * stored by the caller). An approval starts the auto-release countdown.
 */
export async function inspectMilestone(
  ctx: ContractContext,
  milestone: MilestoneRow,
  expertId: string,
  decision: InspectionDecision,
  notes: string,
  autoReleaseDays = DEFAULT_AUTO_RELEASE_DAYS,
) {
  if (ctx.contract.expert_id !== expertId) throw new RuleError(403, EM.notAssignedExpert);
  await requireVerifiedExpert(ctx.tx, expertId, new RuleError(403, EM.expertNotVerified));
  requireActive(ctx.contract);
  if (milestone.status !== 'submitted') throw new RuleError(409, EM.notInspectable);
  const now = new Date();
  await setMilestone(ctx.tx, milestone.id, {
    status: decision,
    auto_release_at: decision === 'approved' ? new Date(now.getTime() + autoReleaseDays * 86_400_000) : null,
    inspected_at: now,
    inspected_by: expertId,
    inspection_decision: decision,
    inspection_notes: notes,
  });
  const kind = decision === 'approved' ? 'inspection_approved' : 'inspection_changes';
  return notify(ctx, [ctx.contract.client_id, ctx.contract.contractor_id], kind, { milestone: milestone.title });
}

/**
 * Release after approval: the contractor's payout and the platform fee are
 * posted, the expert is paid their fee, the contract completed once every
 * milestone is closed, all in the caller's transaction (the database's
 * `escrow_release_locked`, the same the release route calls); the
 * notifications are written with it and returned for the e-mails.
 */
export async function releaseMilestone(ctx: ContractContext, milestone: MilestoneRow) {
  const result = await moneyCall<{ released: { contractor: number; expert_fee: number; platform_fee: number }; notifications: NewNotification[] }>(
    ctx.tx,
    RELEASE_LOCKED,
    [ctx.contract.id, milestone.id, ctx.title],
  );
  ctx.milestones = undefined;
  return result;
}

/**
 * Splits what a held milestone has in escrow (dispute resolution, insolvency
 * estimate): the contractor's hold is posted in part, the platform fee on that
 * part only, the expert is paid when they did inspect, and the rest is
 * refunded to the client or carried to another contract's escrow.
 */
export async function settleMilestone(
  ctx: ContractContext,
  milestone: MilestoneRow,
  split: { contractorPart: number; expertId: string | null; carryTo?: string },
): Promise<{ contractorPart: number; platformPart: number; expertPart: number; rest: number }> {
  const { contract, tx } = ctx;
  if (!isHeld(milestone.status)) throw new RuleError(409, EM.notDisputable);
  if (!Number.isSafeInteger(split.contractorPart) || split.contractorPart < 0 || split.contractorPart > milestone.amount) {
    throw new RuleError(422, EM.contractorAmountTooHigh);
  }
  // A barred expert (suspended) is paid no fee: it goes back with the rest.
  if (split.expertId && (await isBarred(tx, split.expertId))) split = { ...split, expertId: null };
  const restAccount: AccountRef = split.carryTo
    ? { kind: 'escrow', contractId: split.carryTo, currency: contract.currency }
    : userAccount('refunds', contract.client_id, contract.currency);
  const { locked, ids } = await LockedAccounts.lock(tx, [
    escrowOf(contract),
    restAccount,
    userAccount('contractor', contract.contractor_id, contract.currency),
    platformOf(contract.currency),
    ...(split.expertId ? [userAccount('expert', split.expertId, contract.currency)] : []),
  ]);
  const [escrowId, restId, , , expertId] = ids as [number, number, number, number, number | undefined];
  const platformPart = Math.min(platformFee(split.contractorPart), milestone.platform_fee);
  for (const hold of await openHolds(tx, milestone.id)) {
    locked.resolve(hold, hold.code === 'contractor_payout' ? split.contractorPart : platformPart);
  }
  const tags = { contractId: contract.id, milestoneId: milestone.id };
  const expertPart = split.expertId ? milestone.expert_fee : 0;
  if (expertPart > 0 && expertId !== undefined) {
    locked.transfer({ debit: escrowId, credit: expertId, amount: expertPart, flag: 'posted', code: 'expert_fee', ...tags });
  }
  const rest = milestoneTotal(milestone) - split.contractorPart - platformPart - expertPart;
  if (rest > 0) {
    locked.transfer({ debit: escrowId, credit: restId, amount: rest, flag: 'posted', code: split.carryTo ? 'carry' : 'refund', ...tags });
  }
  await locked.write();
  const status = split.contractorPart === milestone.amount ? 'released' : split.contractorPart === 0 && expertPart === 0 ? 'refunded' : 'settled';
  await setMilestone(tx, milestone.id, {
    status,
    released_at: new Date(),
    paid_to_contractor: split.contractorPart,
    refunded_amount: split.carryTo ? 0 : rest,
  });
  return { contractorPart: split.contractorPart, platformPart, expertPart, rest };
}
