import { randomUUID } from 'node:crypto';
import type { Queryable } from '../src/db/database';
import { createSession } from '../src/accounts/sessions';
import { insertContract } from '../src/escrow/contracts';

/**
 * Escrow set-up written straight into the database, for the suites and the
 * benchmark where the set-up is not what is measured: accounts with a live
 * session (no password hashing), contracts without the quote round trip, and
 * milestones moved to "approved" (completion and inspection move no money).
 * Every payment still goes through the API.
 */

export interface SeededPerson {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

type Kind = 'client' | 'contractor' | 'expert';

/** A verified, signed-in account; specialists get a masonry profile in Douala. */
export async function seedPerson(db: Queryable, kind: Kind, firstName = 'Test', lastName = 'Person'): Promise<SeededPerson> {
  const email = `${kind}.${randomUUID()}@example.com`;
  const specialist = kind !== 'client';
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, first_name, last_name, country, city, account_type, specialist_kind, email_verified_at, verified_at)
     VALUES ($1, $2, $3, 'CM', 'Douala', $4, $5, now(), $6) RETURNING id`,
    [email, firstName, lastName, specialist ? 'specialist' : 'client', specialist ? kind : null, specialist ? new Date() : null],
  );
  const id = rows[0]!.id;
  if (specialist) {
    await db.query(
      `INSERT INTO specialist_profiles (user_id, company_name, categories, service_country, service_cities)
       VALUES ($1, $2, '{masonry}', 'CM', '{Douala}')`,
      [id, `${firstName} ${lastName} Ltd`],
    );
  }
  const token = await createSession(db, 'client', id, 30);
  return { id, email, token, headers: { authorization: `Bearer ${token}` } };
}

/** A signed-in back-office admin. */
export async function seedAdmin(db: Queryable): Promise<{ id: string; headers: { authorization: string } }> {
  const { rows } = await db.query<{ id: string }>(
    "INSERT INTO admins (email, password_hash, first_name, last_name) VALUES ($1, 'not-a-hash', 'Bench', 'Admin') RETURNING id",
    [`admin.${randomUUID()}@example.com`],
  );
  const token = await createSession(db, 'admin', rows[0]!.id, 30);
  return { id: rows[0]!.id, headers: { authorization: `Bearer ${token}` } };
}

export interface SeededMilestone {
  id: string;
  position: number;
  amount: number;
  expert_fee: number;
  platform_fee: number;
}

/** A project and its contract with these milestone amounts, as a quote's selection would create them. */
export async function seedContract(
  db: Queryable,
  parties: { clientId: string; contractorId: string; expertId?: string },
  amounts: number[],
  currency = 'XAF',
): Promise<{ id: string; milestones: SeededMilestone[] }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO projects (owner_id, title, description, category, country, city, currency, status)
     VALUES ($1, 'Guest house in Kribi', 'A two-bedroom guest house near the beach, with a covered terrace.', 'masonry', 'CM', 'Douala', $2, 'contracted')
     RETURNING id`,
    [parties.clientId, currency],
  );
  const id = await insertContract(
    db,
    { projectId: rows[0]!.id, quoteId: null, clientId: parties.clientId, contractorId: parties.contractorId, currency },
    amounts.map((amount, index) => ({ title: `Stage ${index + 1}`, amount })),
  );
  if (parties.expertId) await db.query('UPDATE contracts SET expert_id = $2 WHERE id = $1', [id, parties.expertId]);
  const { rows: milestones } = await db.query<Record<string, string | number>>(
    'SELECT id, position, amount, expert_fee, platform_fee FROM milestones WHERE contract_id = $1 ORDER BY position',
    [id],
  );
  return {
    id,
    milestones: milestones.map((m) => ({
      id: String(m.id),
      position: Number(m.position),
      amount: Number(m.amount),
      expert_fee: Number(m.expert_fee),
      platform_fee: Number(m.platform_fee),
    })),
  };
}

/** Funded milestones, completed and approved by the contract's expert: ready to release. */
export async function approveFunded(db: Queryable, contractId: string): Promise<number> {
  const { rows } = await db.query(
    `UPDATE milestones m SET status = 'approved', submitted_at = now(), completion_notes = 'Done.', inspected_at = now(),
            inspected_by = c.expert_id, inspection_decision = 'approved', inspection_notes = 'Checked on site.', updated_at = now()
       FROM contracts c
      WHERE c.id = m.contract_id AND m.contract_id = $1 AND m.status = 'funded' AND c.expert_id IS NOT NULL
      RETURNING m.id`,
    [contractId],
  );
  return rows.length;
}
