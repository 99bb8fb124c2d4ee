import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from 'shared/session';
import { fakeApi } from 'shared/testing';
import { renderPage } from '../../testing/render-page';
import { SocialCallbackPage } from './social-callback-page';

jest.setTimeout(20_000);

describe('SocialCallbackPage', () => {
  it('trades the code for a token, loads the user and opens the saved page', async () => {
    window.localStorage.setItem(STORAGE_KEYS.requestedClientPage, '/main/escrow');
    const calls = fakeApi({
      'POST auth/social/callback': () => ({ body: { access_token: 'social-tok' } }),
      'GET auth/me': () => ({ body: { id: 'u', role: { name: 'client' } } }),
    });
    renderPage(<SocialCallbackPage />, { url: '/auth/callback?provider=google&code=c1&state=s1' });
    expect(await screen.findByText('Page /main/escrow')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBe('social-tok');
    const callback = calls.find((call) => call.key === 'POST auth/social/callback');
    expect(Object.fromEntries(callback?.search ?? [])).toEqual({ provider: 'google', code: 'c1', state: 's1' });
  });

  it('explains a failure and links back to sign-in', async () => {
    fakeApi({ 'POST auth/social/callback': () => ({ status: 400, body: { message: 'bad state' } }) });
    renderPage(<SocialCallbackPage />, { url: '/auth/callback?provider=google&code=c2&state=s2' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not sign you in with Google.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('does not call the API when the provider refused', async () => {
    const calls = fakeApi({});
    renderPage(<SocialCallbackPage />, { url: '/auth/callback?provider=facebook&error=access_denied&state=s3' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not sign you in with Facebook.');
    expect(calls).toHaveLength(0);
  });
});
