import { registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRemotesConfig, loadRemotesConfig, pageRemotesConfig, registerRemoteManifests } from './remotes-config';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

function answer(body: unknown, status = 200): typeof fetch {
  return jest.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

describe('remotes.json', () => {
  it('keeps known remotes and resolves relative manifest URLs against the page', async () => {
    const config = await fetchRemotesConfig(
      '/remotes.json',
      answer({
        mfe_landing: '/remotes/mfe-landing/mf-manifest.json',
        mfe_admin: 'https://admin.cdn.example/v42/mf-manifest.json',
        unknown_remote: '/x.json',
      }),
    );
    expect(config).toEqual({
      mfe_landing: 'http://localhost/remotes/mfe-landing/mf-manifest.json',
      mfe_admin: 'https://admin.cdn.example/v42/mf-manifest.json',
    });
  });

  it('rejects a configuration that cannot be read', async () => {
    await expect(fetchRemotesConfig('/remotes.json', answer({}, 503))).rejects.toThrow('503');
    await expect(fetchRemotesConfig('/remotes.json', answer({ mfe_auth: 42 }))).rejects.toThrow();
  });

  it('registers every configured remote with the federation runtime', () => {
    registerRemoteManifests({ mfe_chat: 'http://localhost/remotes/mfe-chat/mf-manifest.json' });
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_chat', entry: 'http://localhost/remotes/mfe-chat/mf-manifest.json' }]);
  });

  describe('written into the page by the server', () => {
    afterEach(() => {
      document.head.innerHTML = '';
      jest.restoreAllMocks();
    });

    const writeIntoPage = (text: string) => {
      document.head.innerHTML = `<script type="application/json" id="remotes-config">${text}</script>`;
    };

    it('is read from the page, with no request', async () => {
      writeIntoPage(JSON.stringify({ mfe_client: '/remotes/mfe-client/mf-manifest.json', unknown_remote: '/x.json' }));
      const fetched = jest.spyOn(globalThis, 'fetch');
      await loadRemotesConfig();
      expect(fetched).not.toHaveBeenCalled();
      expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_client', entry: 'http://localhost/remotes/mfe-client/mf-manifest.json' }]);
    });

    it('is left aside when it cannot be read, so remotes.json is asked for instead', () => {
      expect(pageRemotesConfig()).toBeUndefined();
      writeIntoPage('{"mfe_client": ');
      expect(pageRemotesConfig()).toBeUndefined();
      writeIntoPage('{"mfe_client": 42}');
      expect(pageRemotesConfig()).toBeUndefined();
    });
  });
});
