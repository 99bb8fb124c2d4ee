import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from 'shared/session';
import { fakeApi } from 'shared/testing';
import { renderPage } from '../../testing/render-page';
import { LinkAccountPage } from './link-account-page';

jest.setTimeout(20_000);

describe('LinkAccountPage (the e-mailed confirmation link)', () => {
  it('links the provider, signs in and opens the client area', async () => {
    const calls = fakeApi({
      'POST auth/social/pending-link/confirm': () => ({ body: { access_token: 'mail-tok' } }),
      'GET auth/me': () => ({ body: { id: 'u', role: { name: 'client' } } }),
    });
    renderPage(<LinkAccountPage />, { url: '/auth/link-account?token=m1' });
    expect(await screen.findByText('Page /main')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBe('mail-tok');
    expect(calls.find((call) => call.key === 'POST auth/social/pending-link/confirm')?.body).toEqual({ token: 'm1' });
  });

  it('explains a used or expired link, in French too', async () => {
    fakeApi({ 'POST auth/social/pending-link/confirm': () => ({ status: 410, body: { message: 'expired' } }) });
    renderPage(<LinkAccountPage />, { url: '/auth/link-account?token=m2', locale: 'fr' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce lien a expiré ou a déjà été utilisé.');
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBeNull();
  });
});
