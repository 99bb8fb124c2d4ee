#!/usr/bin/env node
// Runs the lingui CLI in every package that has a lingui.config.ts.
// `extract` refreshes the .po catalogs from the source; `compile` turns them
// into the .ts modules the apps import (generated, not committed). With
// --strict, a French message left untranslated, or one message translated two
// ways by two catalogs, fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogProblems, workspaceCatalogs } from './i18n-catalogs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [command = 'compile', ...flags] = process.argv.slice(2);
if (!['extract', 'compile'].includes(command)) {
  console.error(`usage: i18n.mjs extract|compile [--strict]`);
  process.exit(2);
}
const packages = readdirSync(root).filter((dir) => existsSync(join(root, dir, 'lingui.config.ts')));
const lingui = join(root, 'node_modules', '.bin', 'lingui');
if (!existsSync(lingui)) {
  // First install of a fresh clone: postinstall may run before the CLI is linked.
  console.warn('i18n: lingui CLI not installed yet, skipping');
  process.exit(0);
}
let failed = false;
for (const pkg of packages) {
  const args =
    command === 'extract' ? ['extract', '--clean', '--overwrite'] : ['compile', '--typescript', ...(flags.includes('--strict') ? ['--strict'] : [])];
  const result = spawnSync(lingui, args, { cwd: join(root, pkg), stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    failed = true;
    console.error(`i18n ${command} failed in ${pkg}:\n${result.stdout}${result.stderr}`);
  } else {
    console.log(`i18n ${command}: ${pkg} ok`);
  }
}
if (command === 'compile' && flags.includes('--strict')) {
  const problems = catalogProblems(workspaceCatalogs(root), { root });
  for (const problem of problems) console.error(`i18n: ${problem}`);
  if (problems.length > 0) failed = true;
}
process.exit(failed ? 1 : 0);
