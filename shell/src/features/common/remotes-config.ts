import * as v from 'valibot';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { isRemoteName, REMOTES_CONFIG_ELEMENT_ID, type RemoteName, type RemotesConfig } from 'shared/federation';

const RemotesJsonSchema = v.record(v.string(), v.pipe(v.string(), v.minLength(1)));

let registered: Partial<Record<RemoteName, string>> = {};

/** The known remotes of a `remotes.json`, their manifest URLs resolved against the page; unknown names are ignored. */
function readRemotesConfig(json: unknown): RemotesConfig {
  const parsed = v.parse(RemotesJsonSchema, json);
  const config: RemotesConfig = {};
  for (const [name, entry] of Object.entries(parsed)) {
    if (isRemoteName(name)) config[name] = new URL(entry, globalThis.location?.href).href;
  }
  return config;
}

/**
 * Reads `remotes.json` (remote name → manifest URL). It is deployment
 * configuration: a remote moves or is rolled back by editing this file, with
 * no rebuild of the shell.
 */
export async function fetchRemotesConfig(url = '/remotes.json', fetcher: typeof fetch = fetch): Promise<RemotesConfig> {
  const response = await fetcher(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return readRemotesConfig(await response.json());
}

/**
 * `remotes.json` as the production server writes it into the page, as it
 * stands when the page is sent: no request before the first remote can load.
 * Undefined when the page has none (development servers) or it cannot be read.
 */
export function pageRemotesConfig(doc: Document = document): RemotesConfig | undefined {
  const text = doc.getElementById(REMOTES_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return readRemotesConfig(JSON.parse(text));
  } catch {
    return undefined;
  }
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

/** Takes `remotes.json` from the page, else loads it, trying twice; with no configuration every remote slot shows its fallback. */
export async function loadRemotesConfig(): Promise<void> {
  const inPage = pageRemotesConfig();
  if (inPage) {
    registerRemoteManifests(inPage);
    return;
  }
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
