import { HELD_MILESTONE_STATUSES, type ContractStatus, type FrozenReason, type InspectionDecision, type MilestoneStatus } from 'shared/contract';

import { prepared, type Queryable } from '../db/database';
import type { NewNotification } from '../marketplace/notifications';
import { milestoneFees } from './fees';

export type { ContractStatus, MilestoneStatus };

export interface ContractRow {
  id: string;
  project_id: string;
  quote_id: string | null;
  client_id: string;
  contractor_id: string;
  expert_id: string | null;
  currency: string;
  status: ContractStatus;
  frozen_reason: FrozenReason | null;
  replaces_contract_id: string | null;
  settled_at: Date | string | null;
  created_at: Date | string;
}

export interface MilestoneRow {
  id: string;
  contract_id: string;
  position: number;
  title: string;
  amount: number;
  expert_fee: number;
  platform_fee: number;
  status: MilestoneStatus;
  funded_at: Date | string | null;
  submitted_at: Date | string | null;
  completion_notes: string;
  inspected_at: Date | string | null;
  inspected_by: string | null;
  inspection_decision: InspectionDecision | null;
  inspection_notes: string;
  estimate_owed: number | null;
  estimate_notes: string;
  estimated_at: Date | string | null;
  estimated_by: string | null;
  released_at: Date | string | null;
  /** When an approved milestone is released without the client (`AUTO_RELEASE_DAYS` after approval). */
  auto_release_at: Date | string | null;
  paid_to_contractor: number;
  refunded_amount: number;
}

const HELD: readonly MilestoneStatus[] = HELD_MILESTONE_STATUSES;

/** Whether a milestone's money sits in escrow (`HELD_MILESTONE_STATUSES`): funded and not yet paid out or refunded. */
export const isHeld = (status: MilestoneStatus): boolean => HELD.includes(status);
export const CLOSED_STATUSES: readonly MilestoneStatus[] = ['released', 'refunded', 'settled'];

export function milestoneTotal(milestone: Pick<MilestoneRow, 'amount' | 'expert_fee' | 'platform_fee'>): number {
  return milestone.amount + milestone.expert_fee + milestone.platform_fee;
}

export function toMilestone(row: Record<string, unknown>): MilestoneRow {
  const milestone = row as unknown as MilestoneRow;
  return {
    ...milestone,
    amount: Number(row.amount),
    expert_fee: Number(row.expert_fee),
    platform_fee: Number(row.platform_fee),
    estimate_owed: row.estimate_owed === null ? null : Number(row.estimate_owed),
    paid_to_contractor: Number(row.paid_to_contractor),
    refunded_amount: Number(row.refunded_amount),
  };
}

const FIND_CONTRACT = prepared('SELECT * FROM contracts WHERE id = $1');
const LOCK_CONTRACT = prepared('SELECT * FROM contracts WHERE id = $1 FOR UPDATE');
const CONTRACT_MILESTONES = prepared('SELECT * FROM milestones WHERE contract_id = $1 ORDER BY position');

export async function findContract(db: Queryable, id: string, forUpdate = false): Promise<ContractRow | undefined> {
  const { rows } = await db.query<ContractRow>(forUpdate ? LOCK_CONTRACT : FIND_CONTRACT, [id]);
  return rows[0];
}

export async function contractMilestones(db: Queryable, contractId: string): Promise<MilestoneRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(CONTRACT_MILESTONES, [contractId]);
  return rows.map(toMilestone);
}

export interface NewMilestone {
  title: string;
  amount: number;
}

/** Inserts a contract and its milestones with their fees; returns the contract id. */
export async function insertContract(
  tx: Queryable,
  contract: { projectId: string; quoteId: string | null; clientId: string; contractorId: string; currency: string; replaces?: string },
  milestones: NewMilestone[],
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO contracts (project_id, quote_id, client_id, contractor_id, currency, replaces_contract_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [contract.projectId, contract.quoteId, contract.clientId, contract.contractorId, contract.currency, contract.replaces ?? null],
  );
  const id = rows[0]!.id;
  for (const [index, milestone] of milestones.entries()) {
    const fees = milestoneFees(milestone.amount, contract.currency);
    await tx.query('INSERT INTO milestones (contract_id, position, title, amount, expert_fee, platform_fee) VALUES ($1, $2, $3, $4, $5, $6)', [
      id,
      index + 1,
      milestone.title,
      milestone.amount,
      fees.expert_fee,
      fees.platform_fee,
    ]);
  }
  return id;
}

/**
 * Selecting a quote creates its contract, inside the selection's
 * transaction: the quote's milestones become the contract's, each with its
 * fees, and both parties hear about it.
 */
export async function createContractForQuote(
  tx: Queryable,
  project: { id: string; title: string; owner_id: string },
  quote: { id: string; specialist_id: string },
): Promise<{ contractId: string; notifications: NewNotification[] }> {
  const { rows: quoteRows } = await tx.query<{ currency: string }>('SELECT currency FROM quotes WHERE id = $1', [quote.id]);
  const { rows: plan } = await tx.query<{ title: string; amount: string | number }>(
    'SELECT title, amount FROM quote_milestones WHERE quote_id = $1 ORDER BY position',
    [quote.id],
  );
  const contractId = await insertContract(
    tx,
    { projectId: project.id, quoteId: quote.id, clientId: project.owner_id, contractorId: quote.specialist_id, currency: quoteRows[0]!.currency },
    plan.map((row) => ({ title: row.title, amount: Number(row.amount) })),
  );
  const link = `/main/escrow/${contractId}`;
  const data = { title: project.title, contract_id: contractId };
  return {
    contractId,
    notifications: [
      { userId: project.owner_id, kind: 'contract_created', data, link },
      { userId: quote.specialist_id, kind: 'contract_awarded', data, link },
    ],
  };
}
