import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { clientUserAtom } from 'shared/session';
import { renderWithProviders, testClientUser } from 'shared/testing';
import CatalogNoticePage from './catalog-notice-page';

describe('CatalogNoticePage', () => {
  it('tells visitors the catalog is under construction and invites them to sign in', async () => {
    const store = createStore();
    store.set(clientUserAtom, false);
    renderWithProviders(<CatalogNoticePage />, { url: '/catalog', store });
    expect(await screen.findByRole('heading', { level: 1, name: 'The catalog is under construction' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to browse the catalog' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Open the catalog in your space' })).toBeNull();
  });

  it('links signed-in clients to the catalog of their space', async () => {
    const store = createStore();
    store.set(clientUserAtom, testClientUser({ id: 'u1', role: { name: 'client' } }));
    renderWithProviders(<CatalogNoticePage />, { url: '/catalog', store });
    expect(await screen.findByRole('link', { name: 'Open the catalog in your space' })).toHaveAttribute('href', '/main/catalog');
  });
});
