import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { clientUserAtom } from 'shared/session';
import { fakeApi, renderWithProviders } from 'shared/testing';
import { MessagesPage } from './messages-page';
import { summaryFixture } from './conversation-fixtures';

function renderList() {
  const store = createStore();
  store.set(clientUserAtom, { id: 'u-client', first_name: 'Claire', role: { name: 'client' } } as never);
  return renderWithProviders(<MessagesPage />, { store, url: '/main/messages', path: '/main/messages' });
}

afterEach(() => jest.restoreAllMocks());

describe('the list of conversations', () => {
  it('names the project, the other party with their role, the last message and the unread count', async () => {
    fakeApi({
      'GET conversations': () => ({
        body: {
          data: [
            summaryFixture({ unread: 2 }),
            summaryFixture({ id: 'k2', project: { id: 'p2', title: 'Bathroom tiles' }, last_message: null, unread: 0 }),
          ],
          unread_total: 2,
        },
      }),
    });
    renderList();
    const kitchen = await screen.findByRole('link', { name: /Kitchen renovation/ });
    expect(kitchen).toHaveAttribute('href', '/main/messages/k1');
    expect(within(kitchen).getByText('Conrad Contractor (Specialist)')).toBeInTheDocument();
    expect(within(kitchen).getByText(/Is the larder wall load-bearing\?/)).toBeInTheDocument();
    expect(within(kitchen).getByText('2 unread messages')).toBeInTheDocument();
    // The reader is not listed as someone they talk with.
    expect(within(kitchen).queryByText(/Claire Client/)).not.toBeInTheDocument();

    const bathroom = screen.getByRole('link', { name: /Bathroom tiles/ });
    expect(within(bathroom).getByText('No messages yet')).toBeInTheDocument();
    expect(within(bathroom).queryByText(/unread/)).not.toBeInTheDocument();
  });

  it('says how a conversation starts when there is none', async () => {
    fakeApi({ 'GET conversations': () => ({ body: { data: [], unread_total: 0 } }) });
    renderList();
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(screen.getByText(/Ask a question from a project’s page/)).toBeInTheDocument();
  });

  it('shows that it is loading, then a failure with a way to try again', async () => {
    let fail = true;
    fakeApi({
      'GET conversations': () => (fail ? { status: 500, body: { message: 'Boom' } } : { body: { data: [summaryFixture()], unread_total: 0 } }),
    });
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Kitchen renovation/ })).toBeInTheDocument();
  });
});
