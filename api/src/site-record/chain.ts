import { createHash } from 'node:crypto';
import type { ChainBreak, ChainHead, ChainVerification, SiteRecordKind } from 'shared/contract';
import { prepared, type Queryable } from '../db/database';
import type { StoredFiles } from '../uploads/stored-files';

/*
 * The tamper-evident chain of a contract's site record. The rules are the
 * database's (migration 0046): `site_record_append` writes a record under the
 * lock of the contract's head, `site_record_breaks` recomputes every link.
 * Here: the calls, and what only the application can check, the bytes of the
 * files in the object store against the hashes the records carry.
 */

const APPEND = prepared('SELECT site_record_append($1, $2, $3)');
const HEAD = prepared('SELECT seq, hash FROM site_record_heads WHERE contract_id = $1');
const GENESIS: ChainHead = { seq: 0, hash: '0'.repeat(64) };

/** Appends the record of `subjectId` as its rows now stand, in the caller's transaction. */
export async function appendRecord(tx: Queryable, contractId: string, kind: SiteRecordKind, subjectId: string): Promise<void> {
  await tx.query(APPEND, [contractId, kind, subjectId]);
}

/** The last record's number and hash (64 zeros before the first). */
export async function chainHead(db: Queryable, contractId: string): Promise<ChainHead> {
  const { rows } = await db.query<{ seq: number; hash: string }>(HEAD, [contractId]);
  return rows[0] ? { seq: Number(rows[0].seq), hash: rows[0].hash } : GENESIS;
}

type Break = { seq: number; kind: SiteRecordKind | null; subject_id: string | null; reason: ChainBreak };

/**
 * Recomputes the chain: each record's links and hashes, the latest record of
 * each subject against its live row, rows that were never recorded, the head,
 * and each file's bytes against the hash its rows carry. Names the first
 * broken link (the lowest record number).
 */
export async function verifyChain(db: Queryable, files: StoredFiles<string>, contractId: string): Promise<ChainVerification> {
  const breaks: Break[] = [];
  const { rows } = await db.query<Break>('SELECT seq, kind, subject_id, reason FROM site_record_breaks($1)', [contractId]);
  breaks.push(...rows.map((row) => ({ ...row, seq: Number(row.seq) })));

  // Entries, annotations and change orders added by hand, outside the API, are in no record.
  const { rows: unrecorded } = await db.query<{ kind: SiteRecordKind; id: string }>(
    `SELECT 'daily_log' AS kind, l.id FROM daily_logs l WHERE l.contract_id = $1
        AND NOT EXISTS (SELECT 1 FROM site_records r WHERE r.contract_id = $1 AND r.kind = 'daily_log' AND r.subject_id = l.id)
     UNION ALL
     SELECT 'annotation', a.id FROM daily_log_annotations a JOIN daily_logs l ON l.id = a.daily_log_id WHERE l.contract_id = $1
        AND NOT EXISTS (SELECT 1 FROM site_records r WHERE r.contract_id = $1 AND r.kind = 'annotation' AND r.subject_id = a.id)
     UNION ALL
     SELECT 'change_order', o.id FROM change_orders o WHERE o.contract_id = $1
        AND NOT EXISTS (SELECT 1 FROM site_records r WHERE r.contract_id = $1 AND r.kind = 'change_order' AND r.subject_id = o.id)`,
    [contractId],
  );
  const head = await chainHead(db, contractId);
  // Past the head: nothing recorded it, so it breaks the chain right after its last link.
  breaks.push(...unrecorded.map((row) => ({ seq: head.seq + 1, kind: row.kind, subject_id: row.id, reason: 'unrecorded' as const })));

  // Each file the chain names, read back from the store: its bytes must still have the recorded hash.
  const { rows: named } = await db.query<{ seq: number; kind: SiteRecordKind; subject_id: string; sha256: string; stored_name: string | null }>(
    `SELECT r.seq, r.kind, r.subject_id, f->>'sha256' AS sha256, e.stored_name
       FROM site_records r CROSS JOIN LATERAL jsonb_array_elements(r.payload->'files') AS f
       LEFT JOIN escrow_files e ON e.id = (f->>'id')::uuid
      WHERE r.contract_id = $1 AND f->>'sha256' IS NOT NULL
      ORDER BY r.seq`,
    [contractId],
  );
  const checked = new Map<string, boolean>();
  for (const file of named) {
    const key = `${file.stored_name}|${file.sha256}`;
    if (!checked.has(key)) {
      const bytes = file.stored_name ? await files.read(file.stored_name) : undefined;
      checked.set(key, Boolean(bytes) && createHash('sha256').update(bytes!).digest('hex') === file.sha256);
    }
    if (!checked.get(key)) breaks.push({ seq: Number(file.seq), kind: file.kind, subject_id: file.subject_id, reason: 'file_bytes' });
  }

  const { rows: counted } = await db.query<{ count: string }>('SELECT count(*) FROM site_records WHERE contract_id = $1', [contractId]);
  breaks.sort((a, b) => a.seq - b.seq);
  return { ok: breaks.length === 0, records: Number(counted[0]!.count), head, broken: breaks[0] ?? null };
}
