import type { ImageKind } from './image-check';
import { StoredFiles } from './stored-files';

export const PHOTO_CONTENT_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** Profile photos in `<uploadsDir>/photos`. */
export class PhotoStorage {
  private readonly files: StoredFiles<ImageKind>;

  constructor(uploadsDir: string) {
    this.files = new StoredFiles(uploadsDir, 'photos', ['png', 'gif', 'svg']);
  }

  save(data: Buffer, kind: ImageKind): Promise<string> {
    return this.files.save(data, kind);
  }

  /** The file and its type, or undefined for a name we could not have produced or a missing file. */
  async read(name: string): Promise<{ data: Buffer; contentType: string } | undefined> {
    const kind = this.files.extensionOf(name);
    const data = kind ? await this.files.read(name) : undefined;
    return kind && data ? { data, contentType: PHOTO_CONTENT_TYPES[kind] } : undefined;
  }

  remove(name: string): Promise<void> {
    return this.files.remove(name);
  }
}
