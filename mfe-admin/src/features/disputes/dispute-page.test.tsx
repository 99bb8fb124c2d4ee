import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from 'shared/session';
import { fakeApi, REFUSED_AMOUNTS } from 'shared/testing';
import { CONVERSATION_ID, conversationFixture } from '../../testing/conversation-fixtures';
import { CONTRACT_ID, DISPUTE_ID, contractFixture, disputeFixture } from '../../testing/escrow-fixtures';
import { renderAdminPage } from '../../testing/render-page';
import { DisputePage } from './dispute-page';

jest.setTimeout(30_000);

const renderDispute = (locale: 'en' | 'fr' = 'en') =>
  renderAdminPage(<DisputePage />, { url: `/admin/disputes/${DISPUTE_ID}`, path: '/admin/disputes/:id', locale });

const resolved = disputeFixture({
  status: 'resolved',
  resolution: { contractor_amount: 123456, refunded_amount: 176544, note: 'Half the slab must be redone.', at: '2026-03-20T10:00:00.000Z' },
});

describe('dispute page', () => {
  it('splits the milestone amount, shows the refund as it is typed, and resolves with an idempotency key kept across a retry', async () => {
    let attempts = 0;
    const calls = fakeApi({
      [`GET admin/disputes/${DISPUTE_ID}`]: () => ({ body: disputeFixture() }),
      [`GET admin/contracts/${CONTRACT_ID}`]: () => ({ body: contractFixture({ status: 'frozen', frozen_reason: 'dispute' }) }),
      [`POST admin/disputes/${DISPUTE_ID}/resolve`]: () => {
        attempts += 1;
        return attempts === 1 ? { status: 502, body: { message: 'The payment service did not answer.' } } : { body: resolved };
      },
    });
    renderDispute();
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve the dispute' });
    const amount = within(dialog).getByRole('textbox', { name: 'Paid to the contractor (EUR)' });
    const split = within(dialog).getByText('Refunded to the client').closest('div')!;

    await userEvent.type(amount, '1234.567');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note explaining the decision' }), 'Half the slab must be redone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review the split' }));
    expect(within(dialog).getByText('EUR amounts have at most 2 decimals.')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(/EUR amounts have at most 2 decimals\./);

    await userEvent.clear(amount);
    await userEvent.type(amount, '1234.56');
    // Milestone amount €3,000 minus €1,234.56 for the contractor.
    expect(split).toHaveTextContent('€1,765.44');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review the split' }));
    expect(
      within(dialog).getByText('Pay €1,234.56 to the contractor and refund €1,765.44 of the milestone amount to the client?'),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm the resolution' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment service did not answer.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));

    const resolution = await screen.findByRole('region', { name: 'Resolution' });
    expect(within(resolution).getByText('Paid to the contractor').closest('div')).toHaveTextContent('€1,234.56');
    expect(within(resolution).getByText('Refunded to the client').closest('div')).toHaveTextContent('€1,765.44');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();

    const posts = calls.filter((call) => call.key === `POST admin/disputes/${DISPUTE_ID}/resolve`);
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).toEqual({ contractor_amount: 123456, note: 'Half the slab must be redone.' });
    const key = posts[0]!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(posts[1]!.headers.get('Idempotency-Key')).toBe(key);
  });

  it('uses a new idempotency key each time the dialog is opened, and keeps XAF amounts whole', async () => {
    const calls = fakeApi({
      // A dispute that carries its milestone amount needs no contract to be resolved.
      [`GET admin/disputes/${DISPUTE_ID}`]: () => ({
        body: disputeFixture({ milestone_amount: 500000, held_amount: 517500, contract: { ...disputeFixture().contract, currency: 'XAF' } }),
      }),
      [`POST admin/disputes/${DISPUTE_ID}/resolve`]: () => ({ status: 409, body: { message: 'This dispute is already resolved.' } }),
    });
    renderDispute();
    const keys: (string | null)[] = [];
    for (let round = 0; round < 2; round += 1) {
      await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
      const dialog = screen.getByRole('dialog', { name: 'Resolve the dispute' });
      const amount = within(dialog).getByRole('textbox', { name: 'Paid to the contractor (XAF)' });
      await userEvent.type(amount, '1500.5');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note explaining the decision' }), 'Split.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Review the split' }));
      expect(within(dialog).getByText('XAF amounts have no decimals.')).toBeInTheDocument();
      await userEvent.clear(amount);
      await userEvent.type(amount, '200000');
      expect(within(dialog).getByText('Refunded to the client').closest('div')).toHaveTextContent('FCFA 300,000');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Review the split' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm the resolution' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('This dispute is already resolved.');
      keys.push(
        calls
          .filter((call) => call.key.endsWith('/resolve'))
          .at(-1)!
          .headers.get('Idempotency-Key'),
      );
      expect(calls.filter((call) => call.key.endsWith('/resolve')).at(-1)!.body).toEqual({ contractor_amount: 200000, note: 'Split.' });
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(calls.some((call) => call.key === `GET admin/contracts/${CONTRACT_ID}`)).toBe(false);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBeTruthy();
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('refuses more than the milestone amount for the contractor', async () => {
    const calls = fakeApi({
      [`GET admin/disputes/${DISPUTE_ID}`]: () => ({ body: disputeFixture() }),
      [`GET admin/contracts/${CONTRACT_ID}`]: () => ({ body: contractFixture() }),
    });
    renderDispute();
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve the dispute' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Paid to the contractor (EUR)' }), '3000.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review the split' }));
    expect(within(dialog).getByText('The contractor can receive at most €3,000.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please explain the decision in a note.')).toBeInTheDocument();
    expect(calls.some((call) => call.key.endsWith('/resolve'))).toBe(false);
  });

  it('shows the reason, the evidence and the thread, posts a message and starts mediation', async () => {
    const withEvidence = disputeFixture({
      evidence: [{ id: 'f9', file_name: 'crack.jpg', content_type: 'image/jpeg', size_bytes: 2048, url: '/x' }],
      messages: [{ id: 'm1', author: { name: 'Paul Mbappe', role: 'contractor' }, body: 'The cracks are cosmetic.', at: '2026-02-03T10:00:00.000Z' }],
    });
    const calls = fakeApi({
      [`GET admin/disputes/${DISPUTE_ID}`]: () => ({ body: withEvidence }),
      [`GET admin/contracts/${CONTRACT_ID}`]: () => ({ body: contractFixture() }),
      [`POST admin/disputes/${DISPUTE_ID}/messages`]: (request) => ({
        body: {
          ...withEvidence,
          messages: [
            ...withEvidence.messages,
            { id: 'm2', author: { name: 'Ada Admin', role: 'admin' }, body: String(request.body?.body), at: '2026-02-04T10:00:00.000Z' },
          ],
        },
      }),
      [`POST admin/disputes/${DISPUTE_ID}/mediation`]: () => ({ body: { ...withEvidence, status: 'mediation' } }),
    });
    renderDispute();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dispute on milestone 1: Foundations' })).toBeInTheDocument();
    expect(screen.getByText('The foundations are cracked in two places.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download crack.jpg' })).toBeInTheDocument();
    expect(screen.getByText('The cracks are cosmetic.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Your message to both parties' }), 'Please send photos of both cracks.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please send photos of both cracks.')).toBeInTheDocument();
    expect(calls.find((call) => call.key.endsWith('/messages'))!.body).toEqual({ body: 'Please send photos of both cracks.' });
    expect(screen.getByRole('textbox', { name: 'Your message to both parties' })).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Start mediation' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Start mediation?' })).getByRole('button', { name: 'Start mediation' }));
    expect(await screen.findByText('In mediation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start mediation' })).not.toBeInTheDocument();
  });

  it('shows the contract’s conversation beside the evidence, read-only: pinned messages alone on demand, a hidden one with its reason', async () => {
    window.localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token-1');
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = fakeApi({
      [`GET admin/disputes/${DISPUTE_ID}`]: () => ({ body: disputeFixture() }),
      [`GET admin/contracts/${CONTRACT_ID}/conversation`]: () => ({ body: conversationFixture() }),
      [`GET admin/conversations/${CONVERSATION_ID}/attachments/a1`]: () => ({ body: 'jpeg bytes' }),
    });
    renderDispute();
    const conversation = await screen.findByRole('region', { name: 'Conversation between the parties', busy: false });
    expect(within(conversation).getByText('Awa Ndiaye (Client)')).toBeInTheDocument();
    const messages = within(conversation).getAllByRole('article');
    expect(messages.map((message) => message.getAttribute('aria-label'))).toEqual([
      'Message from Awa Ndiaye',
      'Message from Paul Mbappe',
      'Message from Awa Ndiaye',
    ]);
    expect(messages[1]).toHaveTextContent('Paul Mbappe (Specialist)');
    expect(messages[1]).toHaveTextContent('Pinned as evidence');
    // The parties no longer see it; the admin reads it, and why it was hidden.
    expect(messages[2]).toHaveTextContent('Hidden from the parties: Insult');
    expect(messages[2]).toHaveTextContent('You are a thief.');
    expect(messages[2]).toHaveTextContent('Reported 2 times');
    expect(within(conversation).getByRole('link', { name: 'Open the full record' })).toHaveAttribute(
      'href',
      `/admin/conversations/${CONVERSATION_ID}`,
    );
    // Read-only: nothing to write, nothing to hide from the dispute view.
    expect(within(conversation).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(conversation).queryByRole('button', { name: /hide/i })).not.toBeInTheDocument();

    const pinnedFilter = within(conversation).getByRole('button', { name: 'Pinned as evidence (1)' });
    await userEvent.click(pinnedFilter);
    expect(pinnedFilter).toHaveAttribute('aria-pressed', 'true');
    expect(within(conversation).getAllByRole('article')).toHaveLength(1);
    expect(within(conversation).getByRole('article')).toHaveTextContent('the slab is poured on 1 February, at no extra cost.');
    await userEvent.click(within(conversation).getByRole('button', { name: 'All messages (3)' }));
    expect(within(conversation).getAllByRole('article')).toHaveLength(3);

    // The photo shows small, fetched with the admin token.
    const photo = within(conversation).getByRole('button', { name: 'Download site.jpg' });
    await waitFor(() => expect(photo.querySelector('img')).toHaveAttribute('src', 'blob:file'));
    await userEvent.click(photo);
    await waitFor(() => expect(saved).toEqual(['site.jpg']));
    const file = calls.find((call) => call.key === `GET admin/conversations/${CONVERSATION_ID}/attachments/a1`)!;
    expect(file.headers.get('Authorization')).toBe('Bearer admin-token-1');
  });

  it('says so when the parties never wrote on the contract, and in French', async () => {
    fakeApi({
      [`GET admin/disputes/${DISPUTE_ID}`]: () => ({ body: disputeFixture() }),
      [`GET admin/contracts/${CONTRACT_ID}/conversation`]: () => ({ body: conversationFixture({ id: '', participants: [], messages: [] }) }),
    });
    renderDispute('fr');
    const conversation = await screen.findByRole('region', { name: 'Conversation entre les parties', busy: false });
    expect(await within(conversation).findByText('Les parties ne se sont encore rien écrit.')).toBeInTheDocument();
    expect(within(conversation).queryByRole('link')).not.toBeInTheDocument();
  });

  // The same cases as the quote form and the owed amount: one parser, one reading.
  const LABELS = {
    en: { resolve: 'Resolve', dialog: 'Resolve the dispute', amount: 'Paid to the contractor', review: 'Review the split' },
    fr: { resolve: 'Résoudre', dialog: 'Résoudre le litige', amount: 'Versé à l’entrepreneur', review: 'Vérifier la répartition' },
  };
  const openSplit = async (currency: string, locale: 'en' | 'fr') => {
    const contract = { ...disputeFixture().contract, currency };
    const calls = fakeApi({
      [`GET admin/disputes/${DISPUTE_ID}`]: () => ({ body: disputeFixture({ milestone_amount: 50_000_000, held_amount: 51_750_000, contract }) }),
    });
    renderDispute(locale);
    const labels = LABELS[locale];
    await userEvent.click(await screen.findByRole('button', { name: labels.resolve }));
    const dialog = screen.getByRole('dialog', { name: labels.dialog });
    return { calls, dialog, labels, amount: within(dialog).getByRole('textbox', { name: `${labels.amount} (${currency})` }) };
  };

  it.each(REFUSED_AMOUNTS)('in %s, refuses a split in %s typed %s, with a message', async (locale, currency, typed, message) => {
    const { calls, dialog, labels, amount } = await openSplit(currency, locale);
    await userEvent.type(amount, typed);
    await userEvent.click(within(dialog).getByRole('button', { name: labels.review }));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(calls.some((call) => call.key.endsWith('/resolve'))).toBe(false);
  });

  it.each([
    ['fr', '1 500,50'],
    ['en', '1,500.50'],
  ] as const)('in %s, reads the split %s as minor units', async (locale, typed) => {
    const { dialog, amount } = await openSplit('EUR', locale);
    await userEvent.type(amount, typed);
    // Milestone amount €500,000 minus €1,500.50 for the contractor.
    expect(
      within(dialog)
        .getByText(locale === 'fr' ? /Rembours/ : 'Refunded to the client')
        .closest('div'),
    ).toHaveTextContent(locale === 'fr' ? /498\s499,50\s€/ : '€498,499.50');
  });
});
