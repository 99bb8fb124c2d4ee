import { DAILY_LOG_GRACE_MINUTES, type ContractRole, type DailyLogEntry, type SiteAuthorRole, type SitePhoto } from 'shared/contract';
import type { Queryable } from '../db/database';
import { fileUrl } from '../escrow/contract-views';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export interface FileWithMetadata {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number | string;
  sha256: string | null;
  captured_at: Date | string | null;
  latitude: number | null;
  longitude: number | null;
}

export function sitePhotoView(role: ContractRole, contractId: string, file: FileWithMetadata): SitePhoto {
  return {
    id: file.id,
    file_name: file.file_name,
    content_type: file.content_type,
    size_bytes: Number(file.size_bytes),
    url: fileUrl(role, contractId, file.id),
    sha256: file.sha256 ?? '',
    captured_at: iso(file.captured_at),
    latitude: file.latitude === null ? null : Number(file.latitude),
    longitude: file.longitude === null ? null : Number(file.longitude),
  };
}

export const FILE_COLUMNS = 'f.id, f.file_name, f.content_type, f.size_bytes, f.sha256, f.captured_at, f.latitude, f.longitude';

/** Until when the author may still correct an entry written at `at`. */
export function editableUntil(at: Date | string): Date {
  return new Date(new Date(at).getTime() + DAILY_LOG_GRACE_MINUTES * 60_000);
}

interface LogRow {
  id: string;
  author_id: string;
  author_role: SiteAuthorRole;
  author_name: string;
  body: string;
  created_at: Date | string;
  edited_at: Date | string | null;
}

/** The contract's timeline, newest entry first, as `viewerId` in `role` sees it. */
export async function dailyLogs(
  db: Queryable,
  contractId: string,
  role: ContractRole,
  viewerId: string | null,
  now = new Date(),
): Promise<DailyLogEntry[]> {
  const { rows } = await db.query<LogRow>(
    `SELECT l.id, l.author_id, l.author_role, u.first_name || ' ' || u.last_name AS author_name, l.body, l.created_at, l.edited_at
       FROM daily_logs l JOIN users u ON u.id = l.author_id
      WHERE l.contract_id = $1 ORDER BY l.created_at DESC, l.id LIMIT 500`,
    [contractId],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const { rows: files } = await db.query<FileWithMetadata & { daily_log_id: string }>(
    `SELECT f.daily_log_id, ${FILE_COLUMNS} FROM escrow_files f WHERE f.daily_log_id = ANY ($1::uuid[]) ORDER BY f.created_at, f.id`,
    [ids],
  );
  const { rows: notes } = await db.query<{
    id: string;
    daily_log_id: string;
    author_id: string;
    author_role: SiteAuthorRole;
    author_name: string;
    body: string;
    created_at: Date;
  }>(
    `SELECT a.id, a.daily_log_id, a.author_id, a.author_role, u.first_name || ' ' || u.last_name AS author_name, a.body, a.created_at
       FROM daily_log_annotations a JOIN users u ON u.id = a.author_id
      WHERE a.daily_log_id = ANY ($1::uuid[]) ORDER BY a.created_at, a.id`,
    [ids],
  );
  return rows.map((row) => {
    const until = editableUntil(row.created_at);
    return {
      id: row.id,
      author: { id: row.author_id, name: row.author_name, role: row.author_role },
      body: row.body,
      at: iso(row.created_at)!,
      edited_at: iso(row.edited_at),
      editable_until: until.toISOString(),
      can_edit: role !== 'admin' && row.author_id === viewerId && now < until,
      photos: files.filter((file) => file.daily_log_id === row.id).map((file) => sitePhotoView(role, contractId, file)),
      annotations: notes
        .filter((note) => note.daily_log_id === row.id)
        .map((note) => ({
          id: note.id,
          author: { id: note.author_id, name: note.author_name, role: note.author_role },
          body: note.body,
          at: iso(note.created_at)!,
        })),
    };
  });
}
