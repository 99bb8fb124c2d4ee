import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from 'shared/session';
import { fakeApi } from 'shared/testing';
import { renderPage } from '../../testing/render-page';
import { AdminLoginPage } from './admin-login-page';

// Typing without pauses, and room for a busy machine: these tests walk whole flows.
const user = userEvent.setup({ delay: null });
jest.setTimeout(20_000);

describe('AdminLoginPage', () => {
  it('signs the admin in with the admin token and lands on the clients dashboard', async () => {
    const calls = fakeApi({
      'POST admin/auth/login': () => ({ body: { access_token: 'adm-1' } }),
      'GET admin/auth/me': () => ({ body: { id: 'a', role: { name: 'admin' } } }),
    });
    renderPage(<AdminLoginPage />, { url: '/admin-login' });
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Admin-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Page /admin/clients')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('adm-1');
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBeNull();
    expect(calls.map((call) => call.key)).toEqual(['POST admin/auth/login', 'GET admin/auth/me']);
  });

  it('shows the refusal and the required-field messages', async () => {
    fakeApi({ 'POST admin/auth/login': () => ({ status: 401, body: { message: 'Incorrect email or password.' } }) });
    renderPage(<AdminLoginPage />, { url: '/admin-login' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
  });
  it('leads an admin without a second factor through setting one up, shows the recovery codes once, then signs in', async () => {
    const calls = fakeApi({
      'POST admin/auth/login': () => ({
        status: 202,
        body: {
          two_factor: 'enrol',
          challenge_token: 'chal-a',
          expires_at: '2026-01-01T00:05:00Z',
          message: 'Set up an authenticator app to continue.',
        },
      }),
      'POST admin/auth/two-factor/enrolment': () => ({
        body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_code: 'data:image/svg+xml;base64,PHN2Zy8+' },
      }),
      'POST admin/auth/two-factor/enrolment/confirm': () => ({ body: { access_token: 'adm-2', recovery_codes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] } }),
      'GET admin/auth/me': () => ({ body: { id: 'a', role: { name: 'admin' } } }),
    });
    renderPage(<AdminLoginPage />, { url: '/admin-login' });
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Admin-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('AAAAA-BBBBB')).toBeInTheDocument();
    // No session until the codes have been seen.
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('Page /admin/clients')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('adm-2');
    expect(calls.find((call) => call.key === 'POST admin/auth/two-factor/enrolment/confirm')?.body).toEqual({
      challenge_token: 'chal-a',
      code: '123456',
    });
  });
});
