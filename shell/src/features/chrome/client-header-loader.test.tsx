import { Suspense } from 'react';
import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { clientUserAtom } from 'shared/session';
import { renderWithProviders } from 'shared/testing';
import { ClientHeaderSlot, loadClientHeader } from './client-header-loader';

function renderSlot(onShown: () => void = () => undefined) {
  const store = createStore();
  store.set(clientUserAtom, { id: '1', first_name: 'Ada', last_name: 'Obi', role: { name: 'client' } } as never);
  return renderWithProviders(
    <Suspense fallback={<p>Loading the header</p>}>
      <ClientHeaderSlot onShown={onShown} />
    </Suspense>,
    { store, url: '/main/dashboard', path: '/main/dashboard' },
  );
}

describe('the signed-in header in its own chunk', () => {
  it('appears once its chunk arrives when nothing loaded it before, and says so only then (the frame measures it)', async () => {
    const shown = jest.fn(() => {
      // The header is in the page when the frame hears of it, not before.
      expect(document.querySelector('.site-header')).not.toBeNull();
    });
    renderSlot(shown);
    // The first import of the chunk in a fresh test run transforms its whole module graph: seconds.
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 20_000 });
    expect(shown).toHaveBeenCalled();
    expect(within(nav).getByRole('link', { name: 'Projects' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Obi' })).toHaveAttribute('href', '/main/settings');
  });

  it('is drawn at once, with no waiting state, when the start-up loaded it first', async () => {
    await loadClientHeader();
    renderSlot();
    expect(screen.queryByText('Loading the header')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
