// Tests of the deploy check: each problem it reports, against manifests served
// by a real HTTP server (with and without CORS) and through the command itself.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { checkRemote, compareManifests } from './check-remote.mjs';

const script = join(dirname(fileURLToPath(import.meta.url)), 'check-remote.mjs');
const run = promisify(execFile);

const SITE = 'https://www.fundament.example';

function shellManifest() {
  return {
    name: 'shell',
    metaData: {
      contract: {
        kind: 'host',
        sharedVersion: '1.2.0',
        exposes: { mfe_admin: ['Routes'], mfe_chat: ['Widget'] },
        routes: { mfe_admin: ['admin.clients', 'admin.escrow'], mfe_chat: [] },
      },
    },
    shared: [
      { name: 'react', version: '19.2.9' },
      { name: 'react-dom/client', version: '19.2.9' },
      { name: 'shared/api', version: '1.2.0' },
      { name: 'shared/ui', version: '1.2.0' },
    ],
    exposes: [],
  };
}

function adminManifest(changes = {}) {
  return {
    name: 'mfe_admin',
    metaData: {
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
      contract: { kind: 'remote', sharedVersion: '1.2.0', routes: ['admin.clients', 'admin.escrow'] },
    },
    shared: [
      { name: 'react', version: '19.2.9', requiredVersion: '19.2.9' },
      { name: 'react-dom/client', version: '19.2.9', requiredVersion: '^19.2.9' },
      { name: 'shared/api', version: '1.2.0', requiredVersion: '^1.2.0' },
      { name: 'shared/ui', version: '1.2.0', requiredVersion: '^1.2.0' },
      { name: 'valibot', version: '1.5.0', requiredVersion: '^1.5.0' },
    ],
    exposes: [{ name: 'Routes', path: './Routes' }],
    ...changes,
  };
}

const codes = (problems) => problems.map((problem) => problem.code);

describe('compareManifests', () => {
  it('accepts a remote built against the running shell', () => {
    assert.deepEqual(compareManifests('mfe_admin', adminManifest(), shellManifest()), []);
  });

  it('reports a manifest of another app', () => {
    assert.deepEqual(codes(compareManifests('mfe_admin', adminManifest({ name: 'mfe_client' }), shellManifest())), ['name-mismatch']);
  });

  it('reports a missing expose, and names what looks like its new name', () => {
    const problems = compareManifests('mfe_admin', adminManifest({ exposes: [{ name: 'Pages', path: './Pages' }] }), shellManifest());
    assert.deepEqual(codes(problems), ['missing-expose']);
    assert.match(problems[0].message, /\.\/Routes.*\.\/Pages: renamed\?/);
  });

  it('reports a remote the shell does not load', () => {
    const remote = adminManifest({ name: 'mfe_reports' });
    assert.ok(codes(compareManifests('mfe_reports', remote, shellManifest())).includes('unknown-remote'));
  });

  it('reports a shared library the shell provides at a version the remote cannot use, once per package', () => {
    const remote = adminManifest();
    remote.shared = remote.shared.map((entry) =>
      entry.name.startsWith('shared/') ? { ...entry, version: '2.0.0', requiredVersion: '^2.0.0' } : entry,
    );
    const problems = compareManifests('mfe_admin', remote, shellManifest());
    assert.deepEqual(codes(problems), ['shared-incompatible']);
    assert.match(problems[0].message, /^shared: the shell provides 1\.2\.0, the remote needs \^2\.0\.0/);
  });

  it('accepts a remote built against an older minor of shared (additions ship with the shell first), refuses a newer minor', () => {
    const older = adminManifest();
    older.shared = older.shared.map((entry) =>
      entry.name.startsWith('shared/') ? { ...entry, version: '1.0.0', requiredVersion: '^1.0.0' } : entry,
    );
    assert.deepEqual(compareManifests('mfe_admin', older, shellManifest()), []);
    const newer = adminManifest();
    newer.shared = newer.shared.map((entry) =>
      entry.name.startsWith('shared/') ? { ...entry, version: '1.3.0', requiredVersion: '^1.3.0' } : entry,
    );
    assert.deepEqual(codes(compareManifests('mfe_admin', newer, shellManifest())), ['shared-incompatible']);
  });

  it('reports a newer React the remote requires', () => {
    const remote = adminManifest();
    remote.shared[0] = { name: 'react', version: '20.0.0', requiredVersion: '^20.0.0' };
    assert.deepEqual(codes(compareManifests('mfe_admin', remote, shellManifest())), ['shared-incompatible']);
  });

  it('ignores libraries the shell does not share (the remote brings its own)', () => {
    const remote = adminManifest();
    remote.shared.push({ name: 'date-fns', version: '4.0.0', requiredVersion: '^4.0.0' });
    assert.deepEqual(compareManifests('mfe_admin', remote, shellManifest()), []);
  });

  it('reports a route the shell sends to the remote that it has no page for', () => {
    const remote = adminManifest();
    remote.metaData.contract.routes = ['admin.clients'];
    const problems = compareManifests('mfe_admin', remote, shellManifest());
    assert.deepEqual(codes(problems), ['route-missing']);
    assert.match(problems[0].message, /admin\.escrow/);
  });

  it('reports a route name the shell has no entry for', () => {
    const remote = adminManifest();
    remote.metaData.contract.routes = ['admin.clients', 'admin.escrow', 'admin.reports'];
    const problems = compareManifests('mfe_admin', remote, shellManifest());
    assert.deepEqual(codes(problems), ['route-unknown']);
    assert.match(problems[0].message, /admin\.reports/);
  });

  it('reports a remote built without a contract', () => {
    const remote = adminManifest();
    delete remote.metaData.contract;
    assert.deepEqual(codes(compareManifests('mfe_admin', remote, shellManifest())), ['no-remote-contract']);
  });
});

describe('checkRemote over HTTP', () => {
  /** path → { body, status, cors } */
  const files = new Map();
  let server;
  let base;

  before(async () => {
    server = createServer((request, response) => {
      const file = files.get(request.url);
      if (!file) {
        response.writeHead(404).end('not found');
        return;
      }
      const headers = { 'content-type': file.type ?? 'application/json' };
      if (file.cors) headers['access-control-allow-origin'] = file.cors;
      response.writeHead(file.status ?? 200, headers).end(file.body);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${server.address().port}`;
    files.set('/mf-manifest.json', { body: JSON.stringify(shellManifest()) });
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  /** Publishes a remote build under /<folder>/ and answers its manifest URL; a `null` CORS origin sends no header. */
  function publish(folder, { manifest = adminManifest(), cors = '*', entry = true, entryCors = cors } = {}) {
    files.set(`/${folder}/mf-manifest.json`, { body: JSON.stringify(manifest), cors });
    if (entry) files.set(`/${folder}/remoteEntry.js`, { body: 'var mfe_admin;', type: 'text/javascript', cors: entryCors });
    return `${base}/${folder}/mf-manifest.json`;
  }

  // The site's pages are on another origin than the remote's files, as on a CDN.
  const siteOf = () => base.replace('127.0.0.1', 'localhost');

  it('accepts a reachable remote with CORS, checked against the running shell', async () => {
    const manifest = publish('good');
    assert.deepEqual(await checkRemote({ name: 'mfe-admin', manifest, against: siteOf() }), []);
  });

  it('reports a manifest that is not there', async () => {
    const problems = await checkRemote({ name: 'mfe_admin', manifest: `${base}/gone/mf-manifest.json`, against: siteOf() });
    assert.deepEqual(codes(problems), ['manifest-unreachable']);
    assert.match(problems[0].message, /answered 404/);
  });

  it('reports a server that does not answer', async () => {
    const closed = createServer();
    await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = closed.address().port;
    await new Promise((resolve) => closed.close(resolve));
    const problems = await checkRemote({ name: 'mfe_admin', manifest: `http://127.0.0.1:${port}/mf-manifest.json`, against: siteOf() });
    assert.deepEqual(codes(problems), ['manifest-unreachable']);
    assert.match(problems[0].message, /not reachable/);
  });

  it('reports a manifest the site origin may not read', async () => {
    const manifest = publish('no-cors', { cors: null, entryCors: '*' });
    assert.deepEqual(codes(await checkRemote({ name: 'mfe_admin', manifest, against: siteOf() })), ['manifest-no-cors']);
  });

  it('accepts CORS that names the site origin exactly, and refuses another origin', async () => {
    const exact = publish('exact-origin', { cors: siteOf() });
    assert.deepEqual(await checkRemote({ name: 'mfe_admin', manifest: exact, against: siteOf() }), []);
    const other = publish('other-origin', { cors: SITE });
    assert.deepEqual(codes(await checkRemote({ name: 'mfe_admin', manifest: other, against: siteOf() })), ['manifest-no-cors', 'entry-no-cors']);
  });

  it('reports a missing remote entry, and one without CORS', async () => {
    const missing = publish('no-entry', { entry: false });
    assert.deepEqual(codes(await checkRemote({ name: 'mfe_admin', manifest: missing, against: siteOf() })), ['entry-unreachable']);
    const closed = publish('entry-no-cors', { entryCors: null });
    assert.deepEqual(codes(await checkRemote({ name: 'mfe_admin', manifest: closed, against: siteOf() })), ['entry-no-cors']);
  });

  it('reports a shell that cannot be read', async () => {
    const manifest = publish('shell-gone');
    const problems = await checkRemote({ name: 'mfe_admin', manifest, against: join(mkdtempSync(join(tmpdir(), 'no-shell-')), 'dist') });
    assert.deepEqual(codes(problems), ['shell-unreachable']);
  });

  it('exits 0 when the remote fits, 1 with every problem listed when it does not, 2 on bad usage', async () => {
    const good = publish('cli-good');
    const ok = await run(process.execPath, [script, 'mfe_admin', good, '--against', siteOf()]);
    assert.match(ok.stdout, /fits the shell/);

    const renamed = publish('cli-renamed', { manifest: adminManifest({ exposes: [{ name: 'Pages', path: './Pages' }] }) });
    await assert.rejects(run(process.execPath, [script, 'mfe_admin', renamed, '--against', siteOf()]), (error) => {
      assert.equal(error.code, 1);
      assert.match(error.stderr, /\[missing-expose\]/);
      return true;
    });

    await assert.rejects(run(process.execPath, [script, 'mfe_admin']), (error) => error.code === 2 && /usage/.test(error.stderr));
  });

  it('reads a remote build from a folder on disk against a shell build on disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'remote-build-'));
    writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(adminManifest()));
    writeFileSync(join(dir, 'remoteEntry.js'), 'var mfe_admin;');
    const shellDir = mkdtempSync(join(tmpdir(), 'shell-build-'));
    writeFileSync(join(shellDir, 'mf-manifest.json'), JSON.stringify(shellManifest()));
    assert.deepEqual(await checkRemote({ name: 'mfe_admin', manifest: join(dir, 'mf-manifest.json'), against: shellDir }), []);
  });
});
