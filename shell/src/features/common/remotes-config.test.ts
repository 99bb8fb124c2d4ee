import { registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRemotesConfig, registerRemoteManifests } from './remotes-config';

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
});
