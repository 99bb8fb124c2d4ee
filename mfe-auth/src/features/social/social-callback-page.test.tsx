import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from 'shared/session';
import { fakeApi } from 'shared/testing';
import { renderPage } from '../../testing/render-page';
import { SocialCallbackPage } from './social-callback-page';

jest.setTimeout(20_000);

const user = userEvent.setup({ delay: null });
const linkRequired = (canUsePassword = true) => ({
  status: 409,
  body: {
    code: 'social_link_confirmation_required',
    message: 'An account already uses this email address.',
    link_token: 'pending-1',
    email: 'ada@example.com',
    can_use_password: canUsePassword,
  },
});

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

  it('tells the owner of an unconfirmed account taken over from a squatter that the earlier password is gone', async () => {
    fakeApi({
      'POST auth/social/callback': () => ({ body: { access_token: 'social-tok', password_removed: true } }),
      'GET auth/me': () => ({ body: { id: 'u', role: { name: 'client' } } }),
    });
    renderPage(<SocialCallbackPage />, { url: '/auth/callback?provider=google&code=c4&state=s4' });
    expect(await screen.findByText(/its earlier password was removed/)).toBeInTheDocument();
    expect(await screen.findByText('Page /main')).toBeInTheDocument();
  });

  it('asks the owner of a verified account for its password before linking, and does not sign in until then', async () => {
    const calls = fakeApi({
      'POST auth/social/callback': () => linkRequired(),
      'POST auth/social/pending-link/password': (request) =>
        request.body?.password === 'Right-pass-1'
          ? { body: { access_token: 'linked-tok' } }
          : { status: 401, body: { message: 'Incorrect password.' } },
      'GET auth/me': () => ({ body: { id: 'u', role: { name: 'client' } } }),
    });
    renderPage(<SocialCallbackPage />, { url: '/auth/callback?provider=google&code=c5&state=s5' });
    expect(await screen.findByRole('heading', { name: 'Link Google to your account' })).toBeInTheDocument();
    expect(screen.getByText(/An account already uses ada@example\.com/)).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBeNull();

    await user.type(screen.getByLabelText('Password of your Fundament account'), 'Wrong-pass-1');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password.');
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBeNull();

    await user.clear(screen.getByLabelText('Password of your Fundament account'));
    await user.type(screen.getByLabelText('Password of your Fundament account'), 'Right-pass-1');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText('Page /main')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBe('linked-tok');
    const attempts = calls.filter((call) => call.key === 'POST auth/social/pending-link/password');
    expect(attempts.map((call) => call.body)).toEqual([
      { token: 'pending-1', password: 'Wrong-pass-1' },
      { token: 'pending-1', password: 'Right-pass-1' },
    ]);
  });

  it('mails a confirmation link instead, in French too; an account without a password gets only that', async () => {
    const calls = fakeApi({
      'POST auth/social/callback': () => linkRequired(false),
      'POST auth/social/pending-link/email': () => ({ body: { message: 'Nous avons envoyé un lien de confirmation à ada@example.com.' } }),
    });
    renderPage(<SocialCallbackPage />, { url: '/auth/callback?provider=facebook&code=c6&state=s6', locale: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Lier Facebook à votre compte' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Mot de passe de votre compte Fundament')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'M’envoyer un lien de confirmation par e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nous avons envoyé un lien de confirmation à ada@example.com.');
    expect(calls.find((call) => call.key === 'POST auth/social/pending-link/email')?.body).toEqual({ token: 'pending-1' });
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBeNull();
  });

  it('says so when the pending link has expired', async () => {
    fakeApi({
      'POST auth/social/callback': () => linkRequired(),
      'POST auth/social/pending-link/email': () => ({ status: 410, body: { message: 'expired' } }),
    });
    renderPage(<SocialCallbackPage />, { url: '/auth/callback?provider=google&code=c7&state=s7' });
    await user.click(await screen.findByRole('button', { name: 'Email me a confirmation link' }));
    expect(await screen.findByRole('heading', { name: 'This request has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
