import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { fakeApi, REFUSED_AMOUNTS, renderWithProviders } from 'shared/testing';
import { messages as sharedFr } from '../../../../shared/src/locales/fr';
import { messages as clientFr } from '../../locales/fr';
import { QuoteForm } from './quote-form';

const user = userEvent.setup();

const saved = {
  id: 'q1',
  status: 'submitted',
  amount: 2_000_000,
  currency: 'XAF',
  duration_days: 30,
  message: '',
  created_at: '2026-11-20T10:00:00.000Z',
  specialist: { id: 's1', name: 'Conrad Contractor', company: 'Conrad & Sons', kind: 'contractor', verified: true, available: true },
  milestones: [
    { position: 1, title: 'Demolition', amount: 1_500_000 },
    { position: 2, title: 'Tiling', amount: 500_000 },
  ],
};

function renderForm(currency = 'XAF', locale: 'en' | 'fr' = 'en') {
  toast.remove();
  render(<Toaster />);
  const onSubmitted = jest.fn();
  renderWithProviders(<QuoteForm projectId="p1" currency={currency} onSubmitted={onSubmitted} />, { url: '/main/projects/p1', locale });
  return onSubmitted;
}

describe('QuoteForm', () => {
  it('checks the fields and that the milestones add up before anything is sent', async () => {
    const calls = fakeApi({});
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Send the quote' }));
    expect(await screen.findByText('Please enter a duration between 1 and 1000 days.')).toBeInTheDocument();
    expect(screen.getByLabelText('Total (XAF)')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Total (XAF)'), '2000000');
    await user.type(screen.getByLabelText('Duration in days'), '30');
    await user.type(screen.getByLabelText('Milestone 1'), 'Demolition');
    await user.type(screen.getByLabelText('Amount of milestone 1'), '1500000');
    expect(screen.getByText('Milestones add up to FCFA 1,500,000 of FCFA 2,000,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the quote' }));
    expect(await screen.findByText('The milestone amounts must add up to the total.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the plan in minor units of the project currency and reports success', async () => {
    const calls = fakeApi({ 'POST projects/p1/quotes': () => ({ status: 201, body: saved }) });
    const onSubmitted = renderForm();
    await user.type(screen.getByLabelText('Total (XAF)'), '2 000 000');
    await user.type(screen.getByLabelText('Duration in days'), '30');
    await user.type(screen.getByLabelText('Milestone 1'), 'Demolition');
    await user.type(screen.getByLabelText('Amount of milestone 1'), '1500000');
    await user.click(screen.getByRole('button', { name: 'Add a milestone' }));
    await user.type(screen.getByLabelText('Milestone 2'), 'Tiling');
    await user.type(screen.getByLabelText('Amount of milestone 2'), '500000');
    expect(screen.getByText('Milestones add up to FCFA 2,000,000 of FCFA 2,000,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the quote' }));
    expect(await screen.findByText('Your quote has been sent to the client.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      amount: 2_000_000,
      currency: 'XAF',
      duration_days: 30,
      message: '',
      milestones: [
        { title: 'Demolition', amount: 1_500_000 },
        { title: 'Tiling', amount: 500_000 },
      ],
    });
    expect(onSubmitted).toHaveBeenCalledWith(saved);
  });

  it('shows the server’s refusal of a milestone on that milestone, even after an earlier one is removed', async () => {
    fakeApi({
      'POST projects/p1/quotes': () => ({ status: 422, body: { message: 'Invalid', errors: { 'milestones.1.title': ['This title is taken.'] } } }),
    });
    renderForm();
    await user.type(screen.getByLabelText('Total (XAF)'), '300');
    await user.type(screen.getByLabelText('Duration in days'), '30');
    for (const [index, title] of [
      [1, 'Demolition'],
      [2, 'Tiling'],
      [3, 'Painting'],
    ] as const) {
      if (index > 1) await user.click(screen.getByRole('button', { name: 'Add a milestone' }));
      await user.type(screen.getByLabelText(`Milestone ${index}`), title);
      await user.type(screen.getByLabelText(`Amount of milestone ${index}`), '100');
    }
    await user.click(screen.getByRole('button', { name: 'Send the quote' }));
    expect(await screen.findByText('This title is taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Milestone 2')).toHaveAccessibleDescription('This title is taken.');
    expect(screen.getByLabelText('Milestone 2')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove milestone 1' }));
    expect(screen.getByLabelText('Milestone 1')).toHaveValue('Tiling');
    expect(screen.getByLabelText('Milestone 1')).toHaveAccessibleDescription('This title is taken.');
    expect(screen.getByLabelText('Milestone 2')).toHaveAttribute('aria-invalid', 'false');
  });

  it('removes a milestone', async () => {
    fakeApi({});
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add a milestone' }));
    const list = screen.getAllByRole('listitem');
    expect(list).toHaveLength(2);
    await user.click(within(list[1]!).getByRole('button', { name: 'Remove milestone 2' }));
    expect(screen.queryByLabelText('Milestone 2')).not.toBeInTheDocument();
  });

  // The same cases as the owed amount and the admin's dispute split: one parser, one reading.
  it.each(REFUSED_AMOUNTS)('in %s, refuses %s %s with a message and sends nothing', async (locale, currency, typed, message) => {
    const calls = fakeApi({});
    renderForm(currency, locale);
    await user.type(screen.getByLabelText(`Total (${currency})`), typed);
    await user.type(screen.getByLabelText('Amount of milestone 1'), typed);
    await user.click(screen.getByRole('button', { name: 'Send the quote' }));
    expect(screen.getByLabelText(`Total (${currency})`)).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText('Amount of milestone 1')).toHaveAccessibleDescription(message);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['fr', '1 500,50', '1\u00a0000,50', '500'],
    ['en', '1,500.50', '1,000.5', '500'],
  ] as const)('in %s, reads %s as minor units of the currency', async (locale, total, first, second) => {
    const calls = fakeApi({ 'POST projects/p1/quotes': () => ({ status: 201, body: { ...saved, currency: 'EUR' } }) });
    renderForm('EUR', locale);
    await user.type(screen.getByLabelText('Total (EUR)'), total);
    await user.type(screen.getByLabelText('Duration in days'), '30');
    await user.type(screen.getByLabelText('Milestone 1'), 'Demolition');
    await user.type(screen.getByLabelText('Amount of milestone 1'), first);
    await user.click(screen.getByRole('button', { name: 'Add a milestone' }));
    await user.type(screen.getByLabelText('Milestone 2'), 'Tiling');
    await user.type(screen.getByLabelText('Amount of milestone 2'), second);
    await user.click(screen.getByRole('button', { name: 'Send the quote' }));
    expect(await screen.findByText('Your quote has been sent to the client.')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ amount: 150_050, milestones: [{ amount: 100_050 }, { amount: 50_000 }] });
  });

  it('says why in French for a French user', async () => {
    fakeApi({});
    toast.remove();
    renderWithProviders(<QuoteForm projectId="p1" currency="EUR" onSubmitted={jest.fn()} />, {
      url: '/main/projects/p1',
      locale: 'fr',
      messages: { ...sharedFr, ...clientFr },
    });
    const total = screen.getByLabelText('Total (EUR)');
    await user.type(total, '1.500');
    await user.tab();
    expect(total).toHaveAccessibleDescription('Les montants en EUR ont au plus 2 décimales.');
    await user.clear(total);
    await user.type(total, '1e3');
    await user.tab();
    expect(total).toHaveAccessibleDescription('Veuillez saisir le montant en chiffres, par exemple 1\u202f500,50.');
  });
});
