import type { Queryable } from '../../db/database';
import type { AdminUser, UserListQuery, UserSummary, VerificationState } from 'shared/contract';
import type { SpecialistKind } from 'shared/schemas';
import { photoUrl, type UserRow } from '../../accounts/users';

/** A user row with what the admin screens add to it. */
export interface AdminUserRow extends Omit<UserRow, 'password_hash' | 'verified_at' | 'locale' | 'specialist_kind'> {
  locale: AdminUser['locale'];
  specialist_kind: SpecialistKind | null;
  created_at: Date | string;
  verified_at: Date | string | null;
  verified_by: string | null;
  verified_by_name: string | null;
  suspended_at: Date | string | null;
  suspension_reason: string | null;
  verification_state: VerificationState | null;
  company_name: string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/*
 * A specialist is verified once an admin verified them; "unverified" when a
 * check failed (they need attention); otherwise "pending" (awaiting
 * verification, whether or not checks have started). Clients have no state.
 */
const USERS_VIEW = `
  SELECT u.*,
    CASE
      WHEN u.account_type <> 'specialist' THEN NULL
      WHEN u.verified_at IS NOT NULL THEN 'verified'
      WHEN EXISTS (SELECT 1 FROM verification_checks c WHERE c.user_id = u.id AND c.outcome = 'failed') THEN 'unverified'
      ELSE 'pending'
    END AS verification_state,
    NULLIF(trim(a.first_name || ' ' || a.last_name), '') AS verified_by_name,
    COALESCE(sp.company_name, '') AS company_name
  FROM users u
  LEFT JOIN admins a ON a.id = u.verified_by
  LEFT JOIN specialist_profiles sp ON sp.user_id = u.id`;

export function adminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone_number: row.phone_number,
    company_name: row.company_name,
    country: row.country,
    city: row.city,
    locale: row.locale,
    photo_url: photoUrl(row.photo_file),
    account_type: row.account_type,
    specialist_kind: row.specialist_kind,
    role: row.account_type === 'client' ? 'client' : row.specialist_kind,
    status: row.status,
    email_verified: row.email_verified_at !== null,
    verified: row.verified_at !== null,
    verified_at: iso(row.verified_at),
    verified_by: row.verified_by ? { id: row.verified_by, name: row.verified_by_name ?? '' } : null,
    verification_state: row.verification_state,
    suspended_at: iso(row.suspended_at),
    suspension_reason: row.suspension_reason,
    created_at: iso(row.created_at)!,
  };
}

/** SQL conditions (on the view's columns) and their parameters, for one role of the admin screens. */
function roleCondition(role: string, where: string[]) {
  if (role === 'clients') where.push(`account_type = 'client'`);
  else if (role === 'specialists') where.push(`account_type = 'specialist'`);
  else if (role === 'contractors') where.push(`specialist_kind IN ('contractor', 'vendor', 'artisan')`);
  else if (role === 'experts') where.push(`specialist_kind = 'expert'`);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const ORDER_BY: Record<UserListQuery['sort'], string> = {
  created_at: 'created_at',
  name: 'lower(last_name), lower(first_name)',
  email: 'email',
};

export async function listUsers(db: Queryable, query: UserListQuery) {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  roleCondition(query.role, where);
  if (query.verification) where.push(`verification_state = ${param(query.verification)}`);
  if (query.status) where.push(`status = ${param(query.status)}`);
  // Stored as an ISO code; a name typed in the filter (English or French) reads as its code.
  if (query.country) where.push(`country = country_code(${param(query.country)})`);
  if (query.city) where.push(`lower(city) = lower(${param(query.city)})`);
  if (query.q) {
    const like = param(`%${escapeLike(query.q)}%`);
    where.push(
      `(first_name || ' ' || last_name ILIKE ${like} OR last_name || ' ' || first_name ILIKE ${like}
        OR email ILIKE ${like} OR phone_number ILIKE ${like} OR company_name ILIKE ${like})`,
    );
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const order = ORDER_BY[query.sort]
    .split(', ')
    .map((column) => `${column} ${direction}`)
    .join(', ');
  const { rows: counted } = await db.query<{ total: string | number }>(`SELECT count(*) AS total FROM (${USERS_VIEW}) v ${filter}`, params);
  const { rows } = await db.query<AdminUserRow>(
    `SELECT * FROM (${USERS_VIEW}) v ${filter} ORDER BY ${order}, id ${direction}
     LIMIT ${param(query.page_size)} OFFSET ${param((query.page - 1) * query.page_size)}`,
    params,
  );
  return {
    data: rows.map(adminUser),
    meta: { page: query.page, page_size: query.page_size, total: Number(counted[0]?.total ?? 0) },
  };
}

export async function summarizeUsers(db: Queryable, role: string): Promise<UserSummary> {
  const where: string[] = [];
  roleCondition(role, where);
  const { rows } = await db.query<Record<string, string | number>>(
    `SELECT count(*) AS total,
       count(*) FILTER (WHERE created_at > now() - interval '7 days') AS new_this_week,
       count(*) FILTER (WHERE verification_state IN ('pending', 'unverified')) AS awaiting_verification,
       count(*) FILTER (WHERE status = 'suspended') AS suspended
     FROM (${USERS_VIEW}) v ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
  );
  const row = rows[0] ?? {};
  return {
    total: Number(row.total ?? 0),
    new_this_week: Number(row.new_this_week ?? 0),
    awaiting_verification: Number(row.awaiting_verification ?? 0),
    suspended: Number(row.suspended ?? 0),
  };
}

export async function findAdminUser(db: Queryable, id: string): Promise<AdminUserRow | undefined> {
  // Anything but a UUID cannot be a user; checking first keeps PostgreSQL from rejecting the cast.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const { rows } = await db.query<AdminUserRow>(`SELECT * FROM (${USERS_VIEW}) v WHERE id = $1`, [id]);
  return rows[0];
}

/** Experts with their workload, so an admin assigns inspections to the least busy. */
export async function listExperts(db: Queryable) {
  const { rows } = await db.query<AdminUserRow & { workload: number }>(
    // Workload: milestones waiting on the expert, to inspect or (insolvency) to estimate.
    `SELECT v.*, (
       SELECT count(*) FROM milestones m JOIN contracts c ON c.id = m.contract_id
        WHERE c.expert_id = v.id
          AND ((c.status = 'active' AND m.status = 'submitted')
            OR (c.frozen_reason = 'insolvency' AND m.status IN ('funded', 'submitted', 'approved', 'changes_requested') AND m.estimate_owed IS NULL))
     ) AS workload
     FROM (${USERS_VIEW}) v WHERE specialist_kind = 'expert' ORDER BY lower(last_name), lower(first_name), id`,
  );
  return rows.map((row) => ({ ...adminUser(row), workload: Number(row.workload) }));
}
