import { existsSync, readFileSync } from 'node:fs';
import { REMOTE_PACKAGES, isRemoteName, type RemotesConfig } from 'shared/federation';

/** Where the production server publishes each built remote. */
export function remotePublicPath(pkg: string): string {
  return `/remotes/${pkg}/`;
}

/**
 * The shell's remotes.json: every remote from this server, unless an override
 * file points some elsewhere (a remote deployed and versioned on its own).
 */
export function buildRemotesJson(overrideFile?: string): RemotesConfig {
  const config: RemotesConfig = {};
  for (const [name, pkg] of Object.entries(REMOTE_PACKAGES)) {
    if (isRemoteName(name)) config[name] = `${remotePublicPath(pkg)}mf-manifest.json`;
  }
  if (overrideFile && existsSync(overrideFile)) {
    const overrides = JSON.parse(readFileSync(overrideFile, 'utf8')) as Record<string, unknown>;
    for (const [name, url] of Object.entries(overrides)) {
      if (isRemoteName(name) && typeof url === 'string' && url) config[name] = url;
    }
  }
  return config;
}
