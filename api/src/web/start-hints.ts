import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_PACKAGES, REMOTES_CONFIG_ELEMENT_ID } from 'shared/federation';
import { findRoute } from 'shared/routing/route-table';
import { remotePublicPath, type RemotesSource } from './remotes-json';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON that cannot close the script element it sits in. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A file parsed again only when it changes on disk (a deploy), at the cost of one stat() per use. */
export function watchedFile<T>(file: string, parse: (text: string) => T): () => T | undefined {
  let stamp = '';
  let value: T | undefined;
  return () => {
    const stat = statSync(file, { throwIfNoEntry: false });
    const next = stat ? `${stat.mtimeMs}:${stat.size}` : 'none';
    if (next !== stamp) {
      try {
        value = stat ? parse(readFileSync(file, 'utf8')) : undefined;
      } catch {
        // Half-written by a deploy in progress: nothing until the file changes again, then it is read anew.
        value = undefined;
      }
      stamp = next;
    }
    return value;
  };
}

interface ManifestFiles {
  /** Relative to the manifest's folder. */
  scripts: string[];
  styles: string[];
}

interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** What the shell loads of a remote before its routes can render: the entry and the routes module's own chunks. */
function routesFiles(manifest: FederationManifest): ManifestFiles | undefined {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) return undefined;
  const routes = manifest.exposes?.find((expose) => expose.name === 'Routes' || expose.path === './Routes');
  return {
    scripts: [`${entry.path ? `${entry.path}/` : ''}${entry.name}`, ...(routes?.assets?.js?.sync ?? [])],
    styles: routes?.assets?.css?.sync ?? [],
  };
}

export interface StartHints {
  /**
   * What the page's head gets for a path: remotes.json itself (one request
   * fewer before any remote can load) and, unless the page already has them,
   * preload hints for the remote that renders the path: its manifest and,
   * for a remote this server publishes, its entry and routes module.
   */
  forPath(pathname: string, options: { remoteFiles: boolean }): string;
}

/**
 * Hints computed per request from remotes.json as it stands and the remotes'
 * manifests on disk, so a remote redeployed (or moved elsewhere) is hinted
 * right without a restart.
 */
export function createStartHints(webRoot: string, remotes: RemotesSource): StartHints {
  const manifests = new Map<string, () => ManifestFiles | undefined>();
  for (const pkg of Object.values(REMOTE_PACKAGES)) {
    const read = watchedFile(path.join(webRoot, pkg, 'dist', 'mf-manifest.json'), (text) => routesFiles(JSON.parse(text) as FederationManifest));
    manifests.set(`${remotePublicPath(pkg)}mf-manifest.json`, read);
  }

  return {
    forPath(pathname, { remoteFiles }) {
      const config = remotes.current();
      const head = [`<script type="application/json" id="${REMOTES_CONFIG_ELEMENT_ID}">${scriptSafeJson(config)}</script>`];
      const remote = findRoute(pathname)?.remote;
      const manifest = remote ? config[remote] : undefined;
      if (!manifest) return head.join('');
      // The federation runtime asks for the manifest with fetch(): a CORS request, credentials for the same origin only.
      head.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(manifest)}">`);
      const files = remoteFiles ? manifests.get(manifest)?.() : undefined;
      if (files) {
        const folder = manifest.slice(0, manifest.lastIndexOf('/') + 1);
        for (const file of files.scripts) head.push(`<link rel="preload" as="script" href="${escapeAttribute(folder + file)}">`);
        for (const file of files.styles) head.push(`<link rel="preload" as="style" href="${escapeAttribute(folder + file)}">`);
      }
      return head.join('');
    },
  };
}
