import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from 'shared/session';
import { fakeApi } from 'shared/testing';
import { renderPage } from '../../testing/render-page';
import { SignInPage } from './sign-in-page';

// Typing without pauses, and room for a busy machine: these tests walk whole flows.
const user = userEvent.setup({ delay: null });
jest.setTimeout(20_000);

const signedInUser = { id: 'u1', email: 'ada@example.com', first_name: 'Ada', role: { name: 'client' }, permissions: [] };

describe('SignInPage', () => {
  it('asks for the email and the password on submit', async () => {
    fakeApi({});
    renderPage(<SignInPage />, { url: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter your email');
  });

  it('checks the email format when the field is left', async () => {
    fakeApi({});
    renderPage(<SignInPage />, { url: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email.')).not.toBeInTheDocument());
  });

  it('shows and hides the password', async () => {
    fakeApi({});
    renderPage(<SignInPage />, { url: '/login' });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it("shows the server's message when the credentials are wrong", async () => {
    fakeApi({ 'POST auth/login': () => ({ status: 401, body: { message: 'Incorrect email or password.' } }) });
    renderPage(<SignInPage />, { url: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
  });

  it('reopens the page saved by the guard after signing in, once', async () => {
    window.localStorage.setItem(STORAGE_KEYS.requestedClientPage, '/main/escrow');
    const calls = fakeApi({
      'POST auth/login': () => ({ body: { access_token: 'tok-1' } }),
      'GET auth/me': () => ({ body: signedInUser }),
    });
    renderPage(<SignInPage />, { url: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Page /main/escrow')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.requestedClientPage)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBe('tok-1');
    expect(calls.find((call) => call.key === 'POST auth/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'Secret-2026',
    });
    expect(calls.find((call) => call.key === 'GET auth/me')?.headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('opens the client area when no page was saved', async () => {
    fakeApi({ 'POST auth/login': () => ({ body: { access_token: 'tok-2' } }), 'GET auth/me': () => ({ body: signedInUser }) });
    renderPage(<SignInPage />, { url: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Page /main')).toBeInTheDocument();
  });

  it('takes an unverified address to the verify-your-email screen', async () => {
    fakeApi({
      'POST auth/login': () => ({
        status: 403,
        body: { message: 'Please verify your email address before signing in.', code: 'email_unverified' },
      }),
    });
    const { router } = renderPage(<SignInPage />, { url: '/login' });
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Page /sign-up')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ verifyEmail: 'new@example.com' });
  });

  it('says "Something went wrong" when the server fails', async () => {
    fakeApi({ 'POST auth/login': () => ({ status: 500, body: { message: 'boom' } }) });
    renderPage(<SignInPage />, { url: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it('speaks French, validation messages included, and asks the API in French', async () => {
    const calls = fakeApi({ 'POST auth/login': () => ({ status: 401, body: { message: 'Adresse e-mail ou mot de passe incorrect.' } }) });
    renderPage(<SignInPage />, { url: '/login', locale: 'fr' });
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Veuillez saisir votre adresse e-mail')).toBeInTheDocument();
    expect(screen.getByText('Veuillez saisir votre mot de passe')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'x');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Adresse e-mail ou mot de passe incorrect.');
    expect(calls[0]?.headers.get('Accept-Language')).toBe('fr');
  });
  it('asks for the authenticator code after the password, with a recovery code and "remember this device" on offer', async () => {
    const calls = fakeApi({
      'POST auth/login': () => ({
        status: 202,
        body: { two_factor: 'code', challenge_token: 'chal-1', expires_at: '2026-01-01T00:05:00Z', message: 'Enter the code.' },
      }),
      'POST auth/two-factor/sign-in': ({ body }) =>
        (body as { code: string }).code === 'ABCDE-FGHJK'
          ? { body: { access_token: 'tok-2fa' } }
          : { status: 422, body: { message: 'Please check the highlighted fields.', errors: { code: ['This code is not valid.'] } } },
      'GET auth/me': () => ({ body: signedInUser }),
    });
    renderPage(<SignInPage />, { url: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not valid.')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-FGHJK');
    await user.click(screen.getByLabelText('Remember this device for 30 days'));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Page /main')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBe('tok-2fa');
    expect(calls.filter((call) => call.key === 'POST auth/two-factor/sign-in').at(-1)?.body).toEqual({
      challenge_token: 'chal-1',
      code: 'ABCDE-FGHJK',
      remember_device: true,
    });
  });
});
