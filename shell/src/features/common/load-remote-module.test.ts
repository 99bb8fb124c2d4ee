import type { loadRemote } from '@module-federation/enhanced/runtime';
import { findRoute } from 'shared/routing';
import type { preloadRoute as PreloadRoute } from './load-remote-module';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

let loadRemoteMock: jest.MockedFunction<typeof loadRemote>;
let preloadRoute: typeof PreloadRoute;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function routesModule() {
  const Routes = Object.assign(() => null, { preload: jest.fn(async () => undefined), preloadPage: jest.fn(async () => undefined) });
  return { default: Routes };
}

// A fresh module each time: it keeps each remote's load for the page's life.
beforeEach(() => {
  jest.isolateModules(() => {
    loadRemoteMock = jest.requireMock('@module-federation/enhanced/runtime').loadRemote;
    ({ preloadRoute } = jest.requireActual('./load-remote-module'));
  });
  loadRemoteMock.mockReset();
});

describe('preloadRoute', () => {
  it("loads the route's remote and starts its page's own code and its messages at once", async () => {
    const module = routesModule();
    // The messages still on their way: the page's code is asked for meanwhile, not after them.
    module.default.preload.mockReturnValue(new Promise(() => undefined));
    loadRemoteMock.mockResolvedValue(module);
    preloadRoute(findRoute('/main/projects'));
    await flush();
    expect(loadRemoteMock).toHaveBeenCalledWith('mfe_client/Routes');
    expect(module.default.preload).toHaveBeenCalled();
    expect(module.default.preloadPage).toHaveBeenCalledWith('main.projects');
  });

  it('loads only the remote when the page is not asked for', async () => {
    const module = routesModule();
    loadRemoteMock.mockResolvedValue(module);
    preloadRoute(findRoute('/login'), { page: false });
    await flush();
    expect(loadRemoteMock).toHaveBeenCalledWith('mfe_auth/Routes');
    expect(module.default.preloadPage).not.toHaveBeenCalled();
    expect(module.default.preload).not.toHaveBeenCalled();
  });

  it('stays silent when the remote or its page cannot be loaded, or the remote predates page preloading', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const failing = routesModule();
      failing.default.preloadPage.mockRejectedValue(new Error('chunk 404'));
      failing.default.preload.mockRejectedValue(new Error('catalog 404'));
      loadRemoteMock.mockResolvedValueOnce(failing).mockResolvedValueOnce({ default: () => null });
      preloadRoute(findRoute('/main/projects'));
      preloadRoute(findRoute('/admin/clients'));
      preloadRoute(undefined);
      await flush();
      await flush();
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});
