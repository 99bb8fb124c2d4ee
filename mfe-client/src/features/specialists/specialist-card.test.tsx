import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { referenceBookAtom } from 'shared/reference';
import { renderWithProviders } from 'shared/testing';
import type { ServiceCard } from 'shared/contract';
import { SpecialistCard } from './specialist-card';

const book = {
  countries: [{ code: 'CM', name: 'Cameroon', currency: 'XAF', cities: ['Douala'] }],
  category_groups: [
    { code: 'renovation', name: 'Renovation' },
    { code: 'smart_home', name: 'Smart home' },
  ],
  categories: [],
  specialist_kinds: [],
  project_statuses: [],
  currencies: [],
};

const card: ServiceCard = {
  id: '5b1f3d2e-2f0a-4c1e-8d7e-0a9b8c7d6e5f',
  title: 'Conrad & Sons Construction',
  subtitle: 'Renovations in Douala since 2011',
  description: 'A team of twelve masons, plumbers and tilers.',
  company: 'Conrad & Sons Construction',
  contact_name: 'Conrad Mbarga',
  role_label: 'contractor',
  kind: 'contractor',
  categories: ['renovation', 'smart_home'],
  trades: ['kitchen'],
  location: { country: 'CM', cities: ['Douala', 'Yaoundé'] },
  photo_url: null,
  verified: true,
  rating: null,
  review_count: 0,
};

function renderCard(data: ServiceCard) {
  const store = createStore();
  store.set(referenceBookAtom, book);
  return renderWithProviders(<SpecialistCard specialist={data} />, { store });
}

describe('SpecialistCard', () => {
  it('shows the service card of docs/product.md §2 and links to the profile', () => {
    renderCard(card);
    expect(screen.getByRole('link', { name: 'Conrad & Sons Construction' })).toHaveAttribute('href', `/main/specialists/${card.id}`);
    expect(screen.getByText('Renovations in Douala since 2011')).toBeInTheDocument();
    expect(screen.getByText('A team of twelve masons, plumbers and tilers.')).toBeInTheDocument();
    expect(screen.getByText('Contractor')).toBeInTheDocument();
    expect(screen.getByText('Renovation')).toBeInTheDocument();
    expect(screen.getByText('Smart home')).toBeInTheDocument();
    expect(screen.getByText(/Douala, Yaoundé · Cameroon/)).toBeInTheDocument();
  });

  it('labels artisans as Professional and vendors as Vendor', () => {
    const { unmount } = renderCard({ ...card, role_label: 'professional', kind: 'artisan' });
    expect(screen.getByText('Professional')).toBeInTheDocument();
    unmount();
    renderCard({ ...card, role_label: 'vendor', kind: 'vendor' });
    expect(screen.getByText('Vendor')).toBeInTheDocument();
  });
});
