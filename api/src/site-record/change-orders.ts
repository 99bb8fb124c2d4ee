import { ESCROW_API_MESSAGES as EM, SITE_RECORD_MESSAGES as SM } from 'shared/messages';
import type { ChangeOrder, ChangeOrderFields, ChangeOrderStatus, ContractRole, MilestoneStatus, SiteAuthorRole } from 'shared/contract';
import type { Queryable } from '../db/database';
import { RuleError } from '../plugins/error-handler';
import type { NewNotification } from '../marketplace/notifications';
import { isBarred } from '../marketplace/project-access';
import { CLOSED_STATUSES, contractMilestones, isHeld, milestoneTotal, type ContractRow, type MilestoneRow } from '../escrow/contracts';
import { milestoneFees } from '../escrow/fees';
import { LockedAccounts, openHolds } from '../escrow/ledger';
import type { ContractContext } from '../escrow/operations';
import { appendRecord } from './chain';
import { FILE_COLUMNS, sitePhotoView, type FileWithMetadata } from './daily-logs';

/*
 * Change orders: either party proposes a change of the milestone plan, the
 * other approves or declines it before its answer date. An approval changes
 * the plan in the caller's transaction, on the contract row it locked:
 *  - a milestone not yet funded takes its new price (the client funds it the usual way);
 *  - a held milestone whose price goes down gives the difference (price and fees) back to
 *    the client from escrow: its holds are voided and taken again at the new price, and the
 *    rest is refunded, all balanced transfers of the ledger;
 *  - a held milestone whose price goes up gets the difference as a new milestone right after
 *    the plan, funded the usual way (money already in escrow never changes hands here);
 *  - a new milestone is added at the end of the plan;
 *  - nothing released, refunded or settled changes.
 */

export interface ChangeOrderRow {
  id: string;
  contract_id: string;
  proposed_by: string;
  proposer_role: 'client' | 'contractor';
  title: string;
  reason: string;
  new_end_date: string | null;
  respond_by: Date | string;
  status: 'proposed' | 'approved' | 'declined';
  decided_by: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
}

interface LineRow {
  position: number;
  milestone_id: string | null;
  title: string | null;
  amount_delta: string | number;
  applied_milestone_id: string | null;
  refunded: string | number;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** `proposed` past its answer date reads as `expired`; nothing is written when it lapses. */
export function statusOf(order: Pick<ChangeOrderRow, 'status' | 'respond_by'>, now = new Date()): ChangeOrderStatus {
  return order.status === 'proposed' && new Date(order.respond_by) <= now ? 'expired' : order.status;
}

function requireActive(contract: ContractRow): void {
  if (contract.status === 'frozen') throw new RuleError(409, EM.contractFrozen);
  if (contract.status !== 'active') throw new RuleError(409, EM.contractClosed);
}

/** The lines checked against the plan as it stands: each names a milestone of the contract that can still change. */
function checkLines(milestones: MilestoneRow[], lines: { milestone_id: string | null; amount_delta: number }[]): void {
  for (const line of lines) {
    if (!line.milestone_id) continue;
    const milestone = milestones.find((m) => m.id === line.milestone_id);
    if (!milestone) throw new RuleError(422, SM.linesInvalid);
    if (CLOSED_STATUSES.includes(milestone.status)) throw new RuleError(409, SM.milestoneClosed, { milestone: milestone.title });
    if ((milestone.status === 'draft' || line.amount_delta < 0) && milestone.amount + line.amount_delta <= 0) {
      throw new RuleError(422, SM.amountNotPositive, { milestone: milestone.title });
    }
  }
  const named = lines.filter((line) => line.milestone_id).map((line) => line.milestone_id);
  if (new Set(named).size !== named.length) throw new RuleError(422, SM.linesInvalid);
}

function notifyParties(ctx: ContractContext, userIds: (string | null)[], kind: NewNotification['kind'], change: string): NewNotification[] {
  const data = { title: ctx.title, contract_id: ctx.contract.id, change };
  return [...new Set(userIds.filter((id): id is string => Boolean(id)))].map((userId) => ({
    userId,
    kind,
    data,
    link: `/main/escrow/${ctx.contract.id}`,
  }));
}

/** A party's proposal; its attachments are stored by the caller, then `recordProposal` chains it. */
export async function proposeChangeOrder(ctx: ContractContext, proposerId: string, role: 'client' | 'contractor', fields: ChangeOrderFields) {
  const { tx, contract } = ctx;
  requireActive(contract);
  const lines = fields.lines.map((line) => ({ milestone_id: line.milestone_id ?? null, title: line.title ?? null, amount_delta: line.amount_delta }));
  checkLines(await contractMilestones(tx, contract.id), lines);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO change_orders (contract_id, proposed_by, proposer_role, title, reason, new_end_date, respond_by)
     VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp() + make_interval(days => $7)) RETURNING id`,
    [contract.id, proposerId, role, fields.title, fields.reason, fields.new_end_date ?? null, fields.respond_within_days],
  );
  const id = rows[0]!.id;
  await tx.query(
    `INSERT INTO change_order_lines (change_order_id, position, milestone_id, title, amount_delta)
     SELECT $1, n, m, t, d FROM unnest($2::uuid[], $3::text[], $4::bigint[]) WITH ORDINALITY AS l (m, t, d, n)`,
    [id, lines.map((line) => line.milestone_id), lines.map((line) => line.title), lines.map((line) => line.amount_delta)],
  );
  const other = role === 'client' ? contract.contractor_id : contract.client_id;
  return { id, notifications: notifyParties(ctx, [other, contract.expert_id], 'change_order_proposed', fields.title) };
}

/** The change order, locked, of the contract the caller locked; 404 when it belongs to another. */
export async function lockChangeOrder(tx: Queryable, contractId: string, id: string): Promise<ChangeOrderRow | undefined> {
  const { rows } = await tx.query<ChangeOrderRow>('SELECT * FROM change_orders WHERE id = $1 AND contract_id = $2 FOR UPDATE', [id, contractId]);
  return rows[0];
}

function requireAnswerable(order: ChangeOrderRow, answererId: string): void {
  if (order.proposed_by === answererId) throw new RuleError(403, SM.onlyOtherParty);
  const status = statusOf(order);
  if (status === 'expired') throw new RuleError(409, SM.expired);
  if (status !== 'proposed') throw new RuleError(409, SM.alreadyAnswered);
}

const insertMilestone = async (ctx: ContractContext, position: number, title: string, amount: number): Promise<string> => {
  const fees = milestoneFees(amount, ctx.contract.currency);
  const { rows } = await ctx.tx.query<{ id: string }>(
    'INSERT INTO milestones (contract_id, position, title, amount, expert_fee, platform_fee) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [ctx.contract.id, position, title, amount, fees.expert_fee, fees.platform_fee],
  );
  return rows[0]!.id;
};

/**
 * A held milestone's price goes down to `amount`: its two holds (payout, platform fee) are
 * voided and taken again at the new price, and what the milestone no longer needs (the price
 * difference and the fees' difference) is refunded to the client. Returns what was refunded.
 */
async function lowerHeldMilestone(ctx: ContractContext, milestone: MilestoneRow, amount: number): Promise<number> {
  const { tx, contract } = ctx;
  const fees = milestoneFees(amount, contract.currency);
  const after = { amount, ...fees };
  const refund = milestoneTotal(milestone) - milestoneTotal(after);
  const { locked, ids } = await LockedAccounts.lock(tx, [
    { kind: 'escrow', contractId: contract.id, currency: contract.currency },
    { kind: 'contractor', userId: contract.contractor_id, currency: contract.currency },
    { kind: 'platform_fee', currency: contract.currency },
    { kind: 'refunds', userId: contract.client_id, currency: contract.currency },
  ]);
  const [escrowId, contractorId, platformId, refundsId] = ids as [number, number, number, number];
  for (const hold of await openHolds(tx, milestone.id)) locked.resolve(hold, 0);
  const tags = { contractId: contract.id, milestoneId: milestone.id };
  locked.transfer({ debit: escrowId, credit: contractorId, amount, flag: 'pending', code: 'contractor_payout', ...tags });
  if (fees.platform_fee > 0) {
    locked.transfer({ debit: escrowId, credit: platformId, amount: fees.platform_fee, flag: 'pending', code: 'platform_fee', ...tags });
  }
  if (refund > 0) locked.transfer({ debit: escrowId, credit: refundsId, amount: refund, flag: 'posted', code: 'refund', ...tags });
  await locked.write();
  await tx.query('UPDATE milestones SET amount = $2, expert_fee = $3, platform_fee = $4, updated_at = now() WHERE id = $1', [
    milestone.id,
    amount,
    fees.expert_fee,
    fees.platform_fee,
  ]);
  return refund;
}

/** The other party approves: the plan changes as the lines say, in the caller's transaction. */
export async function approveChangeOrder(ctx: ContractContext, order: ChangeOrderRow, answererId: string) {
  const { tx, contract } = ctx;
  requireAnswerable(order, answererId);
  requireActive(contract);
  const milestones = await contractMilestones(tx, contract.id);
  const { rows: lines } = await tx.query<LineRow>('SELECT * FROM change_order_lines WHERE change_order_id = $1 ORDER BY position', [order.id]);
  const parsed = lines.map((line) => ({ ...line, amount_delta: Number(line.amount_delta) }));
  checkLines(milestones, parsed);
  const lowersHeld = parsed.some((line) => line.amount_delta < 0 && isHeld(milestones.find((m) => m.id === line.milestone_id)?.status ?? 'draft'));
  // A barred contractor is promised nothing new: the new holds would pay them.
  if (lowersHeld && (await isBarred(tx, contract.contractor_id))) throw new RuleError(409, EM.contractFrozen);
  let position = Math.max(0, ...milestones.map((m) => m.position));
  for (const line of parsed) {
    let applied: string;
    let refunded = 0;
    const milestone = milestones.find((m) => m.id === line.milestone_id);
    if (!milestone) {
      applied = await insertMilestone(ctx, ++position, line.title!, line.amount_delta);
    } else if (milestone.status === 'draft') {
      const amount = milestone.amount + line.amount_delta;
      const fees = milestoneFees(amount, contract.currency);
      await tx.query('UPDATE milestones SET amount = $2, expert_fee = $3, platform_fee = $4, updated_at = now() WHERE id = $1', [
        milestone.id,
        amount,
        fees.expert_fee,
        fees.platform_fee,
      ]);
      applied = milestone.id;
    } else if (line.amount_delta > 0) {
      applied = await insertMilestone(ctx, ++position, `${milestone.title} – ${order.title}`.slice(0, 200), line.amount_delta);
    } else {
      refunded = await lowerHeldMilestone(ctx, milestone, milestone.amount + line.amount_delta);
      applied = milestone.id;
    }
    await tx.query('UPDATE change_order_lines SET applied_milestone_id = $3, refunded = $4 WHERE change_order_id = $1 AND position = $2', [
      order.id,
      line.position,
      applied,
      refunded,
    ]);
  }
  if (order.new_end_date)
    await tx.query('UPDATE contracts SET planned_end = $2, updated_at = now() WHERE id = $1', [contract.id, order.new_end_date]);
  await decide(tx, order, answererId, 'approved');
  return notifyParties(ctx, [order.proposed_by, contract.expert_id], 'change_order_approved', order.title);
}

/** The other party declines: nothing else changes. */
export async function declineChangeOrder(ctx: ContractContext, order: ChangeOrderRow, answererId: string) {
  requireAnswerable(order, answererId);
  await decide(ctx.tx, order, answererId, 'declined');
  return notifyParties(ctx, [order.proposed_by, ctx.contract.expert_id], 'change_order_declined', order.title);
}

async function decide(tx: Queryable, order: ChangeOrderRow, answererId: string, status: 'approved' | 'declined') {
  await tx.query('UPDATE change_orders SET status = $2, decided_by = $3, decided_at = clock_timestamp() WHERE id = $1', [
    order.id,
    status,
    answererId,
  ]);
  await appendRecord(tx, order.contract_id, 'change_order', order.id);
}

/** The contract's change orders, newest first, as `viewerId` in `role` sees them. */
export async function changeOrders(
  db: Queryable,
  contract: ContractRow,
  role: ContractRole,
  viewerId: string | null,
  only?: string,
): Promise<ChangeOrder[]> {
  const { rows } = await db.query<ChangeOrderRow & { author_name: string }>(
    `SELECT o.*, o.new_end_date::text AS new_end_date, u.first_name || ' ' || u.last_name AS author_name
       FROM change_orders o JOIN users u ON u.id = o.proposed_by
      WHERE o.contract_id = $1 AND ($2::uuid IS NULL OR o.id = $2) ORDER BY o.created_at DESC, o.id LIMIT 200`,
    [contract.id, only ?? null],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const { rows: lines } = await db.query<
    LineRow & { change_order_id: string; milestone_title: string | null; milestone_status: MilestoneStatus | null }
  >(
    `SELECT l.*, m.title AS milestone_title, m.status AS milestone_status
       FROM change_order_lines l LEFT JOIN milestones m ON m.id = coalesce(l.milestone_id, l.applied_milestone_id)
      WHERE l.change_order_id = ANY ($1::uuid[]) ORDER BY l.position`,
    [ids],
  );
  const { rows: files } = await db.query<FileWithMetadata & { change_order_id: string }>(
    `SELECT f.change_order_id, ${FILE_COLUMNS} FROM escrow_files f WHERE f.change_order_id = ANY ($1::uuid[]) ORDER BY f.created_at, f.id`,
    [ids],
  );
  const now = new Date();
  return rows.map((row) => {
    const own = lines.filter((line) => line.change_order_id === row.id);
    const status = statusOf(row, now);
    return {
      id: row.id,
      contract_id: row.contract_id,
      title: row.title,
      reason: row.reason,
      proposed_by: { id: row.proposed_by, name: row.author_name, role: row.proposer_role as SiteAuthorRole },
      new_end_date: row.new_end_date,
      respond_by: iso(row.respond_by)!,
      status,
      decided_at: iso(row.decided_at),
      created_at: iso(row.created_at)!,
      currency: contract.currency,
      total_delta: own.reduce((sum, line) => sum + Number(line.amount_delta), 0),
      lines: own.map((line) => ({
        milestone_id: line.milestone_id,
        milestone_title: line.title ?? line.milestone_title ?? '',
        milestone_status: line.milestone_status,
        new_milestone: line.milestone_id === null,
        amount_delta: Number(line.amount_delta),
        applied_milestone_id: line.applied_milestone_id,
        refunded: Number(line.refunded),
      })),
      attachments: files.filter((file) => file.change_order_id === row.id).map((file) => sitePhotoView(role, contract.id, file)),
      can_answer:
        status === 'proposed' && (role === 'client' || role === 'contractor') && viewerId !== row.proposed_by && contract.status === 'active',
    };
  });
}
