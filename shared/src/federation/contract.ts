import { ROUTES } from '../routing/route-table';
import type { RemoteName } from './remote-names';

/**
 * What the shell asks of each remote at run time: the modules it loads by
 * name (without `./`). A remote build that drops or renames one of these
 * breaks the site, so the deploy check (`pnpm check:remote`) compares them
 * with the remote's manifest before `remotes.json` points at it.
 */
export const REMOTE_EXPOSES: Record<RemoteName, readonly string[]> = {
  mfe_landing: ['Routes'],
  mfe_auth: ['Routes'],
  mfe_client: ['Routes'],
  mfe_admin: ['Routes'],
  mfe_chat: ['Widget'],
};

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
