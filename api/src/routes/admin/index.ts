import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { MessageDescriptor } from '@lingui/core';
import { API_MESSAGES as M, ADMIN_MESSAGES as A } from 'shared/messages';
import type { AppConfig } from '../../config';
import type { Queryable } from '../../db/database';
import { issueAccountToken } from '../../accounts/account-tokens';
import { deleteUserSessions } from '../../accounts/sessions';
import { findUserByEmail, normalizeEmail, type UserRow } from '../../accounts/users';
import { parseWith } from '../../accounts/validate';
import { resetPasswordMail } from '../../mail/templates';
import { HttpError } from '../../plugins/error-handler';
import { mailTranslator } from '../auth/account-helpers';
import {
  AuditQuerySchema,
  CHECK_KINDS,
  CheckSchema,
  CreateExpertSchema,
  ReasonSchema,
  SummaryQuerySchema,
  UserListQuerySchema,
  type CheckKind,
} from './admin-schemas';
import { AUDIT_ACTIONS, publicAudit, writeAudit, type AuditRow } from './audit';
import { EVIDENCE_MAX_BYTES, evidenceFiles, sniffEvidence } from './evidence-storage';
import { FILE_EXTENSIONS, contentDisposition, displayFileName } from '../../uploads/stored-files';
import { adminUser, findAdminUser, listExperts, listUsers, summarizeUsers, type AdminUserRow } from './user-queries';

/**
 * Every admin route, as registered (method and full URL). Tests walk it to
 * prove that no client or specialist token reaches any of them.
 */
export const ADMIN_ROUTE_LIST: { method: string; url: string }[] = [];

const CHECK_LABELS: Record<CheckKind, MessageDescriptor> = {
  identity_register: A.checkIdentityRegister,
  location_visit: A.checkLocationVisit,
  customer_interviews: A.checkCustomerInterviews,
  financial_check: A.checkFinancial,
};

interface CheckRow {
  kind: CheckKind;
  outcome: 'passed' | 'failed' | 'pending';
  checked_on: string | null;
  notes: string;
  recorded_by: string | null;
  recorded_by_name: string | null;
  recorded_at: Date | string;
}

interface EvidenceRow {
  id: string;
  kind: CheckKind;
  file_name: string;
  stored_name: string;
  content_type: string;
  size_bytes: number;
  uploaded_by: string | null;
  uploaded_by_name: string | null;
  created_at: Date | string;
}

const ADMIN_NAME_SQL = (alias: string) => `NULLIF(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`;

async function loadChecks(db: Queryable, userId: string): Promise<Map<CheckKind, CheckRow>> {
  const { rows } = await db.query<CheckRow>(
    `SELECT c.kind, c.outcome, to_char(c.checked_on, 'YYYY-MM-DD') AS checked_on, c.notes, c.recorded_by,
       ${ADMIN_NAME_SQL('a')} AS recorded_by_name, c.recorded_at
     FROM verification_checks c LEFT JOIN admins a ON a.id = c.recorded_by WHERE c.user_id = $1`,
    [userId],
  );
  return new Map(rows.map((row) => [row.kind, row]));
}

function checkState(row: CheckRow | undefined) {
  return {
    outcome: row?.outcome ?? 'pending',
    checked_on: row?.checked_on ?? null,
    notes: row?.notes ?? '',
    recorded_by: row?.recorded_by ? { id: row.recorded_by, name: row.recorded_by_name ?? '' } : null,
    recorded_at: row ? new Date(row.recorded_at).toISOString() : null,
  };
}

const missingChecks = (checks: Map<CheckKind, CheckRow>) => CHECK_KINDS.filter((kind) => checks.get(kind)?.outcome !== 'passed');

async function verificationFile(db: Queryable, user: AdminUserRow) {
  if (user.account_type !== 'specialist') return null;
  const checks = await loadChecks(db, user.id);
  const { rows: evidence } = await db.query<EvidenceRow>(
    `SELECT e.id, e.kind, e.file_name, e.content_type, e.size_bytes, e.uploaded_by, ${ADMIN_NAME_SQL('a')} AS uploaded_by_name, e.created_at
     FROM verification_evidence e LEFT JOIN admins a ON a.id = e.uploaded_by WHERE e.user_id = $1 ORDER BY e.created_at, e.id`,
    [user.id],
  );
  return {
    checks: CHECK_KINDS.map((kind) => ({
      kind,
      ...checkState(checks.get(kind)),
      evidence: evidence
        .filter((item) => item.kind === kind)
        .map((item) => ({
          id: item.id,
          file_name: item.file_name,
          content_type: item.content_type,
          size_bytes: Number(item.size_bytes),
          uploaded_by: item.uploaded_by ? { id: item.uploaded_by, name: item.uploaded_by_name ?? '' } : null,
          uploaded_at: new Date(item.created_at).toISOString(),
        })),
    })),
    missing: missingChecks(checks),
  };
}

const userLabel = (user: Pick<UserRow, 'first_name' | 'last_name' | 'email'>) =>
  `${user.first_name} ${user.last_name} <${user.email}>`;

/** `/admin/*`: the back office. Every route here needs an admin session. */
export async function adminRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const evidence = evidenceFiles(app.objectStore);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      if (!ADMIN_ROUTE_LIST.some((known) => known.method === method && known.url === route.url)) {
        ADMIN_ROUTE_LIST.push({ method, url: route.url });
      }
    }
  });
  // On the whole plugin rather than per route, so a route added later cannot forget it;
  // onRequest also turns strangers away before any body is read.
  app.addHook('onRequest', app.requireAdmin);
  await app.register(multipart, { limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  const notFound = (request: FastifyRequest) => new HttpError(404, request.t(A.userNotFound));

  /** The user, locked for the rest of the transaction, or 404. */
  async function lockUser(tx: Queryable, request: FastifyRequest, id: string): Promise<AdminUserRow> {
    const user = await findAdminUser(tx, id);
    if (!user) throw notFound(request);
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
    return (await findAdminUser(tx, id))!;
  }

  async function userDetail(db: Queryable, user: AdminUserRow) {
    const { rows } = await db.query<AuditRow>(
      `SELECT * FROM admin_audit WHERE target_id = $1
       ORDER BY created_at DESC, id DESC LIMIT 50`,
      [user.id],
    );
    return { ...adminUser(user), verification: await verificationFile(db, user), audit: rows.map(publicAudit) };
  }

  const requireSpecialist = (user: AdminUserRow, request: FastifyRequest) => {
    if (user.account_type !== 'specialist') throw new HttpError(409, request.t(A.onlySpecialists));
  };

  const checkKind = (request: FastifyRequest): CheckKind => {
    const { kind } = request.params as { kind: string };
    if (!(CHECK_KINDS as readonly string[]).includes(kind)) throw new HttpError(404, request.t(A.unknownCheck));
    return kind as CheckKind;
  };

  app.get('/admin/users', async (request) => listUsers(app.db, parseWith(UserListQuerySchema, request.query, request)));

  app.get('/admin/users/summary', async (request) => {
    const { role } = parseWith(SummaryQuerySchema, request.query, request);
    return summarizeUsers(app.db, role);
  });

  app.get('/admin/users/:id', async (request) => {
    const user = await findAdminUser(app.db, (request.params as { id: string }).id);
    if (!user) throw notFound(request);
    return userDetail(app.db, user);
  });

  app.put('/admin/users/:id/checks/:kind', async (request) => {
    const kind = checkKind(request);
    const input = parseWith(CheckSchema, request.body, request);
    const admin = request.admin!;
    const user = await app.db.transaction(async (tx) => {
      const user = await lockUser(tx, request, (request.params as { id: string }).id);
      requireSpecialist(user, request);
      const before = (await loadChecks(tx, user.id)).get(kind);
      const { rows } = await tx.query<CheckRow>(
        `INSERT INTO verification_checks (user_id, kind, outcome, checked_on, notes, recorded_by, recorded_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (user_id, kind) DO UPDATE SET outcome = EXCLUDED.outcome, checked_on = EXCLUDED.checked_on,
           notes = EXCLUDED.notes, recorded_by = EXCLUDED.recorded_by, recorded_at = now()
         RETURNING kind, outcome, to_char(checked_on, 'YYYY-MM-DD') AS checked_on, notes`,
        [user.id, kind, input.outcome, input.checked_on || null, input.notes, admin.id],
      );
      const after = rows[0]!;
      const snapshot = (row: Pick<CheckRow, 'outcome' | 'checked_on' | 'notes'> | undefined) =>
        row ? { kind, outcome: row.outcome, checked_on: row.checked_on, notes: row.notes } : { kind, outcome: 'pending', checked_on: null, notes: '' };
      await writeAudit(tx, admin, {
        action: 'check.recorded',
        targetType: 'user',
        targetId: user.id,
        targetLabel: userLabel(user),
        before: snapshot(before),
        after: snapshot(after),
      });
      // Verified means every check passed: a check that no longer passes takes the verification away.
      if (user.verified_at && after.outcome !== 'passed') {
        await tx.query('UPDATE users SET verified_at = NULL, verified_by = NULL, updated_at = now() WHERE id = $1', [user.id]);
        await writeAudit(tx, admin, {
          action: 'user.verification_revoked',
          targetType: 'user',
          targetId: user.id,
          targetLabel: userLabel(user),
          before: { verified: true, verified_at: new Date(user.verified_at).toISOString() },
          after: { verified: false, reason: `${kind}: ${after.outcome}` },
        });
      }
      return user;
    });
    return userDetail(app.db, (await findAdminUser(app.db, user.id))!);
  });

  app.post('/admin/users/:id/checks/:kind/evidence', async (request, reply) => {
    const kind = checkKind(request);
    const target = await findAdminUser(app.db, (request.params as { id: string }).id);
    if (!target) throw notFound(request);
    requireSpecialist(target, request);
    const fileError = (status: number, message: string) => new HttpError(status, message, { file: [message] });
    if (!request.isMultipart()) throw fileError(422, request.t(A.evidenceMissing));
    let data: Buffer | undefined;
    let originalName: string | undefined;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || data) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      try {
        data = await part.toBuffer();
        originalName = part.filename;
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(413, request.t(A.evidenceTooLarge));
        throw error;
      }
    }
    if (!data || data.length === 0) throw fileError(422, request.t(A.evidenceMissing));
    const sniffed = sniffEvidence(data);
    if (!sniffed) throw fileError(422, request.t(A.evidenceType));
    const storedName = await evidence.save(data, FILE_EXTENSIONS[sniffed.kind]);
    const fileName = displayFileName(originalName, sniffed.kind, 'evidence');
    const admin = request.admin!;
    try {
      await app.db.transaction(async (tx) => {
        const user = await lockUser(tx, request, target.id);
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO verification_evidence (user_id, kind, file_name, stored_name, content_type, size_bytes, uploaded_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [user.id, kind, fileName, storedName, sniffed.contentType, data!.length, admin.id],
        );
        await writeAudit(tx, admin, {
          action: 'evidence.uploaded',
          targetType: 'user',
          targetId: user.id,
          targetLabel: userLabel(user),
          before: null,
          after: { kind, evidence_id: rows[0]!.id, file_name: fileName, size_bytes: data!.length },
        });
      });
    } catch (error) {
      // No row points at the file: remove it rather than keep evidence nobody can see or delete.
      await evidence.remove(storedName);
      throw error;
    }
    return reply.status(201).send(await userDetail(app.db, (await findAdminUser(app.db, target.id))!));
  });

  app.get('/admin/users/:id/checks/:kind/evidence/:evidenceId', async (request, reply) => {
    const kind = checkKind(request);
    const { id, evidenceId } = request.params as { id: string; evidenceId: string };
    const user = await findAdminUser(app.db, id);
    if (!user) throw notFound(request);
    const missing = () => new HttpError(404, request.t(A.evidenceNotFound));
    if (!/^[0-9a-f-]{36}$/i.test(evidenceId)) throw missing();
    const { rows } = await app.db.query<EvidenceRow>(
      'SELECT * FROM verification_evidence WHERE id = $1 AND user_id = $2 AND kind = $3',
      [evidenceId, user.id, kind],
    );
    const item = rows[0];
    const stored = item ? await evidence.open(item.stored_name) : undefined;
    if (!item || !stored) throw missing();
    await writeAudit(app.db, request.admin!, {
      action: 'evidence.downloaded',
      targetType: 'user',
      targetId: user.id,
      targetLabel: userLabel(user),
      after: { kind, evidence_id: item.id, file_name: item.file_name },
    });
    return reply
      .header('Content-Type', item.content_type)
      .header('Content-Disposition', contentDisposition('attachment', item.file_name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Length', stored.length)
      .send(stored.body);
  });

  app.put('/admin/users/:id/verify', async (request, reply) => {
    const admin = request.admin!;
    const outcome = await app.db.transaction(async (tx) => {
      const user = await lockUser(tx, request, (request.params as { id: string }).id);
      requireSpecialist(user, request);
      if (user.verified_at) return { user, missing: [] as CheckKind[] };
      const missing = missingChecks(await loadChecks(tx, user.id));
      if (missing.length > 0) {
        // A refusal is recorded too: admin actions are never silent.
        await writeAudit(tx, admin, {
          action: 'user.verification_refused',
          targetType: 'user',
          targetId: user.id,
          targetLabel: userLabel(user),
          after: { missing },
        });
        return { user, missing };
      }
      await tx.query('UPDATE users SET verified_at = now(), verified_by = $2, updated_at = now() WHERE id = $1', [user.id, admin.id]);
      await writeAudit(tx, admin, {
        action: 'user.verified',
        targetType: 'user',
        targetId: user.id,
        targetLabel: userLabel(user),
        before: { verified: false },
        after: { verified: true },
      });
      return { user, missing };
    });
    if (outcome.missing.length > 0) {
      const checks = outcome.missing.map((kind) => request.t(CHECK_LABELS[kind])).join(', ');
      return reply.status(409).send({ message: request.t(A.verificationNeeds, { checks }), missing: outcome.missing });
    }
    return userDetail(app.db, (await findAdminUser(app.db, outcome.user.id))!);
  });

  app.delete('/admin/users/:id/verify', async (request) => {
    const { reason } = parseWith(ReasonSchema, request.body, request);
    const admin = request.admin!;
    const user = await app.db.transaction(async (tx) => {
      const user = await lockUser(tx, request, (request.params as { id: string }).id);
      requireSpecialist(user, request);
      if (!user.verified_at) throw new HttpError(409, request.t(A.notVerified));
      await tx.query('UPDATE users SET verified_at = NULL, verified_by = NULL, updated_at = now() WHERE id = $1', [user.id]);
      await writeAudit(tx, admin, {
        action: 'user.verification_revoked',
        targetType: 'user',
        targetId: user.id,
        targetLabel: userLabel(user),
        before: { verified: true, verified_at: new Date(user.verified_at).toISOString() },
        after: { verified: false, reason },
      });
      return user;
    });
    return userDetail(app.db, (await findAdminUser(app.db, user.id))!);
  });

  app.post('/admin/users/:id/suspend', async (request) => {
    const { reason } = parseWith(ReasonSchema, request.body, request);
    const admin = request.admin!;
    const user = await app.db.transaction(async (tx) => {
      const user = await lockUser(tx, request, (request.params as { id: string }).id);
      if (user.status === 'suspended') throw new HttpError(409, request.t(A.alreadySuspended));
      await tx.query(
        `UPDATE users SET status = 'suspended', suspended_at = now(), suspension_reason = $2, updated_at = now() WHERE id = $1`,
        [user.id, reason],
      );
      // A suspended account is signed out everywhere at once, not when its tokens expire.
      await deleteUserSessions(tx, user.id);
      await writeAudit(tx, admin, {
        action: 'user.suspended',
        targetType: 'user',
        targetId: user.id,
        targetLabel: userLabel(user),
        before: { status: 'active' },
        after: { status: 'suspended', reason },
      });
      return user;
    });
    return userDetail(app.db, (await findAdminUser(app.db, user.id))!);
  });

  app.post('/admin/users/:id/reactivate', async (request) => {
    const admin = request.admin!;
    const user = await app.db.transaction(async (tx) => {
      const user = await lockUser(tx, request, (request.params as { id: string }).id);
      if (user.status !== 'suspended') throw new HttpError(409, request.t(A.notSuspended));
      await tx.query(
        `UPDATE users SET status = 'active', suspended_at = NULL, suspension_reason = NULL, updated_at = now() WHERE id = $1`,
        [user.id],
      );
      await writeAudit(tx, admin, {
        action: 'user.reactivated',
        targetType: 'user',
        targetId: user.id,
        targetLabel: userLabel(user),
        before: { status: 'suspended', reason: user.suspension_reason },
        after: { status: 'active' },
      });
      return user;
    });
    return userDetail(app.db, (await findAdminUser(app.db, user.id))!);
  });

  app.get('/admin/experts', async () => ({ data: await listExperts(app.db) }));

  app.post('/admin/experts', async (request, reply) => {
    const input = parseWith(CreateExpertSchema, request.body, request);
    const email = normalizeEmail(input.email);
    const taken = () => new HttpError(422, request.t(M.invalidFields), { email: [request.t(M.emailTaken)] });
    if (await findUserByEmail(app.db, email)) throw taken();
    const admin = request.admin!;
    let created: UserRow;
    try {
      created = await app.db.transaction(async (tx) => {
        // No password: the expert chooses one through the e-mailed link, which also proves the address.
        const { rows } = await tx.query<UserRow>(
          `INSERT INTO users (email, first_name, last_name, phone_number, country, city, locale, account_type, specialist_kind, email_verified_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'specialist', 'expert', now()) RETURNING *`,
          [email, input.first_name, input.last_name, input.phone_number, input.country, input.city, input.locale],
        );
        const user = rows[0]!;
        await writeAudit(tx, admin, {
          action: 'expert.created',
          targetType: 'user',
          targetId: user.id,
          targetLabel: userLabel(user),
          before: null,
          after: { email, first_name: user.first_name, last_name: user.last_name, country: user.country, city: user.city },
        });
        return user;
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw taken();
      throw error;
    }
    const token = await issueAccountToken(app.db, created.id, 'reset_password', created.email);
    const link = `${config.publicUrl}/reset-password?token=${token}`;
    await app.deliverMail(resetPasswordMail(mailTranslator(created, request), created.email, created.first_name, link));
    return reply.status(201).send(adminUser((await findAdminUser(app.db, created.id))!));
  });

  app.get('/admin/admins', async () => {
    const { rows } = await app.db.query<{ id: string; name: string; email: string }>(
      `SELECT id, COALESCE(${ADMIN_NAME_SQL('admins')}, email) AS name, email FROM admins ORDER BY lower(last_name), lower(first_name), id`,
    );
    return { data: rows };
  });

  app.get('/admin/audit', async (request) => {
    const query = parseWith(AuditQuerySchema, request.query, request);
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (query.admin) where.push(`admin_id::text = ${param(query.admin)}`);
    if (query.action) where.push(`action = ${param(query.action)}`);
    if (query.target) {
      const like = param(`%${query.target.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      where.push(`(target_id = ${param(query.target)} OR target_label ILIKE ${like})`);
    }
    if (query.from) where.push(`created_at >= ${param(query.from)}::date`);
    // Inclusive: entries of the whole "to" day.
    if (query.to) where.push(`created_at < ${param(query.to)}::date + 1`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const { rows: counted } = await app.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM admin_audit ${filter}`, params);
    const { rows } = await app.db.query<AuditRow>(
      `SELECT * FROM admin_audit ${filter} ORDER BY created_at DESC, id DESC
       LIMIT ${param(query.page_size)} OFFSET ${param((query.page - 1) * query.page_size)}`,
      params,
    );
    return {
      data: rows.map(publicAudit),
      meta: { page: query.page, page_size: query.page_size, total: Number(counted[0]?.total ?? 0), actions: AUDIT_ACTIONS },
    };
  });
}

