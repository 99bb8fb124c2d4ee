#!/usr/bin/env node
// The deploy check of one remote: before `remotes.json` points the site at a
// new build, compare that build's manifest with the shell that will load it.
//   pnpm check:remote <name> <manifest-url-or-file> [--against <site-url>]
// --against names the running site, or a shell build folder; without it the
// shell is the local build (shell/dist).
// The manifest may also be a build folder on disk.
// Exit code: 0 when the remote fits, 1 when it would break the site, 2 on a
// usage error.
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import semver from 'semver';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TIMEOUT_MS = 10_000;

/** `mfe-admin` and `mfe_admin` both name the admin remote. */
export const federationName = (name) => name.replace(/-/g, '_');

const isHttp = (location) => /^https?:\/\//i.test(location);

/**
 * Reads a JSON document over HTTP (sending the site's Origin, as a browser
 * would) or from a file. Answers `{ json, response }` or `{ problem }`.
 */
async function readJson(location, origin) {
  if (!isHttp(location)) {
    try {
      return { json: JSON.parse(await readFile(location.startsWith('file:') ? fileURLToPath(location) : location, 'utf8')) };
    } catch (error) {
      return { problem: `cannot read ${location}: ${error.message}` };
    }
  }
  let response;
  try {
    response = await fetch(location, {
      headers: { accept: 'application/json', ...(origin ? { origin } : {}) },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { problem: `${location} is not reachable (${error.cause?.code ?? error.message})` };
  }
  if (!response.ok) return { problem: `${location} answered ${response.status}` };
  try {
    return { json: await response.json(), response };
  } catch {
    return { problem: `${location} is not JSON` };
  }
}

/**
 * A browser on the site's pages may read a cross-origin file only when the
 * answer allows that origin. Same-origin files need nothing.
 */
function corsProblem(location, response, origin) {
  if (!origin || !isHttp(location) || new URL(location).origin === origin) return undefined;
  const allowed = response.headers.get('access-control-allow-origin');
  if (allowed === '*' || allowed === origin) return undefined;
  return `${location} does not allow cross-origin reads from ${origin} (Access-Control-Allow-Origin: ${allowed ?? 'missing'})`;
}

/** Where the remote's entry script is, from its manifest (publicPath `auto`: beside the manifest). */
function entryUrl(manifest, manifestLocation) {
  const { remoteEntry, publicPath } = manifest.metaData ?? {};
  if (!remoteEntry?.name) return undefined;
  const base =
    !publicPath || publicPath === 'auto'
      ? new URL('.', isHttp(manifestLocation) ? manifestLocation : pathToFileURL(resolve(manifestLocation)))
      : new URL(publicPath, manifestLocation);
  return new URL(`${remoteEntry.path ? `${remoteEntry.path.replace(/\/?$/, '/')}` : ''}${remoteEntry.name}`, base).href;
}

async function entryProblems(location, origin) {
  if (location.startsWith('file:')) {
    try {
      await readFile(fileURLToPath(location));
      return [];
    } catch {
      return [{ code: 'entry-unreachable', message: `the remote entry ${fileURLToPath(location)} is missing` }];
    }
  }
  try {
    const response = await fetch(location, { headers: origin ? { origin } : {}, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) return [{ code: 'entry-unreachable', message: `the remote entry ${location} answered ${response.status}` }];
    const cors = corsProblem(location, response, origin);
    return cors ? [{ code: 'entry-no-cors', message: cors }] : [];
  } catch (error) {
    return [{ code: 'entry-unreachable', message: `the remote entry ${location} is not reachable (${error.cause?.code ?? error.message})` }];
  }
}

/** `react-dom/client` → `react-dom`, `@lingui/core` → `@lingui/core`. */
const packageOf = (module) =>
  module
    .split('/')
    .slice(0, module.startsWith('@') ? 2 : 1)
    .join('/');

const exposeName = (expose) => String(expose.name ?? expose.path ?? '').replace(/^\.\//, '');

/**
 * Compares a remote's manifest with the shell's. Pure: the tests feed it
 * manifests directly. Answers the problems found, each with a code.
 */
export function compareManifests(name, remote, shell) {
  const problems = [];
  if (remote.name !== name) problems.push({ code: 'name-mismatch', message: `the manifest is for ${remote.name ?? 'an unnamed app'}, not ${name}` });

  const contract = shell.metaData?.contract;
  if (contract?.kind !== 'host') {
    problems.push({ code: 'no-shell-contract', message: 'the shell manifest carries no federation contract (built before contracts existed?)' });
    return problems;
  }

  const wanted = contract.exposes?.[name];
  if (!wanted) problems.push({ code: 'unknown-remote', message: `the shell loads no remote called ${name}` });
  const offered = (remote.exposes ?? []).map(exposeName);
  for (const module of wanted ?? []) {
    if (offered.includes(module)) continue;
    const others = offered.filter((other) => !(wanted ?? []).includes(other));
    problems.push({
      code: 'missing-expose',
      message: `the shell loads ./${module}, which the remote does not expose${others.length ? ` (it exposes ${others.map((other) => `./${other}`).join(', ')}: renamed?)` : ''}`,
    });
  }

  // Every library the page shares is a singleton: the remote runs against the
  // copy the shell loaded, which must satisfy what the remote was built for.
  // Deep imports (react-dom/client, shared/api…) are reported per package.
  const provided = new Map((shell.shared ?? []).map((entry) => [entry.name, entry.version]));
  const incompatible = new Map();
  for (const entry of remote.shared ?? []) {
    const version = provided.get(entry.name);
    const range = entry.requiredVersion;
    if (!version || typeof range !== 'string' || range === '*') continue;
    if (semver.satisfies(version, range, { includePrerelease: true })) continue;
    const key = `${packageOf(entry.name)}|${version}|${range}`;
    if (!incompatible.has(key)) incompatible.set(key, { name: packageOf(entry.name), version, range, built: entry.version });
  }
  for (const { name: pkg, version, range, built } of incompatible.values()) {
    problems.push({
      code: 'shared-incompatible',
      message: `${pkg}: the shell provides ${version}, the remote needs ${range} (built against ${built})`,
    });
  }

  const remoteContract = remote.metaData?.contract;
  const expectedRoutes = contract.routes?.[name] ?? [];
  if (remoteContract?.kind !== 'remote') {
    problems.push({ code: 'no-remote-contract', message: 'the remote manifest carries no federation contract: its routes cannot be checked' });
  } else {
    const mapped = new Set(remoteContract.routes);
    for (const route of expectedRoutes) {
      if (!mapped.has(route))
        problems.push({ code: 'route-missing', message: `the shell sends route ${route} to this remote, which has no page for it` });
    }
    for (const route of remoteContract.routes) {
      if (!expectedRoutes.includes(route)) {
        problems.push({
          code: 'route-unknown',
          message: `the remote maps route ${route}, which the shell has no entry for (deploy the shell first)`,
        });
      }
    }
  }
  return problems;
}

/** Reads both manifests and the remote entry, then compares them. */
export async function checkRemote({ name, manifest: location, against }) {
  // A build folder stands for the manifest inside it.
  const manifest = isHttp(location) || location.endsWith('.json') ? location : join(location, 'mf-manifest.json');
  const remoteName = federationName(name);
  const site = against && isHttp(against) ? against : undefined;
  const origin = site ? new URL(site).origin : undefined;
  const problems = [];

  const remote = await readJson(manifest, origin);
  if (remote.problem) return [{ code: 'manifest-unreachable', message: remote.problem }];
  if (remote.response) {
    const cors = corsProblem(manifest, remote.response, origin);
    if (cors) problems.push({ code: 'manifest-no-cors', message: cors });
  }

  const shellLocation = site
    ? new URL('/mf-manifest.json', site).href
    : against?.endsWith('.json')
      ? against
      : join(against ?? join(root, 'shell', 'dist'), 'mf-manifest.json');
  const shell = await readJson(shellLocation);
  if (shell.problem)
    return [...problems, { code: 'shell-unreachable', message: `${shell.problem} (build the shell, or name the running site with --against)` }];

  const entry = entryUrl(remote.json, manifest);
  if (!entry) problems.push({ code: 'entry-unreachable', message: 'the manifest names no remote entry' });
  else problems.push(...(await entryProblems(entry, origin)));

  problems.push(...compareManifests(remoteName, remote.json, shell.json));
  return problems;
}

function parseArgs(argv) {
  const positional = [];
  let against;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--against') against = argv[++i];
    else if (argv[i].startsWith('--against=')) against = argv[i].slice('--against='.length);
    else positional.push(argv[i]);
  }
  if (positional.length !== 2 || (argv.includes('--against') && !against)) return undefined;
  return { name: positional[0], manifest: positional[1], against };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error('usage: pnpm check:remote <name> <manifest-url-or-file> [--against <site-url-or-shell-build>]');
    process.exit(2);
  }
  const problems = await checkRemote(args);
  const shell = args.against ? `the shell of ${args.against}` : 'the local shell build';
  if (problems.length === 0) {
    console.log(`${federationName(args.name)} at ${args.manifest} fits ${shell}: safe to point remotes.json at it.`);
    return;
  }
  console.error(`${federationName(args.name)} at ${args.manifest} does not fit ${shell}:`);
  for (const problem of problems) console.error(`  ✗ [${problem.code}] ${problem.message}`);
  process.exitCode = 1;
}

// Run as a command; imported (by the tests and the browser tests), it only exports.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 2;
  });
}
