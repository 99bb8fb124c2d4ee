import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithProviders } from 'shared/testing';
import { notify } from 'shared/ui';
import { contractFixture } from '../../testing/contract-fixtures';
import { ContractConversationLink, MessageButton, ProjectConversations } from './conversation-links';

const conversationPage = { path: '/main/messages/:id', element: <p>Conversation page</p> };
const thread = {
  id: 'k1',
  project: { id: 'p1', title: 'Kitchen renovation' },
  contract_id: null,
  participants: [],
  last_message: null,
  unread: 0,
  messages: [],
  has_earlier: false,
  can_write: true,
  write_blocked_reason: null,
  blocked_by_me: false,
};

afterEach(() => jest.restoreAllMocks());

describe('starting a conversation', () => {
  it('opens the conversation with the specialist the owner names', async () => {
    const calls = fakeApi({ 'POST projects/p1/conversations': () => ({ status: 201, body: thread }) });
    renderWithProviders(
      <MessageButton projectId="p1" specialistId="u-contractor" label="Message Conrad & Sons">
        Message
      </MessageButton>,
      { url: '/main/projects/p1', routes: [conversationPage] },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Message Conrad & Sons' }));
    expect(await screen.findByText('Conversation page')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ specialist_id: 'u-contractor' });
  });

  it("sends nothing for a specialist's question, and says why the server refused", async () => {
    const calls = fakeApi({ 'POST projects/p1/conversations': () => ({ status: 403, body: { message: 'This project is not open to you.' } }) });
    const error = jest.spyOn(notify, 'error');
    renderWithProviders(<MessageButton projectId="p1">Ask a question</MessageButton>, { url: '/main/projects/p1', routes: [conversationPage] });
    await userEvent.click(screen.getByRole('button', { name: 'Ask a question' }));
    expect(calls[0]?.body).toEqual({});
    await screen.findByRole('button', { name: 'Ask a question' });
    expect(error).toHaveBeenCalledWith('This project is not open to you.');
    expect(screen.queryByText('Conversation page')).not.toBeInTheDocument();
  });
});

describe("a contract's conversation", () => {
  it('links to it, with its unread count, when the reader has it', async () => {
    fakeApi({ 'GET conversations': () => ({ body: { data: [{ ...thread, id: 'k9', contract_id: 'c1', unread: 3 }], unread_total: 3 } }) });
    renderWithProviders(<ContractConversationLink contract={contractFixture({ id: 'c1', my_role: 'expert' })} />, { url: '/main/escrow/c1' });
    const link = await screen.findByRole('link', { name: 'Messages about this contract (3 unread)' });
    expect(link).toHaveAttribute('href', '/main/messages/k9');
  });

  it('lets the client start it with the contractor when there is none yet, and offers the expert nothing to start', async () => {
    const calls = fakeApi({
      'GET conversations': () => ({ body: { data: [], unread_total: 0 } }),
      'POST projects/p1/conversations': () => ({ status: 201, body: thread }),
    });
    const contract = contractFixture({ id: 'c1', my_role: 'client' });
    const { unmount } = renderWithProviders(<ContractConversationLink contract={contract} />, { url: '/main/escrow/c1', routes: [conversationPage] });
    await userEvent.click(await screen.findByRole('button', { name: 'Messages about this contract' }));
    expect(await screen.findByText('Conversation page')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST projects/p1/conversations')?.body).toEqual({ specialist_id: contract.contractor.id });
    unmount();

    renderWithProviders(<ContractConversationLink contract={contractFixture({ id: 'c1', my_role: 'expert' })} />, { url: '/main/escrow/c1' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Messages about this contract' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Messages about this contract/ })).not.toBeInTheDocument();
  });
});

describe("the owner's conversations about a project", () => {
  it('lists the specialists who wrote about this project only, with what is unread', async () => {
    const participants = [
      { id: 'u-client', name: 'Claire Client', role: 'client', read_up_to: null, barred: false },
      { id: 'u-contractor', name: 'Conrad Contractor', role: 'specialist', read_up_to: null, barred: false },
    ];
    fakeApi({
      'GET conversations': () => ({
        body: {
          data: [
            { ...thread, id: 'k1', participants, unread: 2 },
            { ...thread, id: 'k2', project: { id: 'p2', title: 'Roof' }, participants },
          ],
          unread_total: 2,
        },
      }),
    });
    renderWithProviders(<ProjectConversations projectId="p1" ownerId="u-client" />, { url: '/main/projects/p1' });
    const section = await screen.findByRole('region', { name: 'Messages about this project' });
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Conrad Contractor (Specialist) (2 unread)');
    expect(links[0]).toHaveAttribute('href', '/main/messages/k1');
  });
});
