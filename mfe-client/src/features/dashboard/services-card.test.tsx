import { render, screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { referenceBookAtom } from 'shared/reference';
import { fakeApi, renderWithProviders } from 'shared/testing';
import { ServicesCard } from './services-card';

const user = userEvent.setup();

const book = {
  countries: [
    { code: 'CM', name: 'Cameroon', currency: 'XAF', cities: ['Douala', 'Yaoundé'] },
    { code: 'FR', name: 'France', currency: 'EUR', cities: ['Paris'] },
  ],
  category_groups: [{ code: 'renovation', name: 'Renovation' }],
  categories: [
    { code: 'bathroom', group: 'renovation', name: 'Bathroom' },
    { code: 'kitchen', group: 'renovation', name: 'Kitchen' },
  ],
  specialist_kinds: [],
  project_statuses: [],
  currencies: [{ code: 'XAF', name: 'CFA franc', minor_digits: 0 }],
};

const profile = {
  company_name: 'Conrad & Sons',
  headline: '',
  description: '',
  categories: ['bathroom'],
  service_country: 'CM',
  service_cities: ['Douala'],
  verified: true,
};

function renderCard() {
  toast.remove();
  render(<Toaster />);
  const store = createStore();
  store.set(referenceBookAtom, book);
  const onSaved = jest.fn();
  renderWithProviders(<ServicesCard profile={profile} onSaved={onSaved} />, { url: '/main', store });
  return onSaved;
}

describe('ServicesCard', () => {
  it('asks for at least one trade before saving', async () => {
    const calls = fakeApi({});
    renderCard();
    await user.click(screen.getByRole('checkbox', { name: 'Bathroom' }));
    await user.click(screen.getByRole('button', { name: 'Save my services' }));
    expect(await screen.findByText('Please choose a category.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the trades and cities ticked, and clears the cities when the country changes', async () => {
    const saved = { ...profile, categories: ['bathroom', 'kitchen'], service_country: 'FR', service_cities: ['Paris'] };
    const calls = fakeApi({ 'PUT specialist-profile': () => ({ body: saved }) });
    const onSaved = renderCard();
    await user.click(screen.getByRole('checkbox', { name: 'Kitchen' }));
    await user.selectOptions(screen.getByLabelText('Country you work in'), 'FR');
    expect(screen.queryByRole('checkbox', { name: 'Douala' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Paris' }));
    await user.click(screen.getByRole('button', { name: 'Save my services' }));
    expect(await screen.findByText('Your services have been saved. Matching requests will reach you.')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ categories: ['bathroom', 'kitchen'], service_country: 'FR', service_cities: ['Paris'] });
    expect(onSaved).toHaveBeenCalledWith(saved);
  });
});
