#!/usr/bin/env node
// The browser suite as E2E_SHARDS Playwright runs side by side, each with its own servers, ports
// and embedded database, so no run sees another's data. A run keeps about two cores busy (the
// browser renders while the server answers), so the default is one run per two cores: one on a
// 2-core machine, where two runs only slowed each other into timeouts. Arguments are passed on to
// every run (a file, --grep…); the exit status is the worst one.
//
//   node scripts/e2e-shards.mjs                 one run per two cores
//   E2E_SHARDS=2 node scripts/e2e-shards.mjs    two runs whatever the machine
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'e2e');

/** Ports of shard `index` (1-based): a run uses its port, +50, +500 and +700, so shards sit 20 apart. */
export function shardPort(basePort, index) {
  return basePort + (index - 1) * 20;
}

/** The Playwright arguments of shard `index` of `count`. */
export function shardArgs(index, count, extra) {
  return ['exec', 'playwright', 'test', ...(count > 1 ? [`--shard=${index}/${count}`] : []), ...extra];
}

function runShard(index, count, basePort, extra) {
  return new Promise((resolve) => {
    const label = count > 1 ? `[${index}/${count}] ` : '';
    const child = spawn('pnpm', shardArgs(index, count, extra), {
      cwd: e2eDir,
      env: { ...process.env, E2E_PORT: String(shardPort(basePort, index)) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Whole lines, each marked with its shard, so two runs' reports stay readable together.
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) out.write(`${label}${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${label}${rest}\n`));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Math.max(1, Number(process.env.E2E_SHARDS ?? Math.floor(availableParallelism() / 2)));
  const basePort = Number(process.env.E2E_PORT ?? 3100);
  const started = Date.now();
  const codes = await Promise.all(Array.from({ length: count }, (_, i) => runShard(i + 1, count, basePort, process.argv.slice(2))));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\nbrowser suite: ${count} run(s) in ${minutes} min, exit ${codes.join(', ')}`);
  process.exit(Math.max(...codes));
}
