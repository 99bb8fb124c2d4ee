import type { AuditEntry as AuditEntryView } from 'shared/contract';
import type { Queryable } from '../../db/database';
import type { AdminRow } from '../../accounts/auth-plugin';

/** Names of recorded admin actions, as the audit screen filters them. */
export const AUDIT_ACTIONS = [
  'check.recorded',
  'evidence.uploaded',
  'evidence.downloaded',
  'user.verified',
  'user.verification_revoked',
  'user.verification_refused',
  'user.suspended',
  'user.reactivated',
  'expert.created',
  'message.hidden',
  'message_report.dismissed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  action: AuditAction;
  targetType: 'user' | 'evidence' | 'message' | 'message_report';
  targetId: string;
  targetLabel: string;
  before?: unknown;
  after?: unknown;
}

export const adminName = (admin: Pick<AdminRow, 'first_name' | 'last_name' | 'email'>) =>
  `${admin.first_name} ${admin.last_name}`.trim() || admin.email;

/** Writes one audit row; call it with the transaction that makes the change so both commit or neither. */
export async function writeAudit(db: Queryable, admin: AdminRow, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO admin_audit (admin_id, admin_name, action, target_type, target_id, target_label, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      admin.id,
      adminName(admin),
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.targetLabel,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}

export interface AuditRow {
  id: string;
  admin_id: string | null;
  admin_name: string;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string;
  before: unknown;
  after: unknown;
  created_at: Date | string;
}

const asJson = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

export function publicAudit(row: AuditRow): AuditEntryView {
  return {
    id: String(row.id),
    admin: { id: row.admin_id, name: row.admin_name },
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    target_label: row.target_label,
    before: asJson(row.before) ?? null,
    after: asJson(row.after) ?? null,
    created_at: new Date(row.created_at).toISOString(),
  };
}
