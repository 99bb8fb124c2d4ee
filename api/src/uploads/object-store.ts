import type { Readable } from 'node:stream';

/** An object as read back: its bytes as a stream, and how many there are (the Content-Length of a download). */
export interface StoredObject {
  body: Readable;
  length: number;
}

/**
 * Where uploaded files live: a local folder or an S3-compatible bucket. Keys
 * are `<folder>/<name>` as produced by `StoredFiles`, the same on both, so a
 * folder of uploads copied into a bucket as is keeps working.
 */
export interface ObjectStore {
  /** `local` or `s3`, for the start-up log. */
  readonly kind: 'local' | 's3';
  /** Where it is, for the start-up log: a folder, or bucket and endpoint (never a secret). */
  readonly location: string;
  /** Writes the whole object or nothing: a half-written object is never visible under its key. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or undefined when there is none under that key. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Throws when the store cannot be used (a bucket unreachable, refused or missing). */
  check(): Promise<void>;
  /** Releases connections (the app closing). */
  close(): void;
}

/**
 * Keys this application produces: one folder and a file name of letters,
 * digits, `_`, `-` and one extension. Anything else (`..`, slashes, an empty
 * part) is refused by both stores before it reaches a disk or a bucket.
 */
const KEY = /^[a-z]+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export function assertObjectKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not an object key of this application: ${JSON.stringify(key)}`);
}
