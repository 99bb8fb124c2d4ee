import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from 'shared/federation';
import type { RemoteRoutesComponent } from 'shared/remote';
import type { RouteEntry } from 'shared/routing';
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

/**
 * Starts loading the remote that renders a route and, unless `page` is false,
 * what its page needs to draw: its messages in the active language and its
 * page's own code, side by side. Left to the render, the remote asks for the
 * messages once the shell's router has rendered it, and for the page's code
 * only once the messages are in. Failures stay silent here: the render that
 * follows loads again and shows the fallback. With `page`, call it once the
 * visitor's language is active: the messages are loaded in that language.
 */
export function preloadRoute(route: RouteEntry | undefined, { page = true }: { page?: boolean } = {}): void {
  if (!route?.remote) return;
  loadRemoteModule(route.remote)
    .then((module) => {
      if (!page) return undefined;
      const routes = module.default as Partial<RemoteRoutesComponent>;
      return Promise.all([routes.preload?.(), routes.preloadPage?.(route.name)]);
    })
    .catch(() => undefined);
}

/** Starts loading one exposed module of a remote the visitor is likely to need next; failures stay silent here. */
export function preloadRemoteModule(remote: RemoteName, exposed = 'Routes'): void {
  loadRemoteModule(remote, exposed).catch(() => undefined);
}
