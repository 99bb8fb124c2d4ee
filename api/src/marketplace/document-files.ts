import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Project documents may be plans, quotes, photos of the site: PDF or common image formats. */
export type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp';

export const DOCUMENT_CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENTS_PER_UPLOAD = 10;

/** The kind of a file from its first bytes; the name and the browser's claimed type are never trusted. */
export function sniffDocument(data: Buffer): DocumentKind | undefined {
  if (data.length >= 5 && data.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  if (data.length >= 8 && data.readUInt32BE(0) === 0x89504e47 && data.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.toString('latin1', 0, 6))) return 'gif';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** A display name safe to put in a header: no path, no control characters, bounded length. */
export function cleanFileName(name: string, kind: DocumentKind): string {
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  const fallback = `document.${kind === 'jpeg' ? 'jpg' : kind}`;
  return (base || fallback).slice(0, 150);
}

const STORED_NAME = /^[A-Za-z0-9_-]{24}\.(pdf|png|jpeg|gif|webp)$/;

/** Project documents in `<uploadsDir>/documents`, stored under random names. */
export class DocumentFiles {
  private readonly dir: string;

  constructor(uploadsDir: string) {
    this.dir = path.join(uploadsDir, 'documents');
  }

  async save(data: Buffer, kind: DocumentKind): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(18).toString('base64url')}.${kind}`;
    await writeFile(path.join(this.dir, name), data, { flag: 'wx' });
    return name;
  }

  open(storedName: string): Readable {
    if (!STORED_NAME.test(storedName)) throw new Error('Invalid stored document name');
    return createReadStream(path.join(this.dir, storedName));
  }

  async remove(storedName: string): Promise<void> {
    if (!STORED_NAME.test(storedName)) return;
    await unlink(path.join(this.dir, storedName)).catch(() => undefined);
  }
}
