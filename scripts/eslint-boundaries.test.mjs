// The lint configuration keeps the layers apart and the names in kebab-case: these cases lint small
// files laid out like the workspace (a copy of the project's configuration beside them) and check
// which imports and names it refuses.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let workspace;
let eslint;

const files = {
  'mfe-x/src/features/a/uses-b.ts': "import { b } from '../b/b';\nexport const a = b;\n",
  'mfe-x/src/features/a/uses-common.ts': "import { common } from '../common/common';\nexport const a = common;\n",
  'mfe-x/src/features/a/uses-own.ts': "import { b } from './b-copy';\nexport const a = b;\n",
  'mfe-x/src/features/a/b-copy.ts': 'export const b = 1;\n',
  'mfe-x/src/features/a/cycle-one.ts': "import { two } from './cycle-two';\nexport const one = () => two();\n",
  'mfe-x/src/features/a/cycle-two.ts': "import { one } from './cycle-one';\nexport const two = () => one;\n",
  'mfe-x/src/features/b/b.ts': 'export const b = 1;\n',
  'mfe-x/src/features/common/common.ts': 'export const common = 1;\n',
  'mfe-x/src/features/common/uses-feature.ts': "import { b } from '../b/b';\nexport const c = b;\n",
  'mfe-x/src/app/routes.ts': "import { a } from '../features/a/uses-b';\nexport const routes = [a];\n",
  'mfe-x/src/features/b/uses-app.ts': "import { routes } from '../../app/routes';\nexport const r = routes;\n",
  'mfe-x/src/lib/uses-feature.ts': "import { b } from '../features/b/b';\nexport const l = b;\n",
  'mfe-x/src/uses-other-remote.ts': "import { y } from '../../mfe-y/src/y';\nexport const x = y;\n",
  'mfe-x/src/uses-shell.ts': "import { s } from '../../shell/src/s';\nexport const x = s;\n",
  'mfe-y/src/y.ts': 'export const y = 1;\n',
  'mfe-y/src/schema.ts': "import * as v from 'valibot';\nexport const S = v.strictObject({ id: v.string() });\n",
  'mfe-y/src/named-schema.ts': "import { looseObject, string } from 'valibot';\nexport const S = looseObject({ id: string() });\n",
  'mfe-y/src/uses-schema.ts': "import * as v from 'valibot';\nexport const ids = v.array(v.string());\n",
  'shared/src/contract/schema.ts': "import * as v from 'valibot';\nexport const S = v.object({ id: v.string() });\n",
  'shell/src/s.ts': 'export const s = 1;\n',
  'shared/src/uses-remote.ts': "import { y } from '../../mfe-y/src/y';\nexport const z = y;\n",
  'api/src/uses-remote.ts': "import { y } from '../../mfe-y/src/y';\nexport const z = y;\n",
  'mfe-y/src/ServiceCard.ts': 'export const card = 1;\n',
  'mfe-y/src/Service_Cards/card.ts': 'export const card = 1;\n',
  'api/test/escrow-flow.postgres.test.ts': 'export const named = 1;\n',
};

before(() => {
  workspace = mkdtempSync(join(tmpdir(), 'lint-layers-'));
  copyFileSync(join(root, 'eslint.config.mjs'), join(workspace, 'eslint.config.mjs'));
  symlinkSync(join(root, 'node_modules'), join(workspace, 'node_modules'), 'dir');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), text);
  }
  eslint = new ESLint({ cwd: workspace, cache: false });
});

after(() => {
  rmSync(workspace, { recursive: true, force: true });
});

async function rulesBroken(path) {
  const [result] = await eslint.lintFiles([join(workspace, path)]);
  assert.equal(result.fatalErrorCount, 0, JSON.stringify(result.messages));
  return result.messages.map((message) => message.ruleId);
}

test('a feature importing another feature of its remote is refused', async () => {
  assert.deepEqual(await rulesBroken('mfe-x/src/features/a/uses-b.ts'), ['import-x/no-restricted-paths']);
});

test('a feature may import its own files and the remote’s common folder', async () => {
  assert.deepEqual(await rulesBroken('mfe-x/src/features/a/uses-own.ts'), []);
  assert.deepEqual(await rulesBroken('mfe-x/src/features/a/uses-common.ts'), []);
});

test('the common folder imports no feature', async () => {
  assert.deepEqual(await rulesBroken('mfe-x/src/features/common/uses-feature.ts'), ['import-x/no-restricted-paths']);
});

test('the app may import features, a feature may not import the app', async () => {
  assert.deepEqual(await rulesBroken('mfe-x/src/app/routes.ts'), []);
  assert.deepEqual(await rulesBroken('mfe-x/src/features/b/uses-app.ts'), ['import-x/no-restricted-paths']);
});

test('src/lib imports no feature', async () => {
  assert.deepEqual(await rulesBroken('mfe-x/src/lib/uses-feature.ts'), ['import-x/no-restricted-paths']);
});

test('a remote importing another remote or the shell is refused', async () => {
  assert.deepEqual(await rulesBroken('mfe-x/src/uses-other-remote.ts'), ['import-x/no-restricted-paths']);
  assert.deepEqual(await rulesBroken('mfe-x/src/uses-shell.ts'), ['import-x/no-restricted-paths']);
});

test('shared and the API import no front end', async () => {
  assert.deepEqual(await rulesBroken('shared/src/uses-remote.ts'), ['import-x/no-restricted-paths']);
  assert.deepEqual(await rulesBroken('api/src/uses-remote.ts'), ['import-x/no-restricted-paths']);
});

test('an import cycle is refused', async () => {
  assert.deepEqual(await rulesBroken('mfe-x/src/features/a/cycle-one.ts'), ['import-x/no-cycle']);
});

test('a remote declaring an object schema of its own is refused; shared/contract declares them', async () => {
  assert.deepEqual(await rulesBroken('mfe-y/src/schema.ts'), ['no-restricted-syntax']);
  assert.deepEqual(await rulesBroken('mfe-y/src/named-schema.ts'), ['no-restricted-syntax']);
  assert.deepEqual(await rulesBroken('mfe-y/src/uses-schema.ts'), []);
  assert.deepEqual(await rulesBroken('shared/src/contract/schema.ts'), []);
});

test('a remote importing another by package name is refused', async () => {
  const [result] = await eslint.lintText("import { App } from 'mfe-y/app';\nexport const x = App;\n", {
    filePath: join(workspace, 'mfe-x/src/by-name.ts'),
  });
  assert.deepEqual(
    result.messages.map((message) => message.ruleId),
    ['no-restricted-imports'],
  );
});

test('file and folder names are kebab-case', async () => {
  assert.deepEqual(await rulesBroken('mfe-y/src/ServiceCard.ts'), ['fundament/file-names']);
  assert.deepEqual(await rulesBroken('mfe-y/src/Service_Cards/card.ts'), ['fundament/file-names']);
  assert.deepEqual(await rulesBroken('api/test/escrow-flow.postgres.test.ts'), []);
});
