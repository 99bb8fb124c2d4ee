import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { referenceBookAtom } from 'shared/reference';
import { renderWithProviders } from 'shared/testing';
import { contractFixture } from '../../testing/escrow-fixtures';
import { ContractParties } from './contract-parties';

const book = {
  countries: [{ code: 'CM', name: 'Cameroun', currency: 'XAF', cities: ['Douala'] }],
  category_groups: [{ code: 'renovation', name: 'Rénovation' }],
  categories: [{ code: 'roofing', group: 'renovation', name: 'Toiture' }],
  specialist_kinds: [],
  project_statuses: [],
  currencies: [{ code: 'XAF', name: 'Franc CFA', minor_digits: 0 }],
};

it('names the project’s category in the page’s language, not by its code', () => {
  const store = createStore();
  store.set(referenceBookAtom, book);
  const contract = contractFixture();
  renderWithProviders(<ContractParties contract={{ ...contract, project: { ...contract.project, category: 'roofing' } }} />, {
    store,
    locale: 'fr',
  });
  expect(screen.getByText('Toiture')).toBeInTheDocument();
  expect(screen.queryByText('roofing')).not.toBeInTheDocument();
});
