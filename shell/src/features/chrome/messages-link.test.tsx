import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONVERSATION_UNREAD_FALLBACK_MS } from 'shared/query';
import { fakeApi, renderWithProviders } from 'shared/testing';
import { MessagesLink } from './messages-link';

function renderLink(live = false) {
  return renderWithProviders(<MessagesLink live={live} />, {
    url: '/main/dashboard',
    path: '/main/dashboard',
    routes: [{ path: '/main/messages', element: <p>Conversations page</p> }],
  });
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('MessagesLink', () => {
  it('names the unread messages and leads to the conversations', async () => {
    fakeApi({ 'GET conversations/unread-count': () => ({ body: { count: 4 } }) });
    renderLink();
    const link = await screen.findByRole('link', { name: 'Messages, 4 unread' });
    expect(link).toHaveTextContent('4');
    await userEvent.click(link);
    expect(await screen.findByText('Conversations page')).toBeInTheDocument();
  });

  it('shows no badge when everything is read', async () => {
    const calls = fakeApi({ 'GET conversations/unread-count': () => ({ body: { count: 0 } }) });
    renderLink();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveTextContent('');
  });

  it('asks again every five minutes while the live stream is down, and not while it is open', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let count = 1;
    const calls = fakeApi({ 'GET conversations/unread-count': () => ({ body: { count } }) });
    const { unmount } = renderLink(false);
    await screen.findByRole('link', { name: 'Messages, 1 unread' });
    count = 2;
    await act(async () => {
      jest.advanceTimersByTime(CONVERSATION_UNREAD_FALLBACK_MS);
    });
    expect(await screen.findByRole('link', { name: 'Messages, 2 unread' })).toBeInTheDocument();
    unmount();

    const before = calls.length;
    renderLink(true);
    await screen.findByRole('link', { name: 'Messages, 2 unread' });
    await act(async () => {
      jest.advanceTimersByTime(CONVERSATION_UNREAD_FALLBACK_MS * 3);
    });
    expect(calls.length - before).toBe(1);
  });
});
