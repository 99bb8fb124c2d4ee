import type { Seeder } from './run-seeds';
import { createContractForQuote, contractMilestones, findContract, milestoneTotal, type MilestoneRow } from '../escrow/contracts';
import { completeMilestone, fundMilestone, inspectMilestone, releaseMilestone, type ContractContext } from '../escrow/operations';
import { recordSandboxPayment } from '../payments/payins/sandbox-payins';

const TITLE = 'Bathroom refit in Akwa';

/**
 * A contract under way for the demo accounts, built through the real escrow
 * rules and ledger: the first milestone paid out after the demo expert's
 * approval, the second funded and waiting on the contractor, the third to fund.
 */
export const escrowSeeder: Seeder = {
  name: 'escrow',
  async run(db) {
    const { rows: people } = await db.query<{ id: string; email: string }>(
      `SELECT id, email FROM users WHERE email IN ('client@demo.fundament.example', 'contractor@demo.fundament.example', 'expert@demo.fundament.example')`,
    );
    const id = (email: string) => people.find((person) => person.email === email)?.id;
    const clientId = id('client@demo.fundament.example');
    const contractorId = id('contractor@demo.fundament.example');
    const expertId = id('expert@demo.fundament.example');
    if (!clientId || !contractorId || !expertId) return;
    const { rows: existing } = await db.query('SELECT 1 FROM projects WHERE owner_id = $1 AND title = $2', [clientId, TITLE]);
    if (existing.length > 0) return;

    await db.transaction(async (tx) => {
      const { rows: projects } = await tx.query<{ id: string; title: string; owner_id: string }>(
        `INSERT INTO projects (owner_id, title, description, category, country, city, budget_min, budget_max, currency, status)
         VALUES ($1, $2, $3, 'bathroom', 'CM', 'Douala', 2000000, 3500000, 'XAF', 'contracted') RETURNING id, title, owner_id`,
        [
          clientId,
          TITLE,
          'Replace the bath with a walk-in shower, new tiling, a ventilation fan and a solar water heater for the upstairs bathroom.',
        ],
      );
      const project = projects[0]!;
      const { rows: quotes } = await tx.query<{ id: string; specialist_id: string }>(
        `INSERT INTO quotes (project_id, specialist_id, amount, currency, duration_days, message, status)
         VALUES ($1, $2, 2900000, 'XAF', 30, 'Three stages, photos sent at each one.', 'selected') RETURNING id, specialist_id`,
        [project.id, contractorId],
      );
      const quote = quotes[0]!;
      const plan = [
        ['Removal and plumbing', 900_000],
        ['Shower, tiling and ventilation', 1_400_000],
        ['Solar water heater and finishing', 600_000],
      ] as const;
      for (const [index, [title, amount]] of plan.entries()) {
        await tx.query('INSERT INTO quote_milestones (quote_id, position, title, amount) VALUES ($1, $2, $3, $4)', [
          quote.id,
          index + 1,
          title,
          amount,
        ]);
      }
      const { contractId } = await createContractForQuote(tx, project, quote);
      await tx.query('UPDATE contracts SET expert_id = $2 WHERE id = $1', [contractId, expertId]);
      const ctx: ContractContext = { tx, contract: (await findContract(tx, contractId, true))!, title: project.title };
      const milestone = async (position: number) => (await contractMilestones(tx, contractId)).find((m) => m.position === position)!;
      const charge = async (key: string, paying: MilestoneRow) => {
        const amount = milestoneTotal(paying);
        // The demo's payments are in the sandbox provider's records like any other, on the seeding transaction.
        const paid = await recordSandboxPayment(tx, { reference: key, amount, currency: 'XAF', description: TITLE });
        return { amount, ...paid };
      };
      await fundMilestone(ctx, await milestone(1), await charge('demo-fund-1', await milestone(1)));
      await completeMilestone(ctx, await milestone(1), 'Old bath removed, new supply and drain pipes laid and pressure-tested.');
      await inspectMilestone(ctx, await milestone(1), expertId, 'approved', 'Pipes pressure-tested on site; slopes to the drain correct.');
      await releaseMilestone(ctx, await milestone(1));
      await fundMilestone(ctx, await milestone(2), await charge('demo-fund-2', await milestone(2)));
    });
  },
};
