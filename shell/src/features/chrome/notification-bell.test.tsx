import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { renderWithProviders } from 'shared/testing';
import { FALLBACK_REFRESH_MS, NotificationBell } from './notification-bell';

const user = userEvent.setup({ delay: null });

const list = (locale: string) => ({
  data: [
    {
      id: 2,
      kind: 'quote_received',
      text: locale === 'fr' ? 'Nouveau devis de Conrad' : 'New quote from Conrad',
      link: '/main/projects/p1',
      read: false,
      created_at: '2026-11-21T09:00:00.000Z',
    },
    { id: 1, kind: 'project_request', text: 'Older one', link: '/main/projects/p0', read: true, created_at: '2026-11-20T09:00:00.000Z' },
  ],
});

/** The tab as the browser reports it: the query layer refetches when it becomes visible, and polls only while it is. */
function setTabVisible(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (visible ? 'visible' : 'hidden') });
  window.dispatchEvent(new Event('visibilitychange'));
}

function fakeServer(start = 3) {
  let unread = start;
  let allRead = false;
  const calls: string[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = `${request.method} ${new URL(request.url).pathname.replace('/api/v1/', '')}`;
    calls.push(path);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (path === 'GET notifications/unread-count') return json({ count: unread });
    if (path === 'GET notifications') {
      const body = list(request.headers.get('Accept-Language') ?? 'en');
      return json(allRead ? { data: body.data.map((item) => ({ ...item, read: true })) } : body);
    }
    if (path === 'POST notifications/read-all') {
      unread = 0;
      allRead = true;
      return new Response(null, { status: 204 });
    }
    if (path.startsWith('POST notifications/')) {
      unread = Math.max(0, unread - 1);
      return new Response(null, { status: 204 });
    }
    return new Response('{}', { status: 404 });
  });
  return calls;
}

function renderBell(live = false) {
  return renderWithProviders(<NotificationBell live={live} />, {
    url: '/main/dashboard',
    path: '/main/dashboard',
    routes: [{ path: '/main/projects/:id', element: <p>Project page</p> }],
  });
}

afterEach(() => {
  jest.useRealTimers();
  setTabVisible(true);
});

describe('NotificationBell', () => {
  it('puts the unread count in the button name and, while the live stream is down, refreshes it every five minutes and when the tab is seen again', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const calls = fakeServer(3);
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toHaveAttribute('aria-expanded', 'false');
    const counted = () => calls.filter((call) => call === 'GET notifications/unread-count').length;
    expect(counted()).toBe(1);
    await act(async () => {
      jest.advanceTimersByTime(FALLBACK_REFRESH_MS);
    });
    await waitFor(() => expect(counted()).toBe(2));
    act(() => setTabVisible(true));
    await waitFor(() => expect(counted()).toBe(3));
  });

  it('does not poll while the live stream keeps the count current', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const calls = fakeServer(3);
    renderBell(true);
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    await act(async () => {
      jest.advanceTimersByTime(FALLBACK_REFRESH_MS * 3);
    });
    expect(calls.filter((call) => call === 'GET notifications/unread-count')).toHaveLength(1);
  });

  it('stops asking for the count while the tab is hidden', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const calls = fakeServer(3);
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    const counted = () => calls.filter((call) => call === 'GET notifications/unread-count').length;
    act(() => setTabVisible(false));
    await act(async () => {
      jest.advanceTimersByTime(FALLBACK_REFRESH_MS * 3);
    });
    expect(counted()).toBe(1);
  });

  it('opens the list, closes on Escape with the focus back on the button', async () => {
    fakeServer(1);
    renderBell();
    const button = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-haspopup', 'true');
    expect(await screen.findByRole('link', { name: /New quote from Conrad/ })).toHaveAttribute('href', '/main/projects/p1');
    expect(screen.getByRole('link', { name: /Older one/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: /New quote from Conrad/ })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks all as read with "Mark all as read", which clears the count', async () => {
    const calls = fakeServer(1);
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(calls).toContain('POST notifications/read-all');
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('asks the server for the count again once notifications are marked as read', async () => {
    const calls = fakeServer(3);
    // In the header, the bell stays on screen while the link opens another page.
    renderWithProviders(<NotificationBell />, { url: '/main/dashboard', path: '/main/*' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    expect(await screen.findByRole('link', { name: /New quote from Conrad/ })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /New quote from Conrad/ }));
    // The server counts 2 after the one read: the badge says what it answers, asked after the change.
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await waitFor(() => expect(calls.lastIndexOf('GET notifications/unread-count')).toBeGreaterThan(calls.indexOf('POST notifications/2/read')));
  });

  it('follows a read link to the page and marks an unread one as read', async () => {
    const calls = fakeServer(1);
    const { router } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('link', { name: /New quote from Conrad/ }));
    await waitFor(() => expect(calls).toContain('POST notifications/2/read'));
    expect(router.state.location.pathname).toBe('/main/projects/p1');
  });

  it('fetches the list again when the language changes, since the API translates it', async () => {
    fakeServer(1);
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByText('New quote from Conrad')).toBeInTheDocument();
    act(() => {
      i18n.load('fr', {});
      i18n.activate('fr');
    });
    expect(await screen.findByText('Nouveau devis de Conrad')).toBeInTheDocument();
  });
});
