import { screen, within } from '@testing-library/react';
import { renderWithProviders } from 'shared/testing';
import { messages as sharedFr } from '../../../../shared/src/locales/fr';
import { messages as clientFr } from '../../locales/fr';
import type { QuoteView } from 'shared/contract';
import { QuoteComparison } from './quote-comparison';

const quote = (id: string, name: string, available = true): QuoteView => ({
  id,
  status: 'submitted',
  amount: 300_000,
  currency: 'EUR',
  duration_days: 30,
  message: '',
  created_at: '2026-11-21T10:00:00.000Z',
  specialist: { id: `u-${id}`, name, company: '', kind: 'contractor', verified: true, available },
  milestones: [{ position: 1, title: 'Whole job', amount: 300_000 }],
});

describe('QuoteComparison', () => {
  it('marks the quote of a barred specialist and offers no selection for it', async () => {
    renderWithProviders(
      <QuoteComparison projectId="p1" open quotes={[quote('q1', 'Ivo Mvondo', false), quote('q2', 'Rita Abanda')]} onSelected={() => {}} />,
    );
    const barred = await screen.findByRole('article', { name: 'Quote from Ivo Mvondo' });
    expect(within(barred).getByRole('note')).toHaveTextContent(
      'This specialist can no longer take on work on the platform (suspended or declared insolvent). Choose another quote.',
    );
    expect(within(barred).queryByRole('button', { name: 'Select this quote' })).not.toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Quote from Rita Abanda' });
    expect(within(other).queryByRole('note')).not.toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Select this quote' })).toBeEnabled();
  });

  it('says it in French for a French client', async () => {
    renderWithProviders(<QuoteComparison projectId="p1" open quotes={[quote('q1', 'Ivo Mvondo', false)]} onSelected={() => {}} />, {
      locale: 'fr',
      messages: { ...sharedFr, ...clientFr },
    });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Ce spécialiste ne peut plus prendre de travaux sur la plateforme (suspendu ou déclaré insolvable). Choisissez un autre devis.',
    );
  });
});
