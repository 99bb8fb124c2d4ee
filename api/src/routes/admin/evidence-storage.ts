import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;

type EvidenceKind = 'pdf' | 'png' | 'jpg' | 'gif';

const CONTENT_TYPES: Record<EvidenceKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
};

/** The file's real type from its first bytes; the name and the declared type are never trusted. */
export function sniffEvidence(data: Buffer): { kind: EvidenceKind; contentType: string } | undefined {
  const starts = (bytes: number[]) => data.length >= bytes.length && bytes.every((byte, i) => data[i] === byte);
  let kind: EvidenceKind | undefined;
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) kind = 'pdf';
  else if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) kind = 'png';
  else if (starts([0xff, 0xd8, 0xff])) kind = 'jpg';
  else if (starts([0x47, 0x49, 0x46, 0x38])) kind = 'gif';
  return kind ? { kind, contentType: CONTENT_TYPES[kind] } : undefined;
}

/** A display name safe in a header and a file system: no folders, no control characters. */
export function safeFileName(name: string | undefined, kind: EvidenceKind): string {
  const base = path.basename(name ?? '').replace(/[^\p{L}\p{N} ._()-]/gu, '_').trim().slice(0, 120);
  const withoutExt = base.replace(/\.[^.]*$/, '') || 'evidence';
  return `${withoutExt}.${kind}`;
}

const STORED_NAME = /^[A-Za-z0-9_-]{24,64}\.(pdf|png|jpg|gif)$/;

/** Verification evidence in `<uploadsDir>/evidence`, outside any publicly served folder. */
export class EvidenceStorage {
  private readonly dir: string;

  constructor(uploadsDir: string) {
    this.dir = path.join(uploadsDir, 'evidence');
  }

  async save(data: Buffer, kind: EvidenceKind): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(24).toString('base64url')}.${kind}`;
    await writeFile(path.join(this.dir, name), data, { flag: 'wx' });
    return name;
  }

  async read(name: string): Promise<Buffer | undefined> {
    if (!STORED_NAME.test(name)) return undefined;
    return readFile(path.join(this.dir, name)).catch(() => undefined);
  }
}
