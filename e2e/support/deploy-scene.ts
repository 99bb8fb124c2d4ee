import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

/**
 * What the deploy tests stand up: a static host on another origin (a CDN) for
 * remote releases, and a production site with its own remotes.json.
 */
const root = path.join(__dirname, '..', '..');

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/** A static host of `dir` with CORS and revalidated files, like the CDN docs/deployment.md describes; `isDown` makes it answer 503. */
export function startStaticHost(dir: string, port: number, isDown: () => boolean = () => false): Promise<Server> {
  const server = createServer((request, response) => {
    const file = path.join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname));
    if (isDown()) return void response.writeHead(503).end();
    if (!file.startsWith(dir)) return void response.writeHead(403).end();
    try {
      const body = readFileSync(file);
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      response.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*', 'cache-control': 'no-cache' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** The production server on `port`, with a data folder of its own and no demo data; `env` adds REMOTES_FILE and the like. */
export function startSite(port: number, dataDir: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitForHealth(url: string, deadline = Date.now() + 120_000): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not start`);
}
