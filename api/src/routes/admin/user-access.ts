import type { FastifyRequest } from 'fastify';
import { CHECK_KINDS, type CheckKind, type UserDetail } from 'shared/contract';
import { ADMIN_MESSAGES as A } from 'shared/messages';
import type { Queryable } from '../../db/database';
import type { UserRow } from '../../accounts/users';
import { HttpError } from '../../plugins/error-handler';
import { publicAudit, type AuditRow } from './audit';
import { adminUser, findAdminUser, type AdminUserRow } from './user-queries';
import { verificationFile } from './verification-file';

/** How a user appears in the audit log: who it was even if the account changes later. */
export const userLabel = (user: Pick<UserRow, 'first_name' | 'last_name' | 'email'>) => `${user.first_name} ${user.last_name} <${user.email}>`;

export const userNotFound = (request: FastifyRequest) => new HttpError(404, request.t(A.userNotFound));

/** The user, locked for the rest of the transaction, or 404. */
export async function lockUser(tx: Queryable, request: FastifyRequest, id: string): Promise<AdminUserRow> {
  const user = await findAdminUser(tx, id);
  if (!user) throw userNotFound(request);
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
  return (await findAdminUser(tx, id))!;
}

/** The user as the admin user screen shows it: account, verification file and latest audit entries. */
export async function userDetail(db: Queryable, user: AdminUserRow): Promise<UserDetail> {
  const { rows } = await db.query<AuditRow>(
    `SELECT * FROM admin_audit WHERE target_id = $1
     ORDER BY created_at DESC, id DESC LIMIT 50`,
    [user.id],
  );
  return { ...adminUser(user), verification: await verificationFile(db, user), audit: rows.map(publicAudit) };
}

export const requireSpecialist = (user: AdminUserRow, request: FastifyRequest) => {
  if (user.account_type !== 'specialist') throw new HttpError(409, request.t(A.onlySpecialists));
};

/** The check kind of the path; any other word is a 404, as an unknown page would be. */
export const checkKind = (request: FastifyRequest, kind: string): CheckKind => {
  if (!(CHECK_KINDS as readonly string[]).includes(kind)) throw new HttpError(404, request.t(A.unknownCheck));
  return kind as CheckKind;
};
