import type { ObjectStore } from '../../uploads/object-store';
import { FILE_CONTENT_TYPES, FILE_EXTENSIONS, StoredFiles, sniffFile, type FileKind } from '../../uploads/stored-files';

export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;

/** Evidence is a scan, a photo or a report: PDF, PNG, JPEG or GIF. */
const EVIDENCE_KINDS: readonly FileKind[] = ['pdf', 'png', 'jpeg', 'gif'];
export const EVIDENCE_CONTENT_TYPES = EVIDENCE_KINDS.map((kind) => FILE_CONTENT_TYPES[kind]);

/** The evidence file's real type from its first bytes, or undefined for anything else. */
export function sniffEvidence(data: Buffer): { kind: FileKind; contentType: string } | undefined {
  const kind = sniffFile(data);
  return kind && EVIDENCE_KINDS.includes(kind) ? { kind, contentType: FILE_CONTENT_TYPES[kind] } : undefined;
}

/** Verification evidence under `evidence/` of the object store, never publicly served. */
export function evidenceFiles(store: ObjectStore): StoredFiles<string> {
  return new StoredFiles(
    store,
    'evidence',
    EVIDENCE_KINDS.map((kind) => FILE_EXTENSIONS[kind]),
  );
}
