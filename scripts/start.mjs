#!/usr/bin/env node
// `pnpm start`: the production server on the embedded database. Builds the
// front ends first when a build is missing, compiles the API, then runs it with
// plain Node; it also serves the shell, the remotes and remotes.json.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builds = {
  shell: 'index.html',
  'mfe-landing': 'mf-manifest.json',
  'mfe-auth': 'mf-manifest.json',
  'mfe-client': 'mf-manifest.json',
  'mfe-admin': 'mf-manifest.json',
  'mfe-chat': 'mf-manifest.json',
};
const missing = Object.entries(builds).filter(([app, file]) => !existsSync(join(root, app, 'dist', file)));
if (missing.length > 0) {
  console.log(`Building the front ends (missing: ${missing.map(([app]) => app).join(', ')})…`);
  const build = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The API is compiled at every start: a second or two, and the server that runs is always the code checked out.
const api = spawnSync(process.execPath, [join(root, 'api', 'scripts', 'build-server.mjs')], { stdio: 'inherit' });
if (api.status !== 0) process.exit(api.status ?? 1);

const server = spawn(process.execPath, ['dist/server.js'], {
  cwd: join(root, 'api'),
  stdio: 'inherit',
  // A local demo has no mail server: its e-mails are kept in the outbox, which signed-in admins read at /admin/outbox.
  env: { NODE_ENV: 'production', ...process.env },
});
// Pass stop signals on, so the server shuts down cleanly (requests finish, database closes).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
