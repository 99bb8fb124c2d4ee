import { ESCROW_API_MESSAGES as EM } from 'shared/messages';
import type { Queryable } from '../db/database';
import type { NewNotification } from '../marketplace/notifications';
import { RuleError } from '../plugins/error-handler';
import { isHeld, contractMilestones, insertContract, type MilestoneRow, type NewMilestone } from './contracts';
import { requireVerifiedExpert, settleMilestone, type ContractContext } from './operations';

/**
 * A contractor's insolvency: every open contract freezes (its escrow money is
 * ring-fenced), the assigned expert estimates what is owed per funded
 * milestone, and the client settles: the owed part is paid, the rest is
 * refunded or carried to a replacement contractor.
 */
export async function declareInsolvency(tx: Queryable, contractorId: string, adminId: string, note: string) {
  // Locked in id order, like ledger accounts: a concurrent operation on two of these contracts cannot deadlock with this one.
  const { rows } = await tx.query<{ id: string; status: string; client_id: string; expert_id: string | null; title: string }>(
    `SELECT c.id, c.status, c.client_id, c.expert_id, p.title FROM contracts c JOIN projects p ON p.id = c.project_id
     WHERE c.contractor_id = $1 AND c.status IN ('active', 'frozen') ORDER BY c.id FOR UPDATE OF c`,
    [contractorId],
  );
  // Dated once the contracts are ours: a payment that committed before holds no later transfer than
  // this, so the ledger check's "nothing paid to a barred party" judges it by the right moment.
  await tx.query('INSERT INTO insolvencies (contractor_id, declared_by, note, declared_at) VALUES ($1, $2, $3, clock_timestamp())', [
    contractorId,
    adminId,
    note,
  ]);
  const notifications: NewNotification[] = [];
  for (const contract of rows) {
    // A contract frozen for a dispute stays so; the dispute's resolution hands it over to the insolvency.
    if (contract.status === 'active') {
      await tx.query("UPDATE contracts SET status = 'frozen', frozen_reason = 'insolvency', updated_at = now() WHERE id = $1", [contract.id]);
    }
    for (const userId of [contract.client_id, contract.expert_id]) {
      if (userId) {
        notifications.push({
          userId,
          kind: 'contractor_insolvent',
          data: { title: contract.title, contract_id: contract.id },
          link: `/main/escrow/${contract.id}`,
        });
      }
    }
  }
  return { frozenContracts: rows.length, notifications };
}

function requireInsolvency(ctx: ContractContext): void {
  if (ctx.contract.status !== 'frozen' || ctx.contract.frozen_reason !== 'insolvency' || ctx.contract.settled_at) {
    throw new RuleError(409, ctx.contract.settled_at ? EM.alreadySettled : EM.notInsolvent);
  }
}

/** The assigned expert's estimate of what the contractor is owed for one funded milestone. */
export async function estimateMilestone(ctx: ContractContext, milestone: MilestoneRow, expertId: string, owed: number, notes: string) {
  if (ctx.contract.expert_id !== expertId) throw new RuleError(403, EM.notAssignedExpert);
  await requireVerifiedExpert(ctx.tx, expertId, new RuleError(403, EM.expertNotVerified));
  requireInsolvency(ctx);
  if (!isHeld(milestone.status)) throw new RuleError(409, EM.notEstimable);
  if (owed > milestone.amount) throw new RuleError(422, EM.estimateTooHigh);
  await ctx.tx.query(
    'UPDATE milestones SET estimate_owed = $2, estimate_notes = $3, estimated_at = now(), estimated_by = $4, updated_at = now() WHERE id = $1',
    [milestone.id, owed, notes, expertId],
  );
  const milestones = await contractMilestones(ctx.tx, ctx.contract.id);
  const complete = milestones.filter((m) => isHeld(m.status)).every((m) => m.estimate_owed !== null);
  const notifications: NewNotification[] = complete
    ? [
        {
          userId: ctx.contract.client_id,
          kind: 'estimate_ready',
          data: { title: ctx.title, contract_id: ctx.contract.id },
          link: `/main/escrow/${ctx.contract.id}`,
        },
      ]
    : [];
  return notifications;
}

/** Verified, active contractors of the project's trade and area, best rated first; never the insolvent one. */
export async function recommendedReplacements(db: Queryable, contractId: string) {
  const { rows } = await db.query<{
    id: string;
    first_name: string;
    last_name: string;
    company_name: string | null;
    city: string;
    country: string;
    rating: string | null;
    review_count: string;
  }>(
    `SELECT u.id, u.first_name, u.last_name, sp.company_name, u.city, sp.service_country AS country,
            (SELECT avg(r.rating) FROM reviews r WHERE r.contractor_id = u.id) AS rating,
            (SELECT count(*) FROM reviews r WHERE r.contractor_id = u.id) AS review_count
       FROM contracts c
       JOIN projects p ON p.id = c.project_id
       JOIN specialist_profiles sp ON p.category = ANY (sp.categories) AND p.country = sp.service_country
            AND (cardinality(sp.service_cities) = 0 OR p.city = ANY (sp.service_cities))
       JOIN users u ON u.id = sp.user_id
      WHERE c.id = $1 AND u.id <> c.contractor_id AND u.id <> c.client_id
        AND u.account_type = 'specialist' AND u.specialist_kind = 'contractor' AND u.status = 'active' AND u.verified_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM insolvencies i WHERE i.contractor_id = u.id)
      ORDER BY rating DESC NULLS LAST, review_count DESC, u.last_name, u.id
      LIMIT 10`,
    [contractId],
  );
  return rows.map((row) => ({
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    company_name: row.company_name ?? '',
    city: row.city,
    country: row.country,
    rating: row.rating === null ? null : Math.round(Number(row.rating) * 10) / 10,
    review_count: Number(row.review_count),
  }));
}

/**
 * The client's settlement once every funded milestone is estimated: each
 * estimate is paid to the contractor (with the expert's fee and the platform
 * fee on it); what remains is refunded, or carried into a new contract with
 * the chosen replacement, which takes over the unfinished work and receives
 * the carried money as credit. The old contract ends.
 */
export async function settleInsolvency(ctx: ContractContext, choice: 'refund' | 'carry', replacementId: string | null) {
  requireInsolvency(ctx);
  const { tx, contract } = ctx;
  const milestones = await contractMilestones(tx, contract.id);
  const held = milestones.filter((m) => isHeld(m.status));
  if (held.some((m) => m.estimate_owed === null)) throw new RuleError(409, EM.estimatesMissing);

  let newContractId: string | null = null;
  if (choice === 'carry') {
    const recommended = await recommendedReplacements(tx, contract.id);
    if (!replacementId || !recommended.some((candidate) => candidate.id === replacementId)) throw new RuleError(422, EM.replacementInvalid);
    const unfinished: NewMilestone[] = [
      ...held.filter((m) => m.amount - (m.estimate_owed ?? 0) > 0).map((m) => ({ title: m.title, amount: m.amount - (m.estimate_owed ?? 0) })),
      ...milestones.filter((m) => m.status === 'draft').map((m) => ({ title: m.title, amount: m.amount })),
    ];
    newContractId = await insertContract(
      tx,
      {
        projectId: contract.project_id,
        quoteId: null,
        clientId: contract.client_id,
        contractorId: replacementId,
        currency: contract.currency,
        replaces: contract.id,
      },
      unfinished,
    );
  }
  for (const milestone of held) {
    await settleMilestone(ctx, milestone, {
      contractorPart: milestone.estimate_owed ?? 0,
      expertId: milestone.estimated_by,
      ...(newContractId ? { carryTo: newContractId } : {}),
    });
  }
  await tx.query("UPDATE contracts SET status = 'terminated', frozen_reason = NULL, settled_at = now(), updated_at = now() WHERE id = $1", [
    contract.id,
  ]);
  const data = { title: ctx.title, contract_id: contract.id };
  const notifications: NewNotification[] = [contract.client_id, contract.contractor_id].map((userId) => ({
    userId,
    kind: 'insolvency_settled',
    data,
    link: `/main/escrow/${contract.id}`,
  }));
  if (newContractId && replacementId) {
    notifications.push({
      userId: replacementId,
      kind: 'contract_awarded',
      data: { ...data, contract_id: newContractId },
      link: `/main/escrow/${newContractId}`,
    });
  }
  return { newContractId, notifications };
}
