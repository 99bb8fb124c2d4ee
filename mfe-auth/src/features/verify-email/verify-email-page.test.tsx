import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from 'shared/session';
import { fakeApi } from 'shared/testing';
import { renderPage } from '../../testing/render-page';
import { VerifyEmailPage } from './verify-email-page';

jest.setTimeout(20_000);

describe('VerifyEmailPage', () => {
  it('confirms the token from the link', async () => {
    const calls = fakeApi({ 'POST auth/verify-email': () => ({ body: { message: 'ok' } }) });
    renderPage(<VerifyEmailPage />, { url: '/verify-email?token=good-1' });
    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls.filter((call) => call.key === 'POST auth/verify-email')).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'good-1' });
  });

  it('signs the person in with the session the answer carries and opens the page they were going to', async () => {
    window.localStorage.setItem(STORAGE_KEYS.requestedClientPage, '/main/escrow');
    const calls = fakeApi({
      'POST auth/verify-email': () => ({ body: { message: 'ok', access_token: 'verified-tok' } }),
      'GET auth/me': () => ({ body: { id: 'u', role: { name: 'client' } } }),
    });
    renderPage(<VerifyEmailPage />, { url: '/verify-email?token=good-2' });
    expect(await screen.findByText('Page /main/escrow')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBe('verified-tok');
    expect(calls.map((call) => call.key)).toEqual(['POST auth/verify-email', 'GET auth/me']);
  });

  it('sends a used or expired link to /expired', async () => {
    fakeApi({ 'POST auth/verify-email': () => ({ status: 410, body: { message: 'gone' } }) });
    renderPage(<VerifyEmailPage />, { url: '/verify-email?token=used-1' });
    expect(await screen.findByText('Page /expired')).toBeInTheDocument();
  });

  it('says so when the server fails', async () => {
    fakeApi({ 'POST auth/verify-email': () => ({ status: 500 }) });
    renderPage(<VerifyEmailPage />, { url: '/verify-email?token=broken-1' });
    expect(await screen.findByRole('heading', { name: 'We could not verify your email' })).toBeInTheDocument();
  });
});
