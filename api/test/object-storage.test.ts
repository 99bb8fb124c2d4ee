import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/database';
import { LocalObjectStore } from '../src/uploads/local-object-store';
import type { ObjectStore } from '../src/uploads/object-store';
import { S3ObjectStore } from '../src/uploads/s3-object-store';
import { StoredFiles } from '../src/uploads/stored-files';
import { startS3Server, type TestS3Server } from './object-storage-server';

let s3: TestS3Server;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server();
  folder = mkdtempSync(path.join(tmpdir(), 'fundament-store-'));
});
afterAll(async () => {
  await s3.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const newKey = (extension = 'pdf') => `documents/${randomBytes(18).toString('base64url')}.${extension}`;

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// One contract, both stores: whatever the routes do with one works the same with the other.
const STORES: [string, () => ObjectStore][] = [
  ['the local folder', () => new LocalObjectStore(folder)],
  ['an S3 bucket', () => new S3ObjectStore(s3.settings)],
];

describe.each(STORES)('object store contract: %s', (_name, makeStore) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = makeStore();
  });
  afterAll(() => store.close());

  it('is usable', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('gives back the same bytes, with their length, as a stream', async () => {
    const key = newKey();
    const data = randomBytes(3 * 1024 * 1024 + 17);
    await store.put(key, data, 'application/pdf');
    expect(await store.exists(key)).toBe(true);
    const object = await store.get(key);
    expect(object?.length).toBe(data.length);
    expect((await bytesOf(object!.body)).equals(data)).toBe(true);
  });

  it('keeps an empty object', async () => {
    const key = newKey('png');
    await store.put(key, Buffer.alloc(0), 'image/png');
    const object = await store.get(key);
    expect(object?.length).toBe(0);
    expect((await bytesOf(object!.body)).length).toBe(0);
  });

  it('answers a missing key with nothing, not an error', async () => {
    const key = newKey();
    expect(await store.get(key)).toBeUndefined();
    expect(await store.exists(key)).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('deletes an object for good', async () => {
    const key = newKey();
    await store.put(key, Buffer.from('%PDF-1.4 gone'), 'application/pdf');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeUndefined();
  });

  it('refuses keys it could not have produced, before reaching the disk or the bucket', async () => {
    for (const key of ['../secret.pdf', 'documents/../../etc.pdf', 'documents/a/b.pdf', '/documents/a.pdf', 'documents/.pdf', 'a.pdf', '']) {
      await expect(store.put(key, Buffer.from('x'), 'application/pdf')).rejects.toThrow(/Not an object key/);
      await expect(store.get(key)).rejects.toThrow(/Not an object key/);
      await expect(store.delete(key)).rejects.toThrow(/Not an object key/);
      await expect(store.exists(key)).rejects.toThrow(/Not an object key/);
    }
  });

  it('serves StoredFiles: random names under its folder, and no name of anyone else', async () => {
    const files = new StoredFiles(store, 'escrow', ['pdf', 'png']);
    const name = await files.save(Buffer.from('%PDF-1.4 report'), 'pdf');
    expect(name).toMatch(/^[A-Za-z0-9_-]{24}\.pdf$/);
    expect(await store.exists(`escrow/${name}`)).toBe(true);
    expect((await files.read(name))?.toString()).toBe('%PDF-1.4 report');
    const opened = await files.open(name);
    expect(opened?.length).toBe('%PDF-1.4 report'.length);
    await bytesOf(opened!.body);
    expect(await files.open('..%2Fsecret.pdf')).toBeUndefined();
    expect(await files.open(name.replace('.pdf', '.svg'))).toBeUndefined();
    await files.remove(name);
    expect(await files.exists(name)).toBe(false);
  });
});

describe('the S3 store', () => {
  it('stores objects with their content type, under the same keys as the folder', async () => {
    const store = new S3ObjectStore(s3.settings);
    const files = new StoredFiles(store, 'photos', ['svg', 'png']);
    const name = await files.save(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg');
    expect(await s3.keys('photos/')).toContain(`photos/${name}`);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: `photos/${name}` }));
    expect(head.ContentType).toBe('image/svg+xml');
    store.close();
  });

  it('says why it cannot be used: a server that does not answer, a missing bucket, refused keys', async () => {
    const port = await closedPort();
    const unreachable = new S3ObjectStore({ ...s3.settings, endpoint: `http://127.0.0.1:${port}` });
    await expect(unreachable.check()).rejects.toThrow(`Object storage unusable: bucket fundament-uploads at http://127.0.0.1:${port}`);
    unreachable.close();
    const missing = new S3ObjectStore({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow('bucket no-such-bucket at http://127.0.0.1:');
    await expect(missing.check()).rejects.toThrow('the bucket does not exist');
    missing.close();
    const refused = new S3ObjectStore({ ...s3.settings, secretAccessKey: 'not-the-secret' });
    await expect(refused.check()).rejects.toThrow('access refused');
    refused.close();
  });
});

describe('start-up with S3 configured', () => {
  it('the server stops at once, logging the reason, when the bucket cannot be reached', async () => {
    const port = await closedPort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fundament-start-'));
    // The real entry point, as an operator starts it.
    const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, '..', 'src', 'server.ts')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'fundament-uploads',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'a-secret-never-logged',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(output).toContain(`uploads: Object storage unusable: bucket fundament-uploads at http://127.0.0.1:${port}`);
    expect(output).not.toContain('Fundament is running');
    expect(output).not.toContain('a-secret-never-logged');
  }, 60_000);

  it('starts with a reachable bucket and writes nothing to the local folder', async () => {
    const uploadsDir = mkdtempSync(path.join(tmpdir(), 'fundament-unused-'));
    const database = await openPglite();
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }, { serveWeb: false, uploadsDir, objectStorage: s3.settings }), database });
    await app.ready();
    expect(app.objectStore.kind).toBe('s3');
    expect(readdirSync(uploadsDir)).toEqual([]);
    // The start-up probe cleans up after itself.
    expect(await s3.keys('probes/')).toEqual([]);
    await app.close();
    await database.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });
});

describe('S3 settings', () => {
  const full = {
    S3_ENDPOINT: 'https://s3.example.net',
    S3_BUCKET: 'uploads',
    S3_REGION: 'eu-west-3',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps the local folder when no S3_* variable is set', () => {
    expect(loadConfig({}).objectStorage).toBeUndefined();
  });

  it('reads a complete setting, path style by default with an endpoint', () => {
    expect(loadConfig(full).objectStorage).toEqual({
      endpoint: 'https://s3.example.net',
      bucket: 'uploads',
      region: 'eu-west-3',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...full, S3_FORCE_PATH_STYLE: 'false' }).objectStorage?.forcePathStyle).toBe(false);
    // AWS S3 itself: no endpoint, virtual-hosted buckets, the SDK's credential chain.
    expect(loadConfig({ S3_BUCKET: 'uploads', S3_REGION: 'eu-west-3' }).objectStorage).toMatchObject({
      endpoint: undefined,
      accessKeyId: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses a partial setting instead of quietly keeping files on the local disk', () => {
    expect(() => loadConfig({ ...full, S3_BUCKET: '' })).toThrow('S3_BUCKET is required');
    expect(() => loadConfig({ S3_ENDPOINT: 'https://s3.example.net' })).toThrow('S3_BUCKET is required');
    expect(() => loadConfig({ ...full, S3_REGION: '' })).toThrow('S3_REGION is required');
    expect(() => loadConfig({ ...full, S3_SECRET_ACCESS_KEY: '' })).toThrow('both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    expect(() => loadConfig({ ...full, S3_ENDPOINT: 'not a url' })).toThrow('Invalid S3_ENDPOINT');
    expect(() => loadConfig({ ...full, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('Invalid S3_FORCE_PATH_STYLE');
  });
});
