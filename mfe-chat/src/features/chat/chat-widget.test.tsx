import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { messages as en } from '../../locales/en';
import { messages as fr } from '../../locales/fr';
import { ChatWidget } from './chat-widget';

const PHONE = '33184800000';

function setup() {
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  render(
    <I18nProvider i18n={i18n}>
      <ChatWidget phone={PHONE} />
    </I18nProvider>,
  );
  return user;
}

async function openChat(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Need help?' }));
  return screen.getByRole('dialog', { name: 'Fundament support' });
}

const log = () => screen.getByRole('log');
const options = () => screen.getByRole('group');

beforeEach(() => {
  jest.useFakeTimers();
  i18n.load({ en, fr });
  act(() => i18n.activate('en'));
});

afterEach(() => {
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
});

test('opens at once on the welcome message when the visitor pressed the launcher that stood in for it, focus inside', () => {
  render(
    <I18nProvider i18n={i18n}>
      <ChatWidget phone={PHONE} defaultOpen />
    </I18nProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Fundament support' });
  expect(within(dialog).getByRole('log')).toHaveTextContent('How can we help you today?');
  expect(within(dialog).getByRole('button', { name: 'Pricing' })).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Close chat', expanded: true })).toBeInTheDocument();
});

test('is closed by default and opens on the welcome message with four options, focus inside', async () => {
  const user = setup();
  const toggle = screen.getByRole('button', { name: 'Need help?' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  const dialog = await openChat(user);
  expect(screen.getByRole('button', { name: 'Close chat', expanded: true })).toHaveAttribute('aria-controls', dialog.id);
  expect(within(log()).getByText(/How can we help you today\?/)).toBeInTheDocument();
  expect(log()).toHaveAttribute('aria-live', 'polite');
  expect(
    within(options())
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Pricing', 'Support', 'Dispute', 'Talk to an agent']);
  expect(within(options()).getByRole('button', { name: 'Pricing' })).toHaveFocus();
});

test('a question is sent at once, answered after 300 ms, and leaves the list', async () => {
  const user = setup();
  await openChat(user);
  await user.click(screen.getByRole('button', { name: 'Pricing' }));
  await user.click(screen.getByRole('button', { name: 'How much does Fundament cost?' }));

  expect(within(log()).getByText('How much does Fundament cost?')).toHaveClass('chat__message--sent');
  expect(screen.queryByRole('button', { name: 'How much does Fundament cost?' })).not.toBeInTheDocument();
  expect(within(log()).queryByText(/platform fee of 1\.5 %/)).not.toBeInTheDocument();

  act(() => jest.advanceTimersByTime(299));
  expect(within(log()).queryByText(/platform fee of 1\.5 %/)).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  const answer = within(log()).getByText(/Fundament's platform fee of 1\.5 %, the independent expert's inspection fee/);
  expect(answer).toHaveClass('chat__message--received');
  // Keyboard users land on the next question rather than on nothing.
  expect(screen.getByRole('button', { name: 'Do I need a subscription?' })).toHaveFocus();
});

test('each topic offers its questions, each asked once', async () => {
  const user = setup();
  await openChat(user);

  await user.click(screen.getByRole('button', { name: 'Support' }));
  expect(
    within(options())
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['I did not receive my verification e-mail', 'How do I get paid for a milestone?', 'I cannot log in', 'Back', 'Talk to an agent']);
  await user.click(screen.getByRole('button', { name: 'I did not receive my verification e-mail' }));
  await user.click(screen.getByRole('button', { name: 'I cannot log in' }));
  await user.click(screen.getByRole('button', { name: 'How do I get paid for a milestone?' }));
  act(() => jest.advanceTimersByTime(300));
  expect(within(log()).getAllByRole('paragraph')).toHaveLength(7);
  // Every question asked: only the way back and the agent are left.
  expect(within(options()).getByRole('button', { name: 'Back' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Back' }));
  await user.click(screen.getByRole('button', { name: 'Dispute' }));
  await user.click(screen.getByRole('button', { name: 'How does arbitration work?' }));
  act(() => jest.advanceTimersByTime(300));
  expect(within(log()).getByText(/Arbitration takes from 6 weeks to 3 months/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'How do I resolve a dispute?' })).toBeInTheDocument();
});

test('back returns to the start and resets the conversation, dropping an answer still on its way', async () => {
  const user = setup();
  await openChat(user);
  await user.click(screen.getByRole('button', { name: 'Pricing' }));
  await user.click(screen.getByRole('button', { name: 'How much does Fundament cost?' }));
  act(() => jest.advanceTimersByTime(300));
  await user.click(screen.getByRole('button', { name: 'Do I need a subscription?' }));

  await user.click(screen.getByRole('button', { name: 'Back' }));
  act(() => jest.advanceTimersByTime(1000));

  expect(within(log()).getAllByRole('paragraph')).toHaveLength(1);
  expect(within(log()).getByText(/How can we help you today\?/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Pricing' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Pricing' }));
  // Both questions are offered again.
  expect(screen.getByRole('button', { name: 'How much does Fundament cost?' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Do I need a subscription?' })).toBeInTheDocument();
});

test('changing the language while open resets the chat in the new language', async () => {
  const user = setup();
  await openChat(user);
  await user.click(screen.getByRole('button', { name: 'Dispute' }));
  await user.click(screen.getByRole('button', { name: 'How do I resolve a dispute?' }));

  act(() => i18n.activate('fr'));
  act(() => jest.advanceTimersByTime(1000));

  expect(screen.getByRole('dialog', { name: 'Assistance Fundament' })).toBeVisible();
  expect(within(log()).getAllByRole('paragraph')).toHaveLength(1);
  expect(within(log()).getByText(/Comment pouvons-nous vous aider aujourd'hui \?/)).toBeInTheDocument();
  expect(
    within(options())
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Tarifs', 'Assistance', 'Litige', 'Parler à un conseiller']);
});

test('talking to an agent opens the messaging app link in a new tab and closes the chat', async () => {
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  const user = setup();
  await openChat(user);

  await user.click(screen.getByRole('button', { name: 'Talk to an agent' }));

  expect(open).toHaveBeenCalledWith(
    'https://wa.me/33184800000?text=Hello%20Fundament%20support%2C%20I%20need%20help.',
    '_blank',
    'noopener,noreferrer',
  );
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Need help?' })).toHaveFocus();
});

test('the agent link from a topic names the topic, url-encoded, in the active language', async () => {
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  act(() => i18n.activate('fr'));
  const user = setup();
  await user.click(screen.getByRole('button', { name: "Besoin d'aide ?" }));
  await user.click(screen.getByRole('button', { name: 'Tarifs' }));
  await user.click(screen.getByRole('button', { name: 'Parler à un conseiller' }));

  expect(open).toHaveBeenCalledWith(
    `https://wa.me/33184800000?text=${encodeURIComponent("Bonjour l'assistance Fundament, j'ai besoin d'aide au sujet de : Tarifs")}`,
    '_blank',
    'noopener,noreferrer',
  );
});

test('Escape closes the chat and gives focus back to the toggle', async () => {
  const user = setup();
  await openChat(user);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Need help?', expanded: false })).toHaveFocus();
});

test('the launcher steps aside while the visitor types in the page, and comes back when they leave the field', async () => {
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  render(
    <I18nProvider i18n={i18n}>
      <label>
        Phone <input type="tel" />
      </label>
      <button type="button">Continue</button>
      <ChatWidget phone={PHONE} />
    </I18nProvider>,
  );
  const launcher = screen.getByRole('button', { name: 'Need help?' });
  const widget = () => launcher.closest('.chat')!;
  expect(widget()).not.toHaveClass('chat--aside');
  await user.click(screen.getByRole('textbox', { name: 'Phone' }));
  expect(widget()).toHaveClass('chat--aside');
  // A button taking focus is no typing.
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  act(() => jest.runOnlyPendingTimers());
  expect(widget()).not.toHaveClass('chat--aside');
});
