import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, open, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertObjectKey, type ObjectStore, type StoredObject } from './object-store';

const missing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** Objects as files under one folder (`<root>/<folder>/<name>`); the default store. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  get location(): string {
    return this.root;
  }

  private pathOf(key: string): string {
    assertObjectKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside its final name, then renamed: a crash or a full disk leaves no half-written file under the key.
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(partial, data, { flag: 'wx' });
      await rename(partial, target);
    } catch (error) {
      await unlink(partial).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const file = this.pathOf(key);
    // Opened once and streamed from that handle, so the length read is the length sent.
    const handle = await open(file, 'r').catch((error: unknown) => {
      if (missing(error)) return undefined;
      throw error;
    });
    if (!handle) return undefined;
    try {
      const { size } = await handle.stat();
      return { body: createReadStream('', { fd: handle }), length: size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: unknown) => {
      if (!missing(error)) throw error;
    });
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      (stats) => stats.isFile(),
      (error: unknown) => {
        if (missing(error)) return false;
        throw error;
      },
    );
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  close(): void {}
}
