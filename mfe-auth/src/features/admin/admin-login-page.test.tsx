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
});
