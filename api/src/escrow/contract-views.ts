import type { ContractRole, ContractView, DisputeMessage, DisputeView, StatementKind } from 'shared/contract';
import { prepared, type Queryable } from '../db/database';
import { isHeld, contractMilestones, milestoneTotal, toMilestone, type ContractRow, type MilestoneRow } from './contracts';
import type { Answer } from './idempotency';
import type { TransferRow } from './ledger';
import { ARBITRATION_WINDOW, DISPUTE_ANSWER_DAYS } from './timers';

type When = Date | string | null;
const iso = (value: When): string | null => (value === null ? null : new Date(value).toISOString());

export interface FileRow {
  id: string;
  milestone_id: string | null;
  dispute_id: string | null;
  purpose: 'photo' | 'report' | 'estimate' | 'evidence';
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: When;
}

/** Where files of a contract are downloaded from: the admin area has its own routes. */
export function fileUrl(role: ContractRole, contractId: string, fileId: string): string {
  return role === 'admin' ? `/api/v1/admin/contracts/${contractId}/files/${fileId}` : `/api/v1/contracts/${contractId}/files/${fileId}`;
}

function fileView(role: ContractRole, contractId: string, file: FileRow) {
  return {
    id: file.id,
    file_name: file.file_name,
    content_type: file.content_type,
    size_bytes: Number(file.size_bytes),
    url: fileUrl(role, contractId, file.id),
  };
}

async function escrowTransfers(db: Queryable, contractId: string): Promise<{ escrowId: number | null; transfers: TransferRow[] }> {
  const { rows: accounts } = await db.query<{ id: string }>("SELECT id FROM ledger_accounts WHERE kind = 'escrow' AND contract_id = $1", [
    contractId,
  ]);
  if (!accounts[0]) return { escrowId: null, transfers: [] };
  const escrowId = Number(accounts[0].id);
  const { rows } = await db.query<Record<string, unknown>>(
    'SELECT * FROM ledger_transfers WHERE debit_account_id = $1 OR credit_account_id = $1 ORDER BY id',
    [escrowId],
  );
  return {
    escrowId,
    transfers: rows.map((row) => ({
      ...(row as unknown as TransferRow),
      id: Number(row.id),
      amount: Number(row.amount),
      debit_account_id: Number(row.debit_account_id),
      credit_account_id: Number(row.credit_account_id),
    })),
  };
}

/**
 * The escrow account's posted movements, oldest first, with the running
 * balance. Holds only reserve money inside the account, so they appear when
 * they are posted.
 */
export type StatementEntry = ReturnType<typeof statementEntries>[number];

export async function contractStatement(db: Queryable, contractId: string) {
  const { escrowId, transfers } = await escrowTransfers(db, contractId);
  const milestones = new Map((await contractMilestones(db, contractId)).map((m) => [m.id, m]));
  return { entries: statementEntries(escrowId, transfers, milestones), escrowId };
}

/** The posted movements of the escrow account `escrowId` among `transfers`, with the running balance. */
function statementEntries(escrowId: number | null, transfers: TransferRow[], milestones: Map<string, MilestoneRow>) {
  let balance = 0;
  return transfers
    .filter((transfer) => transfer.flag === 'posted' || transfer.flag === 'post_pending')
    .map((transfer) => {
      const incoming = transfer.credit_account_id === escrowId;
      const amount = incoming ? transfer.amount : -transfer.amount;
      balance += amount;
      // A contract's transfers never carry payout codes: payouts leave a payee's account, not an escrow.
      const kind = (transfer.code === 'carry' ? (incoming ? 'carried_in' : 'carried_out') : transfer.code) as StatementKind;
      const milestone = transfer.milestone_id ? milestones.get(transfer.milestone_id) : undefined;
      return {
        id: String(transfer.id),
        at: iso(transfer.created_at)!,
        kind,
        milestone_position: milestone?.position ?? null,
        milestone_title: milestone?.title ?? null,
        amount,
        balance,
      };
    });
}

/** The virtual account's figures, from its statement and the milestones' states. */
export function accountFigures(entries: StatementEntry[], milestones: MilestoneRow[]) {
  const sum = (kind: StatementKind) => entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + Math.abs(entry.amount), 0);
  const held = entries.reduce((total, entry) => total + entry.amount, 0);
  const heldForMilestones = milestones.filter((m) => isHeld(m.status)).reduce((total, m) => total + milestoneTotal(m), 0);
  return {
    funded: sum('funding'),
    held,
    released: sum('contractor_payout'),
    expert_fees: sum('expert_fee'),
    platform_fees: sum('platform_fee'),
    refunded: sum('refund'),
    carried_in: sum('carried_in'),
    carried_out: sum('carried_out'),
    credit: Math.max(0, held - heldForMilestones),
  };
}

type NextAction = 'fund' | 'complete' | 'assign_expert' | 'inspect' | 'release' | 'estimate' | 'settle' | 'mediate' | 'none';

/** What a milestone waits for, and on whom. */
export function nextStep(
  contract: Pick<ContractRow, 'status' | 'frozen_reason' | 'expert_id' | 'settled_at'>,
  milestone: MilestoneRow,
  estimatesComplete: boolean,
  disputedMilestoneId: string | null,
): { action: NextAction; waiting_on: 'client' | 'contractor' | 'expert' | 'admin' | null } {
  const none = { action: 'none' as const, waiting_on: null };
  if (contract.status === 'completed' || contract.status === 'terminated') return none;
  if (contract.frozen_reason === 'dispute') {
    return milestone.id === disputedMilestoneId ? { action: 'mediate', waiting_on: 'admin' } : none;
  }
  if (contract.frozen_reason === 'insolvency') {
    if (!isHeld(milestone.status)) return none;
    if (milestone.estimate_owed === null)
      return contract.expert_id ? { action: 'estimate', waiting_on: 'expert' } : { action: 'assign_expert', waiting_on: 'admin' };
    return estimatesComplete ? { action: 'settle', waiting_on: 'client' } : none;
  }
  switch (milestone.status) {
    case 'draft':
      return { action: 'fund', waiting_on: 'client' };
    case 'funded':
    case 'changes_requested':
      return { action: 'complete', waiting_on: 'contractor' };
    case 'submitted':
      return contract.expert_id ? { action: 'inspect', waiting_on: 'expert' } : { action: 'assign_expert', waiting_on: 'admin' };
    case 'approved':
      return { action: 'release', waiting_on: 'client' };
    default:
      return none;
  }
}

const CONTRACT_SELECT = `
  SELECT c.*, p.title, p.category, p.city, p.country,
         cu.first_name || ' ' || cu.last_name AS client_name,
         ku.first_name || ' ' || ku.last_name AS contractor_name, coalesce(sp.company_name, '') AS company_name,
         eu.first_name || ' ' || eu.last_name AS expert_name,
         (SELECT n.id FROM contracts n WHERE n.replaces_contract_id = c.id ORDER BY n.created_at LIMIT 1) AS replaced_by,
         i.declared_at AS insolvent_at, i.note AS insolvency_note,
         (ku.status = 'active' AND i.contractor_id IS NULL) AS contractor_payable
    FROM contracts c
    JOIN projects p ON p.id = c.project_id
    JOIN users cu ON cu.id = c.client_id
    JOIN users ku ON ku.id = c.contractor_id
    LEFT JOIN specialist_profiles sp ON sp.user_id = c.contractor_id
    LEFT JOIN users eu ON eu.id = c.expert_id
    LEFT JOIN insolvencies i ON i.contractor_id = c.contractor_id`;

export type ContractDetailRow = ContractRow & {
  title: string;
  category: string;
  city: string;
  country: string;
  client_name: string;
  contractor_name: string;
  company_name: string;
  expert_name: string | null;
  replaced_by: string | null;
  insolvent_at: When;
  insolvency_note: string | null;
  contractor_payable: boolean;
};

export async function findContractDetail(db: Queryable, id: string): Promise<ContractDetailRow | undefined> {
  const { rows } = await db.query<ContractDetailRow>(`${CONTRACT_SELECT} WHERE c.id = $1`, [id]);
  return rows[0];
}

/** How a user stands towards a contract; `null` when it is none of their business. */
export function roleIn(contract: ContractRow, userId: string): ContractRole | null {
  if (contract.client_id === userId) return 'client';
  if (contract.contractor_id === userId) return 'contractor';
  if (contract.expert_id === userId) return 'expert';
  return null;
}

/** A dispute with its messages, deadlines (docs/product.md §9: arbitration in 6 weeks to 3 months) and evidence. */
export async function disputeView(db: Queryable, disputeId: string, role: ContractRole): Promise<DisputeView | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT d.*, m.title AS milestone_title, m.position AS milestone_position, m.amount, m.expert_fee, m.platform_fee,
            c.currency, c.client_id, p.title AS project_title,
            cu.first_name || ' ' || cu.last_name AS client_name, ku.first_name || ' ' || ku.last_name AS contractor_name,
            ou.first_name || ' ' || ou.last_name AS opener_name,
            d.opened_at + make_interval(days => ${DISPUTE_ANSWER_DAYS}) AS respond_by,
            d.opened_at + interval '${ARBITRATION_WINDOW.from}' AS arbitration_from,
            d.opened_at + interval '${ARBITRATION_WINDOW.until}' AS arbitration_until
       FROM disputes d
       JOIN milestones m ON m.id = d.milestone_id
       JOIN contracts c ON c.id = d.contract_id
       JOIN projects p ON p.id = c.project_id
       JOIN users cu ON cu.id = c.client_id
       JOIN users ku ON ku.id = c.contractor_id
       JOIN users ou ON ou.id = d.opened_by
      WHERE d.id = $1`,
    [disputeId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const contractId = String(row.contract_id);
  // One query after another: `db` may be a transaction's single connection.
  const { rows: messages } = await db.query<{
    id: string;
    author_name: string;
    author_role: DisputeMessage['author']['role'];
    body: string;
    created_at: When;
  }>('SELECT * FROM dispute_messages WHERE dispute_id = $1 ORDER BY id', [disputeId]);
  const { rows: evidence } = await db.query<FileRow>(
    "SELECT * FROM escrow_files WHERE dispute_id = $1 AND purpose = 'evidence' ORDER BY created_at",
    [disputeId],
  );
  const held = Number(row.amount) + Number(row.expert_fee) + Number(row.platform_fee);
  return {
    id: String(row.id),
    contract_id: contractId,
    milestone_id: String(row.milestone_id),
    milestone_title: String(row.milestone_title),
    milestone_position: Number(row.milestone_position),
    milestone_amount: Number(row.amount),
    opened_by: {
      id: String(row.opened_by),
      name: String(row.opener_name),
      role: row.opened_by === row.client_id ? ('client' as const) : ('contractor' as const),
    },
    reason: String(row.reason),
    status: row.status as 'open' | 'mediation' | 'resolved',
    opened_at: iso(row.opened_at as When)!,
    respond_by: iso(row.respond_by as When)!,
    arbitration_from: iso(row.arbitration_from as When)!,
    arbitration_until: iso(row.arbitration_until as When)!,
    held_amount: held,
    evidence: evidence.map((file) => fileView(role, contractId, file)),
    messages: messages.map((message) => ({
      id: String(message.id),
      author: { name: message.author_name, role: message.author_role },
      body: message.body,
      at: iso(message.created_at)!,
    })),
    resolution:
      row.status === 'resolved'
        ? {
            contractor_amount: Number(row.contractor_amount),
            refunded_amount: Number(row.refunded_amount),
            note: String(row.resolution_note),
            at: iso(row.resolved_at as When)!,
          }
        : null,
    contract: {
      id: contractId,
      currency: String(row.currency),
      project_title: String(row.project_title),
      client_name: String(row.client_name),
      contractor_name: String(row.contractor_name),
    },
  };
}

/**
 * What a contract's view is made of besides the contract itself, each part
 * as JSON, for the contract `d.id`: read in the same statement as the contract.
 */
const VIEW_PARTS = `
  (SELECT coalesce(json_agg(m ORDER BY m.position), '[]') FROM milestones m WHERE m.contract_id = d.id) AS view_milestones,
  (SELECT coalesce(json_agg(f ORDER BY f.created_at), '[]') FROM escrow_files f WHERE f.contract_id = d.id AND f.dispute_id IS NULL) AS view_files,
  (SELECT coalesce(json_agg(json_build_object('id', x.id, 'milestone_id', x.milestone_id)), '[]')
     FROM disputes x WHERE x.contract_id = d.id AND x.status <> 'resolved') AS view_disputes,
  (SELECT coalesce(json_agg(json_build_object('rating', r.rating, 'body', r.body, 'created_at', r.created_at)), '[]')
     FROM reviews r WHERE r.contract_id = d.id) AS view_reviews,
  (SELECT a.id FROM ledger_accounts a WHERE a.kind = 'escrow' AND a.contract_id = d.id) AS view_escrow_id,
  (SELECT coalesce(json_agg(json_build_object('id', t.id, 'debit_account_id', t.debit_account_id, 'credit_account_id', t.credit_account_id,
            'amount', t.amount, 'flag', t.flag, 'code', t.code, 'milestone_id', t.milestone_id, 'created_at', t.created_at) ORDER BY t.id), '[]')
     FROM ledger_accounts a JOIN ledger_transfers t ON t.debit_account_id = a.id OR t.credit_account_id = a.id
    WHERE a.kind = 'escrow' AND a.contract_id = d.id AND t.flag IN ('posted', 'post_pending')) AS view_transfers`;

/**
 * A contract and everything its view shows, as JSON, in one statement: the
 * database's `escrow_contract_view`, which the payments' calls also read
 * under their lock for the answer they store.
 */
export const CONTRACT_VIEW = prepared('SELECT escrow_contract_view($1) AS source');

/** Only the parts, for a contract already read. */
const VIEW_PARTS_OF = prepared(`SELECT ${VIEW_PARTS} FROM (SELECT $1::uuid AS id) d`);

interface ViewParts {
  view_milestones: Record<string, unknown>[];
  view_files: FileRow[];
  view_disputes: { id: string; milestone_id: string }[];
  view_reviews: { rating: number; body: string; created_at: When }[];
  view_escrow_id: string | number | null;
  view_transfers: Record<string, unknown>[];
}

/** Everything a screen shows about one contract, as seen by `role`; `undefined` when there is no such contract. */
export async function contractViewById(db: Queryable, contractId: string, role: ContractRole): Promise<ContractView | undefined> {
  const { rows } = await db.query<{ source: Record<string, unknown> | null }>(CONTRACT_VIEW, [contractId]);
  const source = rows[0]?.source;
  return source ? renderStoredView(db, source, role) : undefined;
}

/** The view of a contract from what `escrow_contract_view` read (now, or under a payment's lock). */
export async function renderStoredView(db: Queryable, source: Record<string, unknown>, role: ContractRole): Promise<ContractView> {
  const { view_milestones, view_files, view_disputes, view_reviews, view_escrow_id, view_transfers, ...contract } =
    source as unknown as ContractDetailRow & ViewParts;
  return renderContractView(db, contract, { view_milestones, view_files, view_disputes, view_reviews, view_escrow_id, view_transfers }, role);
}

/** Everything a screen shows about one contract, as seen by `role`. */
export async function contractView(db: Queryable, contract: ContractDetailRow, role: ContractRole): Promise<ContractView> {
  const { rows } = await db.query<ViewParts>(VIEW_PARTS_OF, [contract.id]);
  return renderContractView(db, contract, rows[0]!, role);
}

async function renderContractView(db: Queryable, contract: ContractDetailRow, parts: ViewParts, role: ContractRole): Promise<ContractView> {
  const milestones = parts.view_milestones.map(toMilestone);
  const files = parts.view_files;
  const disputes = parts.view_disputes;
  const reviews = parts.view_reviews;
  const escrowId = parts.view_escrow_id === null ? null : Number(parts.view_escrow_id);
  const transfers = parts.view_transfers.map(
    (row) =>
      ({
        ...(row as unknown as TransferRow),
        id: Number(row.id),
        amount: Number(row.amount),
        debit_account_id: Number(row.debit_account_id),
        credit_account_id: Number(row.credit_account_id),
      }) as TransferRow,
  );
  const figures = accountFigures(statementEntries(escrowId, transfers, new Map(milestones.map((m) => [m.id, m]))), milestones);
  const openDispute = disputes[0];
  const held = milestones.filter((m) => isHeld(m.status));
  const estimatesComplete = held.length > 0 && held.every((m) => m.estimate_owed !== null);
  const filesOf = (milestoneId: string, purpose: FileRow['purpose']) =>
    files.filter((file) => file.milestone_id === milestoneId && file.purpose === purpose).map((file) => fileView(role, contract.id, file));
  const last = milestones[milestones.length - 1];
  const review = reviews[0];
  return {
    id: contract.id,
    created_at: iso(contract.created_at)!,
    currency: contract.currency,
    status: contract.status,
    frozen_reason: contract.frozen_reason,
    my_role: role,
    project: { id: contract.project_id, title: contract.title, category: contract.category, city: contract.city, country: contract.country },
    client: { id: contract.client_id, name: contract.client_name },
    contractor: { id: contract.contractor_id, name: contract.contractor_name, company_name: contract.company_name },
    // False once the platform bars the contractor: nothing can be funded or released to them.
    contractor_payable: contract.contractor_payable,
    expert: contract.expert_id ? { id: contract.expert_id, name: contract.expert_name ?? '' } : null,
    replaces_contract_id: contract.replaces_contract_id,
    replaced_by_contract_id: contract.replaced_by,
    account: figures,
    milestones: milestones.map((m) => {
      // A milestone inspected again after changes, or estimated again, shows its latest report.
      const report = filesOf(m.id, 'report').at(-1);
      const estimateReport = filesOf(m.id, 'estimate').at(-1);
      return {
        id: m.id,
        position: m.position,
        title: m.title,
        amount: m.amount,
        expert_fee: m.expert_fee,
        platform_fee: m.platform_fee,
        total: milestoneTotal(m),
        to_pay: m.status === 'draft' ? Math.max(0, milestoneTotal(m) - figures.credit) : 0,
        status: m.status,
        funded_at: iso(m.funded_at),
        submitted_at: iso(m.submitted_at),
        inspected_at: iso(m.inspected_at),
        released_at: iso(m.released_at),
        auto_release_at: m.status === 'approved' && contract.status === 'active' ? iso(m.auto_release_at) : null,
        completion_notes: m.completion_notes,
        photos: filesOf(m.id, 'photo'),
        inspection:
          m.inspection_decision && report
            ? {
                decision: m.inspection_decision,
                notes: m.inspection_notes,
                report,
                expert_name: contract.expert_name ?? '',
                at: iso(m.inspected_at)!,
              }
            : null,
        estimate:
          m.estimate_owed !== null && estimateReport
            ? { owed_amount: m.estimate_owed, notes: m.estimate_notes, report: estimateReport, at: iso(m.estimated_at)! }
            : null,
        paid_to_contractor: m.paid_to_contractor,
        refunded_amount: m.refunded_amount,
        next: nextStep(contract, m, estimatesComplete, openDispute?.milestone_id ?? null),
      };
    }),
    dispute: (openDispute && (await disputeView(db, openDispute.id, role))) || null,
    insolvency: contract.insolvent_at
      ? {
          declared_at: iso(contract.insolvent_at)!,
          note: contract.insolvency_note ?? '',
          estimates_complete: estimatesComplete,
          settled_at: iso(contract.settled_at),
        }
      : null,
    review: review ? { rating: Number(review.rating), body: review.body, created_at: iso(review.created_at)! } : null,
    can_review: role === 'client' && !review && contract.status === 'completed' && last?.status === 'released',
  };
}

/**
 * The answer as the caller gets it: a stored answer carries the contract's
 * view as read under the lock (`contract_source`), rendered here for `role`,
 * the same for the first answer and for every replay. Answers stored before
 * (with their `contract` rendered) pass as they are.
 */
export async function renderAnswer(db: Queryable, answer: Answer, role: ContractRole = 'client'): Promise<Answer> {
  const body = answer.body as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || !('contract_source' in body)) return answer;
  const { contract_source: source, ...rest } = body;
  return { status: Number(answer.status), body: { ...rest, contract: await renderStoredView(db, source as Record<string, unknown>, role) } };
}
