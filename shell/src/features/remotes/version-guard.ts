import { registerGlobalPlugins, satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

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

/**
 * Checks every singleton a remote asks for against the copy the page already
 * loaded. Registered as a global plugin, so it runs inside each remote's own
 * federation instance too, where the remote's shares are resolved.
 */
export function versionGuardPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'fundament-version-guard',
    resolveShare(args: ResolveShareArgs) {
      const { shareInfo, pkgName, version } = args;
      const required = shareInfo.shareConfig?.requiredVersion;
      if (!shareInfo.shareConfig?.singleton || typeof required !== 'string' || !version || satisfy(version, required)) return args;
      const refusal = new IncompatibleRemoteError(shareInfo.from, pkgName, version, required);
      console.error(`Remote ${refusal.remote} is incompatible with this page: it needs ${pkgName} ${required}, the page provides ${version}.`);
      return { ...args, resolver: () => { throw refusal; } };
    },
  };
}

export function guardRemoteVersions(): void {
  registerGlobalPlugins([versionGuardPlugin()]);
}
