import { screen, waitFor } from '@testing-library/react';
import { fakeApi } from 'shared/testing';
import { renderPage } from '../../testing/render-page';
import { SignInPage } from './sign-in-page';

jest.setTimeout(20_000);

describe('social sign-in buttons', () => {
  it('shows a button only for the providers the server offers', async () => {
    fakeApi({ 'GET auth/social/providers': () => ({ body: { providers: ['google'] } }) });
    renderPage(<SignInPage />, { url: '/login' });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).not.toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
  });

  it('shows both when both are offered', async () => {
    fakeApi({ 'GET auth/social/providers': () => ({ body: { providers: ['google', 'facebook'] } }) });
    renderPage(<SignInPage />, { url: '/login' });
    expect(await screen.findByRole('button', { name: 'Continue with Facebook' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('shows no provider button, and no "or", when none is configured or the list cannot be read', async () => {
    for (const reply of [{ body: { providers: [] } }, { status: 500, body: { message: 'down' } }]) {
      const calls = fakeApi({ 'GET auth/social/providers': () => reply });
      const { unmount } = renderPage(<SignInPage />, { url: '/login' });
      await waitFor(() => expect(calls.some((call) => call.key === 'GET auth/social/providers')).toBe(true));
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
      expect(screen.queryByText('or')).not.toBeInTheDocument();
      unmount();
      jest.restoreAllMocks();
    }
  });
});
