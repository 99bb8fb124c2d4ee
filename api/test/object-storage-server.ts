import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../src/config';

export interface TestS3Server {
  /** What the app is configured with (`S3_*`), pointing at this server. */
  settings: S3Settings;
  /** A client of its own, to look into the bucket the way an operator would. */
  client: S3Client;
  /** Keys in the bucket under a prefix, sorted. */
  keys(prefix?: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver: the S3 REST API over HTTP, SigV4 checked)
 * on a free loopback port, with one empty bucket, its data in a folder removed on stop.
 */
export async function startS3Server(bucket = 'fundament-uploads'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'fundament-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  // s3rver's built-in account.
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  // s3rver signs bucket-level requests (a listing) over `/<bucket>` where the SDK signs `/<bucket>/`: this
  // client, used only to look into the bucket, sends the form s3rver checks. The app makes object requests only.
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: string };
      if (request.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 'bucketPathForS3rver' },
  );
  let stopped = false;
  return {
    settings,
    client,
    async keys(prefix) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, ...(prefix ? { Prefix: prefix } : {}) }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
