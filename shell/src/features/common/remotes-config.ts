import * as v from 'valibot';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { isRemoteName, type RemoteName, type RemotesConfig } from 'shared/federation';

const RemotesJsonSchema = v.record(v.string(), v.pipe(v.string(), v.minLength(1)));

let registered: Partial<Record<RemoteName, string>> = {};

/**
 * Reads `remotes.json` (remote name → manifest URL). It is deployment
 * configuration: a remote moves or is rolled back by editing this file, with
 * no rebuild of the shell. Unknown names are ignored.
 */
export async function fetchRemotesConfig(url = '/remotes.json', fetcher: typeof fetch = fetch): Promise<RemotesConfig> {
  const response = await fetcher(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const parsed = v.parse(RemotesJsonSchema, await response.json());
  const config: RemotesConfig = {};
  for (const [name, entry] of Object.entries(parsed)) {
    if (isRemoteName(name)) config[name] = new URL(entry, globalThis.location?.href).href;
  }
  return config;
}

/** Registers every remote of the configuration with the federation runtime. */
export function registerRemoteManifests(config: RemotesConfig): void {
  registered = { ...config };
  registerRemotes(Object.entries(config).map(([name, entry]) => ({ name, entry })));
}

/**
 * Registers a remote again, dropping whatever the runtime cached for it, so a
 * retry after a failed manifest or entry load really goes back to the network.
 */
export function refreshRemote(name: RemoteName): void {
  const entry = registered[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

/** Loads `remotes.json`, trying twice; with no configuration every remote slot shows its fallback. */
export async function loadRemotesConfig(): Promise<void> {
  try {
    registerRemoteManifests(await fetchRemotesConfig());
  } catch {
    try {
      registerRemoteManifests(await fetchRemotesConfig());
    } catch (error) {
      console.warn('The remotes configuration could not be loaded', error);
    }
  }
}
