import { satisfy } from '@module-federation/enhanced/runtime';
import { findIncompatibility, IncompatibleRemoteError, versionGuardPlugin } from './version-guard';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerGlobalPlugins: jest.fn(),
  registerPlugins: jest.fn(),
  satisfy: jest.requireActual('@module-federation/runtime-core').satisfy,
}));

/** The arguments the federation runtime passes to `resolveShare`. */
function resolveArgs(version: string, requiredVersion: string | false, from = 'mfe_landing') {
  const shared = { version, from: 'shell' };
  return {
    pkgName: 'shared/ui',
    version,
    shareInfo: { from, shareConfig: { singleton: true, requiredVersion } },
    resolver: () => ({ shared, useTreesShaking: false }),
  };
}

beforeEach(() => {
  // The refusal is logged on purpose.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('versionGuardPlugin', () => {
  const plugin = versionGuardPlugin();
  const resolveShare = plugin.resolveShare as unknown as (args: ReturnType<typeof resolveArgs>) => ReturnType<typeof resolveArgs>;

  it('lets a remote use the copy the page loaded when its version fits', () => {
    expect(satisfy('0.1.3', '^0.1.0')).toBe(true);
    const args = resolveShare(resolveArgs('0.1.3', '^0.1.0'));
    expect(args.resolver()).toEqual({ shared: { version: '0.1.3', from: 'shell' }, useTreesShaking: false });
  });

  it('refuses a remote built for another major, naming the remote and both versions', () => {
    const args = resolveShare(resolveArgs('0.1.0', '^1.0.0'));
    expect(() => args.resolver()).toThrow(IncompatibleRemoteError);
    expect(() => args.resolver()).toThrow(
      expect.objectContaining({ remote: 'mfe_landing', module: 'shared/ui', provided: '0.1.0', required: '^1.0.0' }),
    );
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/mfe_landing.*shared\/ui \^1\.0\.0.*provides 0\.1\.0/));
  });

  it('leaves modules shared without a version range alone', () => {
    const args = resolveShare(resolveArgs('0.1.0', false));
    expect(args.resolver()).toMatchObject({ shared: { version: '0.1.0' } });
  });
});

describe('versionGuardPlugin before a remote runs', () => {
  const plugin = versionGuardPlugin();
  const afterLoadSnapshot = plugin.afterLoadSnapshot as unknown as (args: unknown) => Promise<unknown>;

  /** The shell has loaded `shared` 1.2.0; a remote's manifest says what it was built against. */
  function snapshotArgs(builtAgainst: string) {
    return {
      host: {
        options: { name: 'shell' },
        shareScopeMap: { default: { 'shared/ui': { '1.2.0': { from: 'shell', loaded: true } } } },
      },
      moduleInfo: { name: 'mfe_admin', entry: 'https://cdn.example/mfe-admin/mf-manifest.json' },
      remoteSnapshot: {
        shared: [
          { sharedName: 'react', version: '19.2.9' },
          { sharedName: 'shared/ui', version: builtAgainst },
        ],
      },
    };
  }

  it('lets in a remote built against the same major, older or equal', async () => {
    await expect(afterLoadSnapshot(snapshotArgs('1.0.0'))).resolves.toBeDefined();
    await expect(afterLoadSnapshot(snapshotArgs('1.2.0'))).resolves.toBeDefined();
  });

  it('refuses a remote that needs newer shared code than the page has, before its entry runs', async () => {
    await expect(afterLoadSnapshot(snapshotArgs('1.3.0'))).rejects.toMatchObject({ remote: 'mfe_admin', provided: '1.2.0', required: '^1.3.0' });
    await expect(afterLoadSnapshot(snapshotArgs('2.0.0'))).rejects.toBeInstanceOf(IncompatibleRemoteError);
  });
});

describe('findIncompatibility', () => {
  it('finds the incompatibility however deep the loader wrapped it', () => {
    const cause = new IncompatibleRemoteError('mfe_admin', 'shared/api', '0.1.0', '^1.0.0');
    const wrapped = new Error('loading failed', { cause: new Error('factory failed', { cause }) });
    expect(findIncompatibility(wrapped)).toBe(cause);
    expect(findIncompatibility(new Error('network down'))).toBeUndefined();
  });
});
