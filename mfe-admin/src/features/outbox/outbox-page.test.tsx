import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from 'shared/testing';
import { renderAdminPage } from '../../testing/render-page';
import { OutboxPage } from './outbox-page';

jest.setTimeout(30_000);

const message = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  to: 'ada@example.com',
  subject: 'Verify your email address',
  text: `Hello Ada,\n\nPlease confirm your email address by opening this link:\n${window.location.origin}/verify-email?token=abc123\n\nThe Fundament team`,
  html: '<p>ignored</p>',
  created_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

describe('outbox', () => {
  it('lists the e-mail kept on this instance and copies an account link for a private window', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fakeApi({
      'GET dev/outbox': () => ({
        body: {
          data: [message(), message({ id: 6, to: 'bob@example.com', subject: 'Reset your password', text: 'Visit https://elsewhere.example/x' })],
        },
      }),
    });
    renderAdminPage(<OutboxPage />, { url: '/admin/outbox' });
    expect(screen.getByRole('heading', { name: 'Outbox' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'E-mails' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('ada@example.com')).toBeInTheDocument();
    await userEvent.click(within(first!).getByText('Verify your email address'));
    // Opened here, an account link would meet this browser's admin session and be sent to the admin area.
    expect(within(first!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(first!).getByText(/open it in a private window/)).toBeInTheDocument();
    await userEvent.click(within(first!).getByRole('button', { name: 'Copy the link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/verify-email?token=abc123`);
    expect(await within(first!).findByText('Link copied.')).toBeInTheDocument();
    await userEvent.click(within(second!).getByText('Reset your password'));
    // Another site's address: no copy button either.
    expect(within(second!).queryByRole('button', { name: 'Copy the link' })).not.toBeInTheDocument();
    expect(within(second!).getByText(/https:\/\/elsewhere\.example\/x/)).toBeInTheDocument();
  });

  it('filters by recipient', async () => {
    const calls = fakeApi({ 'GET dev/outbox': () => ({ body: { data: [] } }) });
    renderAdminPage(<OutboxPage />, { url: '/admin/outbox' });
    await screen.findByText('No e-mail has been kept yet.');
    await userEvent.type(screen.getByLabelText('Recipient'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No e-mail to this address.')).toBeInTheDocument();
    expect(calls.at(-1)?.search.get('to')).toBe('ada@example.com');
  });

  it('says when e-mail goes through a mail server instead, in French', async () => {
    fakeApi({ 'GET dev/outbox': () => ({ status: 404, body: { message: 'Not found' } }) });
    renderAdminPage(<OutboxPage />, { url: '/admin/outbox', locale: 'fr' });
    expect(await screen.findByText('Les e-mails partent par un serveur de messagerie : aucun n’est conservé ici.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Boîte d’envoi' })).toBeInTheDocument();
  });
});
