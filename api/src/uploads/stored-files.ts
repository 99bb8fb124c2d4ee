import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ObjectStore, StoredObject } from './object-store';

/** File types recognised by their first bytes; the name and the browser's claimed type are never trusted. */
export type FileKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp';

export const FILE_CONTENT_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The extension a file of each kind gets, on disk and in the name shown to people. */
export const FILE_EXTENSIONS: Record<FileKind, string> = { pdf: 'pdf', png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

export function sniffFile(data: Buffer): FileKind | undefined {
  const starts = (bytes: number[], at = 0) => data.length >= at + bytes.length && bytes.every((byte, i) => data[at + i] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (data[4] === 0x37 || data[4] === 0x39) && data[5] === 0x61) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

/**
 * A name safe in a header and on screen: no folders, no control or quoting
 * characters, bounded length, and the extension of what the file really is.
 */
export function displayFileName(name: string | undefined, kind: FileKind, fallback = 'document'): string {
  const base = path
    .basename((name ?? '').replace(/\\/g, '/'))
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .trim()
    .replace(/\.[^.]*$/, '')
    .slice(0, 120);
  return `${base || fallback}.${FILE_EXTENSIONS[kind]}`;
}

/** The type an object is stored with, from the extension a store name ends with (photos add SVG). */
const EXTENSION_CONTENT_TYPES: Record<string, string> = {
  ...Object.fromEntries((Object.keys(FILE_EXTENSIONS) as FileKind[]).map((kind) => [FILE_EXTENSIONS[kind], FILE_CONTENT_TYPES[kind]])),
  svg: 'image/svg+xml',
};

/**
 * Uploaded files of one kind under `<folder>/` of the object store, under
 * random names (never the uploader's). Only names this store could have
 * produced are ever opened, so a request cannot reach any other file.
 */
export class StoredFiles<Extension extends string> {
  private readonly storedName: RegExp;

  constructor(
    private readonly store: ObjectStore,
    private readonly folder: string,
    extensions: readonly Extension[],
  ) {
    this.storedName = new RegExp(`^[A-Za-z0-9_-]{22,64}\\.(${extensions.join('|')})$`);
  }

  private key(name: string): string {
    return `${this.folder}/${name}`;
  }

  /** Stores the whole file under a new name, or throws having stored nothing. */
  async save(data: Buffer, extension: Extension): Promise<string> {
    const name = `${randomBytes(18).toString('base64url')}.${extension}`;
    await this.store.put(this.key(name), data, EXTENSION_CONTENT_TYPES[extension] ?? 'application/octet-stream');
    return name;
  }

  /** The extension of a name this store produced, or undefined for any other name. */
  extensionOf(name: string): Extension | undefined {
    return this.storedName.exec(name)?.[1] as Extension | undefined;
  }

  /** The whole file in memory, or undefined for a name we could not have produced or a missing file. */
  async read(name: string): Promise<Buffer | undefined> {
    const object = await this.open(name);
    if (!object) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  /** The file as a stream and its length, or undefined for a name we could not have produced or a missing file. */
  async open(name: string): Promise<StoredObject | undefined> {
    if (!this.extensionOf(name)) return undefined;
    return this.store.get(this.key(name));
  }

  async exists(name: string): Promise<boolean> {
    return this.extensionOf(name) ? this.store.exists(this.key(name)) : false;
  }

  /** Removes the file (the app's store logs a delete that fails instead of failing the request around it). */
  async remove(name: string): Promise<void> {
    if (this.extensionOf(name)) await this.store.delete(this.key(name));
  }
}

/**
 * A Content-Disposition header for a stored file: an ASCII fallback name for
 * old clients and the exact name in RFC 5987 form. A raw non-Latin-1 name
 * would make the header itself invalid.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
