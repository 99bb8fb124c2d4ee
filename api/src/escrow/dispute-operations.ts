import { ESCROW_API_MESSAGES as EM } from 'shared/messages';
import type { Queryable } from '../db/database';
import type { NewNotification } from '../marketplace/notifications';
import { RuleError } from '../plugins/error-handler';
import { isHeld, type MilestoneRow } from './contracts';
import { closeIfDone, settleMilestone, type ContractContext } from './operations';

export interface DisputeRow {
  id: string;
  contract_id: string;
  milestone_id: string;
  opened_by: string;
  reason: string;
  status: 'open' | 'mediation' | 'resolved';
  milestone_status: string;
  opened_at: Date | string;
  resolved_at: Date | string | null;
  contractor_amount: number | null;
  refunded_amount: number | null;
  resolution_note: string;
}

function disputeNotice(ctx: ContractContext, kind: NewNotification['kind'], userIds: string[], disputeId: string): NewNotification[] {
  return [...new Set(userIds)].map((userId) => ({
    userId,
    kind,
    data: { title: ctx.title, contract_id: ctx.contract.id, dispute_id: disputeId },
    link: `/main/escrow/${ctx.contract.id}`,
  }));
}

/** Either party disputes a held milestone: the contract freezes until an admin resolves it. */
export async function openDispute(ctx: ContractContext, milestone: MilestoneRow, openerId: string, reason: string) {
  const { tx, contract } = ctx;
  if (contract.status === 'frozen') throw new RuleError(409, contract.frozen_reason === 'dispute' ? EM.disputeOpen : EM.contractFrozen);
  if (contract.status !== 'active') throw new RuleError(409, EM.contractClosed);
  if (!isHeld(milestone.status)) throw new RuleError(409, EM.notDisputable);
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO disputes (contract_id, milestone_id, opened_by, reason, milestone_status) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [contract.id, milestone.id, openerId, reason, milestone.status],
  );
  await tx.query("UPDATE contracts SET status = 'frozen', frozen_reason = 'dispute', updated_at = now() WHERE id = $1", [contract.id]);
  // A disputed milestone is paid only as the resolution says, never on its own.
  await tx.query('UPDATE milestones SET auto_release_at = NULL WHERE id = $1', [milestone.id]);
  const disputeId = rows[0]!.id;
  const other = openerId === contract.client_id ? contract.contractor_id : contract.client_id;
  return { disputeId, notifications: disputeNotice(ctx, 'dispute_opened', [other, ...(contract.expert_id ? [contract.expert_id] : [])], disputeId) };
}

export async function addDisputeMessage(
  tx: Queryable,
  ctx: ContractContext,
  dispute: DisputeRow,
  author: { name: string; role: 'client' | 'contractor' | 'admin'; userId?: string },
  body: string,
) {
  if (dispute.status === 'resolved') throw new RuleError(409, EM.disputeResolved);
  await tx.query('INSERT INTO dispute_messages (dispute_id, author_name, author_role, body) VALUES ($1, $2, $3, $4)', [
    dispute.id,
    author.name,
    author.role,
    body,
  ]);
  const readers = [ctx.contract.client_id, ctx.contract.contractor_id].filter((id) => id !== author.userId);
  return disputeNotice(ctx, 'dispute_message', readers, dispute.id);
}

export async function startMediation(tx: Queryable, dispute: DisputeRow): Promise<void> {
  if (dispute.status === 'resolved') throw new RuleError(409, EM.disputeResolved);
  await tx.query("UPDATE disputes SET status = 'mediation' WHERE id = $1", [dispute.id]);
}

/**
 * The admin's resolution splits the held milestone between the parties; the
 * contract thaws (or stays frozen if its contractor became insolvent meanwhile).
 */
export async function resolveDispute(
  ctx: ContractContext,
  dispute: DisputeRow,
  milestone: MilestoneRow,
  resolution: { contractorAmount: number; note: string; adminId: string },
) {
  if (dispute.status === 'resolved') throw new RuleError(409, EM.disputeResolved);
  const split = await settleMilestone(ctx, milestone, { contractorPart: resolution.contractorAmount, expertId: milestone.inspected_by });
  await ctx.tx.query(
    `UPDATE disputes SET status = 'resolved', resolved_at = now(), resolved_by = $2, contractor_amount = $3, refunded_amount = $4, resolution_note = $5
     WHERE id = $1`,
    [dispute.id, resolution.adminId, split.contractorPart, split.rest, resolution.note],
  );
  const { rows } = await ctx.tx.query('SELECT 1 FROM insolvencies WHERE contractor_id = $1', [ctx.contract.contractor_id]);
  if (rows.length > 0) {
    await ctx.tx.query("UPDATE contracts SET frozen_reason = 'insolvency', updated_at = now() WHERE id = $1", [ctx.contract.id]);
  } else {
    await ctx.tx.query("UPDATE contracts SET status = 'active', frozen_reason = NULL, updated_at = now() WHERE id = $1", [ctx.contract.id]);
    ctx.contract.status = 'active';
    ctx.contract.frozen_reason = null;
    await closeIfDone(ctx);
  }
  return { split, notifications: disputeNotice(ctx, 'dispute_resolved', [ctx.contract.client_id, ctx.contract.contractor_id], dispute.id) };
}
