import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { BENCH_SANDBOX_SECRET } from './bench-payin';
import path from 'node:path';

/*
 * The production server the benchmarks measure, in a process of its own so
 * the load generator never shares its thread: the product's own start command
 * and production settings, the API only (the front ends are not part of these
 * measurements), quiet logs.
 */

export interface BenchServer {
  process: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  stop(): Promise<void>;
}

/** Starts the server on `databaseUrl` and resolves once it answers /health. `env` adds or overrides settings. */
export async function startBenchServer(options: {
  databaseUrl: string;
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<BenchServer> {
  const apiDir = path.resolve(__dirname, '..');
  // What production runs: the compiled server (`pnpm start` compiles it the same way).
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: apiDir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the API did not compile');
  const server = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/server.js'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      LOG_LEVEL: 'warn',
      DATA_DIR: options.dataDir,
      // The benchmarks sign the sandbox's webhooks themselves (bench-payin.ts).
      SANDBOX_PAYMENT_SECRET: BENCH_SANDBOX_SECRET,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${options.port}`;
  const ended = () => server.exitCode !== null || server.signalCode !== null;
  const stop = async () => {
    if (ended()) return;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  try {
    for (let i = 0; ; i += 1) {
      if (ended()) throw new Error(`the server stopped (exit ${server.exitCode ?? server.signalCode})`);
      if (i >= 240) throw new Error('the server did not start');
      if (
        await fetch(`${base}/api/v1/health`).then(
          (response) => response.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { process: server, base, stop };
}
