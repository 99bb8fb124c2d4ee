import { readFileSync, statSync } from 'node:fs';
import { REMOTE_PACKAGES, isRemoteName, type RemotesConfig } from 'shared/federation';

/** Where the production server publishes each built remote. */
export function remotePublicPath(pkg: string): string {
  return `/remotes/${pkg}/`;
}

/**
 * The shell's remotes.json: every remote from this server, unless an override
 * file points some elsewhere (a remote deployed and versioned on its own).
 */
export function buildRemotesJson(overrides: Record<string, unknown> = {}): RemotesConfig {
  const config: RemotesConfig = {};
  for (const [name, pkg] of Object.entries(REMOTE_PACKAGES)) {
    if (isRemoteName(name)) config[name] = `${remotePublicPath(pkg)}mf-manifest.json`;
  }
  for (const [name, url] of Object.entries(overrides)) {
    if (isRemoteName(name) && typeof url === 'string' && url) config[name] = url;
  }
  return config;
}

/** Origins other than ours that the page may load remotes from. */
function remoteOrigins(remotes: RemotesConfig): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(remotes)) {
    if (url && /^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

export interface RemotesSource {
  /** remotes.json as it stands now. */
  current(): RemotesConfig;
  /** The other origins the content security policy must allow for it. */
  origins(): string[];
}

/**
 * remotes.json, following the override file: deploying a remote elsewhere, or
 * rolling it back, is an edit of that file, picked up without a restart. A
 * file that cannot be read as JSON (half-written, mistyped) keeps the last
 * good configuration; at start-up it is an error, so a typo never goes live.
 */
export function createRemotesSource(overrideFile?: string, warn: (message: string) => void = () => undefined): RemotesSource {
  const read = (): Record<string, unknown> => (overrideFile ? (JSON.parse(readFileSync(overrideFile, 'utf8')) as Record<string, unknown>) : {});
  const stampOf = () => {
    const stat = overrideFile ? statSync(overrideFile, { throwIfNoEntry: false }) : undefined;
    return stat ? `${stat.mtimeMs}:${stat.size}` : 'none';
  };

  let stamp = stampOf();
  let remotes = buildRemotesJson(stamp === 'none' ? {} : read());
  let origins = remoteOrigins(remotes);

  // One stat() per call (a few microseconds): the page's policy and its remotes.json never disagree.
  const refresh = () => {
    const next = stampOf();
    if (next === stamp) return;
    try {
      remotes = buildRemotesJson(next === 'none' ? {} : read());
      origins = remoteOrigins(remotes);
      stamp = next;
    } catch (error) {
      warn(`${overrideFile} could not be read (${(error as Error).message}); keeping the previous remotes`);
    }
  };
  return {
    current: () => (refresh(), remotes),
    origins: () => (refresh(), origins),
  };
}
