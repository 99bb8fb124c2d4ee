import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageKind } from './image-check';

export const PHOTO_CONTENT_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

const PHOTO_NAME = /^[A-Za-z0-9_-]{22,64}\.(png|gif|svg)$/;

/** Profile photos in `<uploadsDir>/photos`, under random names (never the uploader's). */
export class PhotoStorage {
  private readonly dir: string;

  constructor(uploadsDir: string) {
    this.dir = path.join(uploadsDir, 'photos');
  }

  async save(data: Buffer, kind: ImageKind): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(18).toString('base64url')}.${kind}`;
    await writeFile(path.join(this.dir, name), data, { flag: 'wx' });
    return name;
  }

  /** The file and its type, or undefined for a name we could not have produced or a missing file. */
  async read(name: string): Promise<{ data: Buffer; contentType: string } | undefined> {
    const match = PHOTO_NAME.exec(name);
    if (!match) return undefined;
    try {
      const data = await readFile(path.join(this.dir, name));
      return { data, contentType: PHOTO_CONTENT_TYPES[match[1] as ImageKind] };
    } catch {
      return undefined;
    }
  }

  async remove(name: string): Promise<void> {
    if (PHOTO_NAME.test(name)) await unlink(path.join(this.dir, name)).catch(() => undefined);
  }
}
