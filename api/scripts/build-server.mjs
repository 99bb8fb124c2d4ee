#!/usr/bin/env node
// `pnpm --filter api build`: the API compiled into one file, dist/server.js, which
// `pnpm start` and the Docker image run with plain Node (tsx is for development,
// tests and scripts). The workspace package `shared`, published as TypeScript
// source, is compiled in; so are the few ES-module-only packages, which a
// CommonJS file cannot require on every Node 20. Every other package stays in
// node_modules (native addons, WebAssembly and data files load from there).
import { readFileSync, renameSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_FILE = join(apiDir, 'dist', 'server.js');

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** A package the compiled file can `require` from the API's own node_modules. */
function requirable(name) {
  const manifest = join(apiDir, 'node_modules', name, 'package.json');
  if (name === 'shared' || !existsSync(manifest)) return false;
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  return pkg.type !== 'module' || JSON.stringify(pkg.exports ?? {}).includes('"require"');
}

const externals = {
  name: 'api-node-modules',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (requirable(packageName(args.path)) ? { path: args.path, external: true } : undefined));
  },
};

/** Builds dist/server.js; the file is replaced in one rename, so a server starting meanwhile reads a whole one. */
export async function buildServer() {
  const result = await build({
    entryPoints: [join(apiDir, 'src', 'server.ts')],
    outfile: SERVER_FILE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [externals],
  });
  mkdirSync(dirname(SERVER_FILE), { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  return SERVER_FILE;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildServer();
}
