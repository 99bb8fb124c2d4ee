// The one federation build configuration: what it promises the deploy check
// and the run-time version guard.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { createAppConfig, sharedScope } = require('../shared/build/webpack.cjs');
const sharedVersion = require('../shared/package.json').version;

const adminDir = join(root, 'mfe-admin');
const federationOptions = (config) => config.plugins.find((plugin) => plugin?.constructor?.name === 'ModuleFederationPlugin')._options;

describe('federation build configuration', () => {
  it('refuses to build a remote that does not expose what the shell loads', () => {
    assert.throws(
      () => createAppConfig({ appDir: adminDir, name: 'mfe_admin', role: 'remote', exposes: { './Pages': './src/app/remote-routes.tsx' } }),
      /mfe_admin must expose \.\/Routes/,
    );
  });

  it('shares the workspace package with a real version range that the runtime enforces', () => {
    const scope = sharedScope(require('../mfe-admin/package.json'));
    const { exclude, ...versioned } = scope['shared/'];
    assert.deepEqual(versioned, { singleton: true, requiredVersion: `^${sharedVersion}`, strictVersion: true, version: sharedVersion });
    // The base styles stay out of the share scope: each remote bundles them for its standalone page.
    assert.ok(exclude.request.test('shared/styles.css'));
    assert.ok(!exclude.request.test('shared/i18n'));
    assert.equal(scope.react.singleton, true);
    assert.match(scope.react.requiredVersion, /^\d/);
  });

  it('writes the remote contract into the manifest: the route names it maps', async () => {
    const config = createAppConfig({ appDir: adminDir, name: 'mfe_admin', role: 'remote', exposes: { './Routes': './src/app/remote-routes.tsx' } })(
      {},
      { mode: 'production' },
    );
    const stats = { metaData: {} };
    await federationOptions(config).manifest.additionalData({ stats });
    assert.equal(stats.metaData.contract.kind, 'remote');
    assert.equal(stats.metaData.contract.sharedVersion, sharedVersion);
    assert.ok(stats.metaData.contract.routes.includes('admin.escrow'));
    assert.ok(!stats.metaData.contract.routes.includes('main.dashboard'));
  });

  it('writes what the shell expects of every remote into its manifest', async () => {
    const config = createAppConfig({ appDir: join(root, 'shell'), name: 'shell', role: 'host' })({}, { mode: 'production' });
    const stats = { metaData: {} };
    await federationOptions(config).manifest.additionalData({ stats });
    const { contract } = stats.metaData;
    assert.equal(contract.kind, 'host');
    assert.deepEqual(contract.exposes.mfe_chat, ['Widget']);
    assert.ok(contract.routes.mfe_landing.includes('Home'));
    assert.ok(contract.routes.mfe_client.includes('main.contract'));
  });
});
