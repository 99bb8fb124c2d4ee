import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { STORAGE_KEYS } from 'shared/session';
import { fakeApi, renderWithProviders } from 'shared/testing';
import { SessionsCard } from './sessions-card';

const user = userEvent.setup({ delay: null });
jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 4000 });

const session = (id: string, browser: string, current = false) => ({
  id,
  browser,
  ip_address: '203.0.113.7',
  country: 'CM',
  created_at: '2026-03-01T08:00:00.000Z',
  last_seen_at: '2026-03-02T09:30:00.000Z',
  current,
});

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.clientToken, 'tok-1'));

describe('SessionsCard', () => {
  it('lists the devices with this one marked, and signs out one or every other', async () => {
    let sessions = [session('a', 'Chrome on Android', true), session('b', 'Firefox on Linux'), session('c', 'Safari on iOS')];
    const calls = fakeApi({
      'GET auth/sessions': () => ({ body: { data: sessions } }),
      'DELETE auth/sessions/b': () => {
        sessions = sessions.filter((s) => s.id !== 'b');
        return { status: 204 };
      },
      'DELETE auth/sessions/c': () => {
        sessions = sessions.filter((s) => s.id !== 'c');
        return { status: 204 };
      },
    });
    toast.remove();
    render(<Toaster />);
    renderWithProviders(<SessionsCard />);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('This device')).toBeInTheDocument();
    expect(within(list).getAllByText(/Cameroon · 203\.0\.113\.7/)).toHaveLength(3);
    // This device has no sign-out of its own here (the header's does that).
    expect(screen.getAllByRole('button', { name: /^Sign out Firefox|^Sign out Safari/ })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: /^Sign out Firefox on Linux/ }));
    expect(await screen.findByText('That device is signed out.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('No other device is signed in.')).toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('DELETE')).map((call) => call.key)).toEqual([
      'DELETE auth/sessions/b',
      'DELETE auth/sessions/c',
    ]);
  });
});
