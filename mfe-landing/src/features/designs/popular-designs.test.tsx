import { act, screen } from '@testing-library/react';
import { renderWithProviders } from 'shared/testing';
import type { Design } from 'shared/contract';
import { PopularDesigns } from './popular-designs';

const villa: Design = {
  id: 'd1',
  slug: 'hillside-villa',
  title: 'Hillside villa with pool',
  description: 'Five suites.',
  tier: 'luxury',
  rooms: 9,
  area_m2: 320,
  image_url: '/api/v1/designs/images/hillside-villa.svg',
  estimated_cost: { currency: 'USD', country: null, min: 42_120_000, max: 56_160_000 },
};

describe('PopularDesigns', () => {
  it('asks for the designs only when the section comes near the screen, not with the first load of the page', async () => {
    const observers: IntersectionObserverCallback[] = [];
    const original = window.IntersectionObserver;
    window.IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback) {
        observers.push(callback);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
    try {
      const load = jest.fn(() => Promise.resolve([villa]));
      renderWithProviders(<PopularDesigns load={load} />);
      // The cards' room is kept, but nothing is on its way yet: the page is not busy.
      expect(await screen.findByRole('list', { name: 'Loading designs' })).not.toHaveAttribute('aria-busy');
      expect(load).not.toHaveBeenCalled();
      act(() => observers.forEach((callback) => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver)));
      expect(await screen.findByRole('heading', { name: 'Hillside villa with pool' })).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      window.IntersectionObserver = original;
    }
  });

  it('shows a skeleton while loading, then the designs with tier signs and cost', async () => {
    let resolve: (designs: Design[]) => void = () => undefined;
    const load = jest.fn(() => new Promise<Design[]>((r) => (resolve = r)));
    renderWithProviders(<PopularDesigns load={load} />);
    expect(await screen.findByRole('list', { name: 'Loading designs' })).toHaveAttribute('aria-busy', 'true');
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ locale: 'en' }), expect.any(AbortSignal));
    resolve([villa]);
    expect(await screen.findByRole('heading', { name: 'Hillside villa with pool' })).toBeInTheDocument();
    expect(screen.getByText('$$$')).toBeInTheDocument();
    expect(screen.getByText('Luxury')).toBeInTheDocument();
    expect(document.querySelector('.ui-money-range')).toHaveTextContent('$421,200 – $561,600');
    expect(Array.from(document.querySelectorAll('[data-money]'), (figure) => figure.textContent)).toEqual(['$421,200', '$561,600']);
    expect(screen.getByRole('img', { name: 'Hillside villa with pool' })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('link', { name: 'View Catalog' })).toHaveAttribute('href', '/catalog');
  });

  it('says so when there is no design yet', async () => {
    renderWithProviders(<PopularDesigns load={() => Promise.resolve([])} />);
    expect(await screen.findByText('New designs are on their way. Check back soon.')).toBeInTheDocument();
  });

  it('shows a short message when the designs cannot be loaded', async () => {
    renderWithProviders(<PopularDesigns load={() => Promise.reject(new Error('offline'))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the designs right now.');
  });
});
