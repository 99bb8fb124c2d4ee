import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const API_DIR = path.resolve(__dirname, '..');

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  readonly port: number;
  /** The running server's process (to kill it at a chosen moment), if one runs. */
  readonly child: ChildProcess | undefined;
  /** Starts the production entry point with `env` added, and resolves once /health answers. */
  start(env?: NodeJS.ProcessEnv): Promise<void>;
  /** Sends `signal` and resolves once the process has exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The API as an operator starts it, in a process of its own that a crash test can kill
 * (SIGKILL) mid-work and start again on the same database. `env` is what every start shares.
 */
export async function serverProcess(env: NodeJS.ProcessEnv, { startAttempts = 300 } = {}): Promise<ServerProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  return {
    port,
    get child() {
      return child;
    },
    async start(extra = {}) {
      const started = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: API_DIR,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          SERVE_WEB: 'false',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'silent',
          ...env,
          ...extra,
        },
        // Node itself with tsx's loader, not the tsx command: a SIGKILL of that wrapper would leave the server running.
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let errors = '';
      started.stderr!.on('data', (chunk: Buffer) => {
        errors += chunk.toString();
      });
      child = started;
      for (let attempt = 0; attempt < startAttempts; attempt += 1) {
        if (started.exitCode !== null) throw new Error(`the server exited: ${errors}`);
        try {
          if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the server did not start: ${errors}`);
    },
    async stop(signal) {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill(signal);
      await exited;
    },
  };
}
