import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from 'shared/testing';
import { renderPage } from '../../testing/render-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

// Typing without pauses, and room for a busy machine: these tests walk whole flows.
const user = userEvent.setup({ delay: null });
jest.setTimeout(20_000);

describe('ForgotPasswordPage', () => {
  it('asks for a valid email, then confirms without telling whether the account exists', async () => {
    const calls = fakeApi({ 'POST auth/forgot-password': () => ({ body: { message: 'ok' } }) });
    renderPage(<ForgotPasswordPage />, { url: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByText('Please enter a valid email.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for/)).toHaveTextContent('nobody@example.com');
    expect(calls[0]?.body).toEqual({ email: 'nobody@example.com' });
  });

  it('shows the rate-limit message', async () => {
    fakeApi({ 'POST auth/forgot-password': () => ({ status: 429, body: { message: 'Too many attempts.' } }) });
    renderPage(<ForgotPasswordPage />, { url: '/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });
});

describe('ResetPasswordPage', () => {
  it('checks the new password and its confirmation', async () => {
    fakeApi({});
    renderPage(<ResetPasswordPage />, { url: '/reset-password?token=abc' });
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findAllByText('This field is mandatory.')).toHaveLength(2);
    await user.type(screen.getByLabelText('New password'), 'ALLUPPER1');
    await user.tab();
    expect(await screen.findByText('Password must have at least one lowercase letter.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Better-2026');
    await user.type(screen.getByLabelText('Confirm password'), 'Better-2025');
    await user.tab();
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
  });

  it('saves the password with the token from the link, then opens sign-in', async () => {
    const calls = fakeApi({ 'PUT auth/reset-password': () => ({ body: { message: 'ok' } }) });
    renderPage(<ResetPasswordPage />, { url: '/reset-password?token=abc' });
    await user.type(screen.getByLabelText('New password'), 'Better-2026');
    await user.type(screen.getByLabelText('Confirm password'), 'Better-2026');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
    expect(screen.getByText('Your password has been changed. You can now sign in.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: 'abc', password: 'Better-2026', password_confirmation: 'Better-2026' });
  });

  it('maps the server field errors onto the fields', async () => {
    fakeApi({
      'PUT auth/reset-password': () => ({
        status: 422,
        body: { message: 'Invalid', errors: { password: ['Password must have at least one number.'] } },
      }),
    });
    renderPage(<ResetPasswordPage />, { url: '/reset-password?token=abc' });
    await user.type(screen.getByLabelText('New password'), 'Better-2026');
    await user.type(screen.getByLabelText('Confirm password'), 'Better-2026');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Password must have at least one number.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('goes to /expired when the link is no longer valid', async () => {
    fakeApi({ 'PUT auth/reset-password': () => ({ status: 410, body: { message: 'Expired' } }) });
    renderPage(<ResetPasswordPage />, { url: '/reset-password?token=old' });
    await user.type(screen.getByLabelText('New password'), 'Better-2026');
    await user.type(screen.getByLabelText('Confirm password'), 'Better-2026');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Page /expired')).toBeInTheDocument();
  });

  it('goes to /expired without a token', async () => {
    fakeApi({});
    renderPage(<ResetPasswordPage />, { url: '/reset-password' });
    expect(await screen.findByText('Page /expired')).toBeInTheDocument();
  });
});
