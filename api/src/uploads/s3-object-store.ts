import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { assertObjectKey, type ObjectStore, type StoredObject } from './object-store';

/** "No such object" as S3 and its look-alikes say it: a 404, under one name or another. */
function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return true;
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/** Objects in one bucket of any S3-compatible store (AWS S3, MinIO, Ceph, R2, …) through the AWS SDK. */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      // Without keys the SDK's own chain applies (instance or task role, AWS_* variables, shared files).
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: many S3-compatible stores refuse or mangle the newer default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An endpoint that never answers fails the request (and start-up) instead of hanging it.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
  }

  get location(): string {
    return `bucket ${this.settings.bucket} at ${this.settings.endpoint ?? `AWS S3 (${this.settings.region})`}`;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertObjectKey(key);
    // One PutObject: S3 makes an object visible only once all of it is stored, so a failed upload leaves nothing.
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }),
    );
  }

  async get(key: string): Promise<StoredObject | undefined> {
    assertObjectKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!object.Body) return undefined;
      // A wrong Content-Length would cut the download short or hang it: without one, refuse rather than guess.
      if (object.ContentLength === undefined) {
        (object.Body as Readable).destroy();
        throw new Error(`Object storage sent ${key} without its length`);
      }
      return { body: object.Body as Readable, length: object.ContentLength };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertObjectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /**
   * Writes and deletes a small probe object: what uploads need, and nothing
   * more (HeadBucket would ask for the list permission, which the app never uses).
   */
  async check(): Promise<void> {
    const probe = `probes/${randomBytes(12).toString('base64url')}.txt`;
    try {
      await this.put(probe, Buffer.from('Fundament start-up check\n'), 'text/plain');
      await this.delete(probe);
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      const code = (error as { name?: string }).name;
      const reason =
        code === 'NoSuchBucket' || status === 404
          ? 'the bucket does not exist'
          : status === 403 || status === 401
            ? `access refused (${code}; check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's rights to put and delete objects)`
            : `${code}: ${(error as Error).message}`;
      throw new Error(`Object storage unusable: ${this.location}: ${reason}`, { cause: error });
    }
  }

  close(): void {
    this.client.destroy();
  }
}
