import { registerGlobalPlugins, registerPlugins, satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A remote built against versions of the shared libraries that the page
 * cannot give it (typically a newer major of `shared` than the running
 * shell's). It must not half-work on the older copy: its slot shows a
 * fallback instead.
 */
export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    readonly module: string,
    readonly provided: string,
    readonly required: string,
  ) {
    super(`${remote} needs ${module} ${required}, but the page provides ${provided}`);
    this.name = 'IncompatibleRemoteError';
  }
}

/** The incompatibility behind an error, wherever the loader wrapped it. */
export function findIncompatibility(error: unknown): IncompatibleRemoteError | undefined {
  for (let current = error, depth = 0; current && depth < 10; depth += 1) {
    if (current instanceof IncompatibleRemoteError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

type ResolveShareArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['resolveShare']>>[0];
type AfterLoadSnapshotArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['afterLoadSnapshot']>>[0];
type ShareScopeMap = AfterLoadSnapshotArgs['host']['shareScopeMap'];

/** The workspace package whose versions are the contract between the shell and the remotes. */
const CONTRACT_PACKAGE = 'shared/';

/**
 * The version of a shared module the page runs: the copy already loaded, else
 * the one the page's host provides (what loaded-first sharing will hand out).
 */
function pageVersion(scopes: ShareScopeMap, host: string, module: string): string | undefined {
  const versions = Object.entries(scopes.default?.[module] ?? {});
  const loaded = versions.find(([, shared]) => shared.loaded || shared.loading);
  return (loaded ?? versions.find(([, shared]) => shared.from === host))?.[0];
}

/**
 * Two checks, registered as a global plugin so they run in every federation
 * instance on the page:
 * - before a remote's entry runs, the `shared` version it was built against
 *   (from its manifest) must be compatible with the page's: `^built` must
 *   accept what the page runs. A refused remote never executes, so none of
 *   its modules enter the share scope and no other remote is affected;
 * - inside each remote's instance, every singleton it asks for is checked
 *   against its declared range, as a second line.
 */
export function versionGuardPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'fundament-version-guard',
    async afterLoadSnapshot(args: AfterLoadSnapshotArgs) {
      const { host, moduleInfo, remoteSnapshot } = args;
      const shared = remoteSnapshot && 'shared' in remoteSnapshot ? remoteSnapshot.shared : [];
      for (const { sharedName, version } of shared) {
        if (!sharedName.startsWith(CONTRACT_PACKAGE)) continue;
        const provided = pageVersion(host.shareScopeMap, host.options.name, sharedName);
        if (provided && !satisfy(provided, `^${version}`)) throw refuse(moduleInfo.name, sharedName, provided, `^${version}`);
      }
      return args;
    },
    resolveShare(args: ResolveShareArgs) {
      const { shareInfo, pkgName, version } = args;
      const required = shareInfo.shareConfig?.requiredVersion;
      if (!shareInfo.shareConfig?.singleton || typeof required !== 'string' || !version || satisfy(version, required)) return args;
      const refusal = refuse(shareInfo.from, pkgName, version, required);
      return {
        ...args,
        resolver: () => {
          throw refusal;
        },
      };
    },
  };
}

/** The refusal, logged once with both versions for whoever deploys. */
function refuse(remote: string, module: string, provided: string, required: string): IncompatibleRemoteError {
  console.error(`Remote ${remote} is incompatible with this page: it needs ${module} ${required}, the page provides ${provided}.`);
  return new IncompatibleRemoteError(remote, module, provided, required);
}

/**
 * On the shell's own federation instance (created before this code runs,
 * where remotes are loaded) and, globally, on every remote's instance created
 * after it.
 */
export function guardRemoteVersions(): void {
  const plugin = versionGuardPlugin();
  registerPlugins([plugin]);
  registerGlobalPlugins([plugin]);
}
