import type { Queryable } from '../../db/database';
import { CHECK_KINDS, type CheckKind, type VerificationFile } from 'shared/contract';
import type { AdminUserRow } from './user-queries';

export interface CheckRow {
  kind: CheckKind;
  outcome: 'passed' | 'failed' | 'pending';
  checked_on: string | null;
  notes: string;
  recorded_by: string | null;
  recorded_by_name: string | null;
  recorded_at: Date | string;
}

export interface EvidenceRow {
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

export const ADMIN_NAME_SQL = (alias: string) => `NULLIF(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`;

export async function loadChecks(db: Queryable, userId: string): Promise<Map<CheckKind, CheckRow>> {
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

export const missingChecks = (checks: Map<CheckKind, CheckRow>) => CHECK_KINDS.filter((kind) => checks.get(kind)?.outcome !== 'passed');

/** A specialist's checks with their evidence and what still stands between them and verification; null for clients. */
export async function verificationFile(db: Queryable, user: AdminUserRow): Promise<VerificationFile | null> {
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
