import type { ImageKind } from './image-check';
import type { ObjectStore, StoredObject } from './object-store';
import { StoredFiles } from './stored-files';

/** What a profile photo is stored as: the spec's formats as uploaded, a camera's photo as a WebP square. */
export type PhotoKind = ImageKind | 'webp';

export const PHOTO_CONTENT_TYPES: Record<PhotoKind, string> = {
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

/** Profile photos under `photos/` of the object store. */
export class PhotoStorage {
  private readonly files: StoredFiles<PhotoKind>;

  constructor(store: ObjectStore) {
    this.files = new StoredFiles(store, 'photos', ['png', 'gif', 'svg', 'webp']);
  }

  save(data: Buffer, kind: PhotoKind): Promise<string> {
    return this.files.save(data, kind);
  }

  /** The photo as a stream with its length and type, or undefined for a name we could not have produced or a missing file. */
  async open(name: string): Promise<(StoredObject & { contentType: string }) | undefined> {
    const kind = this.files.extensionOf(name);
    const object = kind ? await this.files.open(name) : undefined;
    return kind && object ? { ...object, contentType: PHOTO_CONTENT_TYPES[kind] } : undefined;
  }

  remove(name: string): Promise<void> {
    return this.files.remove(name);
  }
}
