import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { CheckSchema, EvidenceParamsSchema, FileResponseSchema, UserCheckParamsSchema, UserDetailSchema, errorResponses } from 'shared/contract';
import { ADMIN_MESSAGES as A } from 'shared/messages';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';
import { FILE_EXTENSIONS, contentDisposition, displayFileName } from '../../uploads/stored-files';
import { writeAudit } from './audit';
import { EVIDENCE_CONTENT_TYPES, EVIDENCE_MAX_BYTES, evidenceFiles, sniffEvidence } from './evidence-storage';
import { checkKind, lockUser, requireSpecialist, userDetail, userLabel, userNotFound } from './user-access';
import { findAdminUser } from './user-queries';
import { loadChecks, type CheckRow, type EvidenceRow } from './verification-file';

const tags = ['admin'];

/** A specialist's verification checks and the evidence files behind them. */
export const adminCheckRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const evidence = evidenceFiles(app.objectStore);
  await app.register(multipart, { limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  api.put(
    '/admin/users/:id/checks/:kind',
    {
      schema: {
        tags,
        summary: "Record a check's outcome; a specialist whose check no longer passes loses the verification",
        security: SIGNED_IN,
        params: UserCheckParamsSchema,
        body: CheckSchema,
        response: { 200: UserDetailSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const kind = checkKind(request, request.params.kind);
      const input = request.body;
      const admin = request.admin!;
      const user = await app.db.transaction(async (tx) => {
        const user = await lockUser(tx, request, request.params.id);
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
          row
            ? { kind, outcome: row.outcome, checked_on: row.checked_on, notes: row.notes }
            : { kind, outcome: 'pending', checked_on: null, notes: '' };
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
    },
  );

  api.post(
    '/admin/users/:id/checks/:kind/evidence',
    {
      schema: {
        tags,
        summary: 'Attach an evidence file (PDF, PNG, JPEG or GIF, at most 10 MB) to a check',
        security: SIGNED_IN,
        consumes: ['multipart/form-data'],
        params: UserCheckParamsSchema,
        response: { 201: UserDetailSchema, ...errorResponses(401, 404, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const kind = checkKind(request, request.params.kind);
      const target = await findAdminUser(app.db, request.params.id);
      if (!target) throw userNotFound(request);
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
    },
  );

  api.get(
    '/admin/users/:id/checks/:kind/evidence/:evidenceId',
    {
      schema: {
        tags,
        summary: 'Download an evidence file (the download is recorded in the audit log)',
        security: SIGNED_IN,
        produces: [...EVIDENCE_CONTENT_TYPES],
        params: EvidenceParamsSchema,
        response: { 200: FileResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const kind = checkKind(request, request.params.kind);
      const { id, evidenceId } = request.params;
      const user = await findAdminUser(app.db, id);
      if (!user) throw userNotFound(request);
      const missing = () => new HttpError(404, request.t(A.evidenceNotFound));
      if (!/^[0-9a-f-]{36}$/i.test(evidenceId)) throw missing();
      const { rows } = await app.db.query<EvidenceRow>('SELECT * FROM verification_evidence WHERE id = $1 AND user_id = $2 AND kind = $3', [
        evidenceId,
        user.id,
        kind,
      ]);
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
    },
  );
};
