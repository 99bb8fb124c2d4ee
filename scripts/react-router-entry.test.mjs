// The apps share react-router-dom as the names they use (shared/build/react-router-dom-entry.mjs):
// a name an app imports that the entry leaves out would be undefined in the browser.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { sharedScope } = require('../shared/build/webpack.cjs');
const entryPath = join(root, 'shared', 'build', 'react-router-dom-entry.mjs');

/** The names the entry re-exports. */
function entryNames() {
  const names = new Set();
  for (const match of readFileSync(entryPath, 'utf8').matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const name of match[1].split(',')) if (name.trim()) names.add(name.trim());
  }
  return names;
}

/** Every value imported from react-router(-dom) by the apps' and the shared package's sources, with where. */
function importedNames() {
  const files = execFileSync('git', ['ls-files', ':(glob)shell/src/**', ':(glob)mfe-*/src/**', ':(glob)shared/src/**'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx|js|jsx|mjs)$/.test(file));
  const found = [];
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    for (const match of source.matchAll(/import\s+(type\s+)?(\*\s+as\s+\w+|\w+\s*,?\s*)?(\{[^}]*\})?\s*from\s*'(react-router(?:-dom)?)'/g)) {
      const [, typeOnly, whole, named = ''] = match;
      if (typeOnly) continue;
      if (whole) found.push({ file, name: whole.trim() });
      for (const part of named.replace(/[{}]/g, '').split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) found.push({ file, name: name.split(/\s+as\s+/)[0] });
      }
    }
  }
  return found;
}

describe('react-router-dom as the apps share it', () => {
  it('exports every name the apps import from the router', () => {
    const exported = entryNames();
    const missing = importedNames().filter(({ name }) => !exported.has(name));
    assert.deepEqual(missing, [], 'add these to shared/build/react-router-dom-entry.mjs (namespace and default imports cannot be shared this way)');
  });

  it('is provided under the package name and version, so the share scope does not change', () => {
    const appDir = join(root, 'shell');
    const scope = sharedScope(require('../shell/package.json'), appDir);
    const installed = JSON.parse(
      readFileSync(join(dirname(require.resolve('react-router', { paths: [appDir] })), '..', '..', 'package.json'), 'utf8'),
    ).version;
    assert.equal(scope['react-router-dom'].import, entryPath);
    assert.equal(scope['react-router-dom'].version, installed);
    assert.equal(scope['react-router-dom'].singleton, true);
  });
});
