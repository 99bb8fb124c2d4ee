import type { ComponentType } from 'react';
import { ROUTES } from '../routing/route-table';
import type { RemoteName } from './remote-names';

/**
 * The modules the shell loads from each remote (exposed as `./<name>`), with
 * their shapes. The shell's loader is typed from it, and each remote's
 * exposed file declares that it satisfies its entry, so a change of shape
 * fails a type check instead of a page in production.
 */
export interface RemoteModules {
  mfe_landing: { Routes: ComponentType };
  mfe_auth: { Routes: ComponentType };
  mfe_client: { Routes: ComponentType };
  mfe_admin: { Routes: ComponentType };
  /** `defaultOpen`: the visitor already asked for the chat (the shell's stand-in launcher was pressed). */
  mfe_chat: { Widget: ComponentType<{ defaultOpen?: boolean }> };
}

/** A module the shell loads from remote `R`. */
export type ExposedName<R extends RemoteName> = Extract<keyof RemoteModules[R], string>;

/**
 * The same names at run time. A build that drops or renames one of them
 * fails (`shared/build/webpack.cjs`), and the deploy check
 * (`pnpm check:remote`) compares them with a remote's manifest before
 * `remotes.json` points at it.
 */
export const REMOTE_EXPOSES = {
  mfe_landing: ['Routes'],
  mfe_auth: ['Routes'],
  mfe_client: ['Routes'],
  mfe_admin: ['Routes'],
  mfe_chat: ['Widget'],
} as const satisfies { [R in RemoteName]: readonly ExposedName<R>[] };

/** Route names the shell hands to a remote, from the one route table. */
export function routeNamesOf(remote: RemoteName): string[] {
  return ROUTES.filter((route) => route.remote === remote).map((route) => route.name);
}

/**
 * The contract an app's build writes into its `mf-manifest.json`
 * (`metaData.contract`): the shell records what it expects of every remote,
 * a remote what it provides. The deploy check reads both.
 */
export type FederationContract =
  | { kind: 'host'; sharedVersion: string; exposes: Record<string, readonly string[]>; routes: Record<string, string[]> }
  | { kind: 'remote'; sharedVersion: string; routes: string[] };

export function federationContract(name: string, role: 'host' | 'remote', sharedVersion: string): FederationContract {
  if (role === 'host') {
    const routes: Record<string, string[]> = {};
    for (const remote of Object.keys(REMOTE_EXPOSES) as RemoteName[]) routes[remote] = routeNamesOf(remote);
    return { kind: 'host', sharedVersion, exposes: REMOTE_EXPOSES, routes };
  }
  return { kind: 'remote', sharedVersion, routes: routeNamesOf(name as RemoteName) };
}
