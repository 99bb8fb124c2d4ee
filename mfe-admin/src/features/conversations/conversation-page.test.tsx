import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from 'shared/testing';
import { CONTRACT_ID } from '../../testing/escrow-fixtures';
import { CONVERSATION_ID, conversationFixture, messageFixture } from '../../testing/conversation-fixtures';
import { renderAdminPage } from '../../testing/render-page';
import { ConversationPage } from './conversation-page';

jest.setTimeout(30_000);

const renderConversation = (locale: 'en' | 'fr' = 'en') =>
  renderAdminPage(<ConversationPage />, { url: `/admin/conversations/${CONVERSATION_ID}`, path: '/admin/conversations/:id', locale });

describe('conversation record', () => {
  it('shows the whole thread with its contract, and hides an abusive message with a reason', async () => {
    let hidden = false;
    const calls = fakeApi({
      [`GET admin/conversations/${CONVERSATION_ID}`]: () => {
        const thread = conversationFixture();
        return {
          body: hidden
            ? { ...thread, messages: thread.messages.map((m) => (m.id === 'm1' ? messageFixture({ hidden: true, hidden_reason: 'Spam' }) : m)) }
            : thread,
        };
      },
      'POST admin/messages/m1/hide': () => {
        hidden = true;
        return { body: {} };
      },
    });
    renderConversation();
    expect(await screen.findByRole('heading', { level: 1, name: 'Family house in Douala' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'the contract' })).toHaveAttribute('href', `/admin/contracts/${CONTRACT_ID}`);
    const messages = screen.getAllByRole('article');
    expect(messages).toHaveLength(3);
    // A message already hidden offers nothing more.
    expect(within(messages[2]!).queryByRole('button', { name: 'Hide this message' })).not.toBeInTheDocument();

    await userEvent.click(within(messages[0]!).getByRole('button', { name: 'Hide this message' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this message from Awa Ndiaye?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (kept in the audit trail)' }), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide the message' }));
    expect(await within(screen.getAllByRole('article')[0]!).findByText('Hidden from the parties: Spam')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST admin/messages/m1/hide')!.body).toEqual({ reason: 'Spam' });
  });

  it('says why a conversation cannot be shown', async () => {
    fakeApi({ [`GET admin/conversations/${CONVERSATION_ID}`]: () => ({ status: 404, body: { message: 'This conversation does not exist.' } }) });
    renderConversation();
    expect(await screen.findByRole('alert')).toHaveTextContent('This conversation does not exist.');
  });
});
