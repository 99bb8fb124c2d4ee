import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from 'shared/federation';
import { refreshRemote } from './remotes-config';

/** What every exposed module of a remote looks like: a component as default export. */
export interface RemoteComponentModule {
  default: ComponentType;
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause?: unknown,
  ) {
    super(`The ${remote} remote could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/** Pause before the automatic second attempt: long enough to ride out a restart or a dropped packet. */
export const RETRY_DELAY_MS = 600;

const inFlight = new Map<string, Promise<RemoteComponentModule>>();

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function loadOnce(remote: RemoteName, exposed: string): Promise<RemoteComponentModule> {
  const module = await loadRemote<RemoteComponentModule>(`${remote}/${exposed}`);
  if (!module || typeof module.default !== 'function') throw new Error(`${remote}/${exposed} has no component`);
  return module;
}

/**
 * Loads a remote's exposed component. A failure is retried once automatically
 * (after re-registering the remote); a second failure rejects with
 * RemoteUnavailableError and is forgotten, so a later call tries afresh.
 */
export function loadRemoteModule(remote: RemoteName, exposed = 'Routes'): Promise<RemoteComponentModule> {
  const id = `${remote}/${exposed}`;
  let pending = inFlight.get(id);
  if (!pending) {
    pending = loadOnce(remote, exposed)
      .catch(async () => {
        await wait(RETRY_DELAY_MS);
        refreshRemote(remote);
        return loadOnce(remote, exposed);
      })
      .catch((error: unknown) => {
        inFlight.delete(id);
        throw new RemoteUnavailableError(remote, error);
      });
    inFlight.set(id, pending);
  }
  return pending;
}

/** Starts loading a remote the visitor is likely to open next (hover, focus); failures stay silent here. */
export function preloadRemote(remote: RemoteName | undefined): void {
  if (remote) preloadRemoteModule(remote);
}

/** The same for one exposed module of a remote. */
export function preloadRemoteModule(remote: RemoteName, exposed = 'Routes'): void {
  loadRemoteModule(remote, exposed).catch(() => undefined);
}
