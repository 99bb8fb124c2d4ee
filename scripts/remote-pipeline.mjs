#!/usr/bin/env node
// One remote's own pipeline, what its team runs alone and in its CI
// (`pnpm --filter <remote> test`): type check, unit tests, production build,
// then the smoke browser test of the remote standalone and inside the shell.
// Prints how long each step took.
//   node scripts/remote-pipeline.mjs <remote-package>
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const remote = process.argv[2];
if (!remote || !existsSync(join(root, remote, 'webpack.config.cjs')) || remote === 'shell') {
  console.error('usage: node scripts/remote-pipeline.mjs <mfe-landing|mfe-auth|mfe-client|mfe-admin|mfe-chat>');
  process.exit(2);
}

const bin = (name) => join(root, 'node_modules', '.bin', name);
const steps = [
  ['type check', bin('tsc'), ['-p', 'tsconfig.json'], join(root, remote)],
  ['unit tests', bin('jest'), ['--config', 'jest.config.cjs'], join(root, remote)],
  ['production build', bin('webpack'), ['--mode', 'production'], join(root, remote)],
  ['browser', process.execPath, [join(root, 'scripts', 'ensure-chromium.mjs')], root],
  [
    'smoke: standalone and inside the shell',
    'pnpm',
    ['exec', 'playwright', 'test', 'tests/remote-smoke.spec.ts', '--project=chromium'],
    join(root, 'e2e'),
  ],
];

const timings = [];
for (const [label, command, args, cwd] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${remote}: ${label}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, REMOTE: remote } });
  timings.push([label, (Date.now() - started) / 1000]);
  if (result.status !== 0) {
    console.error(`\n✗ ${remote}: ${label} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n${remote} pipeline passed:`);
for (const [label, seconds] of timings) console.log(`  ${label.padEnd(40)} ${seconds.toFixed(1)} s`);
console.log(`  ${'total'.padEnd(40)} ${timings.reduce((sum, [, seconds]) => sum + seconds, 0).toFixed(1)} s`);
