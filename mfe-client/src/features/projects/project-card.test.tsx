import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { referenceBookAtom } from 'shared/reference';
import { renderWithProviders } from 'shared/testing';
import { ProjectCard } from './project-card';
import type { ProjectCard as ProjectCardData } from 'shared/contract';

const book = {
  countries: [{ code: 'CM', name: 'Cameroon', currency: 'XAF', cities: ['Douala'] }],
  category_groups: [{ code: 'renovation', name: 'Renovation' }],
  categories: [{ code: 'kitchen', group: 'renovation', name: 'Kitchen' }],
  specialist_kinds: [],
  project_statuses: [{ code: 'open', name: 'Open for quotes' }],
  currencies: [{ code: 'XAF', name: 'CFA franc', minor_digits: 0 }],
};

const project: ProjectCardData = {
  id: '0b7c6a52-8a63-4c43-9c53-5b9c3b0c2a11',
  title: 'Kitchen renovation in Bonapriso',
  category: 'kitchen',
  status: 'open',
  created_at: '2026-11-20T10:00:00.000Z',
  location: { country: 'CM', city: 'Douala' },
  created_by: { name: 'Claire C.' },
  quote_type: 'request_a_quote',
  bid_count: 2,
  budget: { min: 3_000_000, max: 5_000_000, currency: 'XAF' },
};

function renderCard(data: ProjectCardData, locale: 'en' | 'fr' = 'en') {
  const store = createStore();
  store.set(referenceBookAtom, book);
  return renderWithProviders(<ProjectCard project={data} />, { store, locale });
}

describe('ProjectCard', () => {
  it('shows the facts of docs/product.md §2 and links to the project', () => {
    renderCard(project);
    const link = screen.getByRole('link', { name: 'Kitchen renovation in Bonapriso' });
    expect(link).toHaveAttribute('href', `/main/projects/${project.id}`);
    expect(screen.getByText('Open for quotes')).toBeInTheDocument();
    expect(screen.getByText('Kitchen')).toBeInTheDocument();
    expect(screen.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(screen.getByText('Douala, Cameroon')).toBeInTheDocument();
    expect(screen.getByText('Claire C.')).toBeInTheDocument();
    expect(screen.getByText('Request a quote')).toBeInTheDocument();
    expect(screen.getByText('2 bids')).toBeInTheDocument();
  });

  it('formats the budget from minor units of a currency without decimals', () => {
    renderCard(project);
    expect(document.querySelector('.ui-money-range')).toHaveTextContent('FCFA 3,000,000 – FCFA 5,000,000');
    // Each end of the range is one figure that never breaks across lines.
    expect(Array.from(document.querySelectorAll('[data-money]'), (figure) => figure.textContent?.replace(/\s/g, ' '))).toEqual([
      'FCFA 3,000,000',
      'FCFA 5,000,000',
    ]);
  });

  it('says when there is no bid yet and leaves out a budget that was not given', () => {
    renderCard({ ...project, bid_count: 0, budget: { min: null, max: null, currency: 'XAF' } });
    expect(screen.getByText('No bids yet')).toBeInTheDocument();
    expect(screen.queryByText('Budget')).not.toBeInTheDocument();
  });
});
