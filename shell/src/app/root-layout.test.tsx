import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { activateLocale, loadSharedCatalog, registerCatalog } from 'shared/i18n';
import { adminUserAtom, clientUserAtom } from 'shared/session';
import { renderWithProviders } from 'shared/testing';
import { loadClientHeader } from '../features/chrome/client-header-loader';
import { loadShellCatalog } from './catalog';
import { RootLayout } from './root-layout';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

// As startShell does for a returning client: the signed-in header's chunk is there before the first paint.
beforeAll(() => loadClientHeader());

beforeEach(() => {
  // The chat remote never answers here; its slot just waits.
  (loadRemote as jest.Mock).mockReturnValue(new Promise(() => undefined));
});

function renderLayout(client: unknown, admin: unknown, url = '/', handle?: Record<string, unknown>) {
  const store = createStore();
  store.set(clientUserAtom, client as never);
  store.set(adminUserAtom, admin as never);
  return renderWithProviders(<RootLayout />, { store, url, path: '/*', handle });
}

const navLabels = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('RootLayout chrome', () => {
  it('shows the guest header (Home, For contractors, language, Login, Sign up) when both states are false', () => {
    renderLayout(false, false);
    const header = screen.getByRole('banner');
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'For contractors' })).toHaveAttribute('href', '/contractors');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(within(header).getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  it('marks the current landing link so that only the other one stays under 768 px', () => {
    renderLayout(false, false, '/contractors');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'For contractors' })).toHaveClass('nav-link--mobile-hidden');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveClass('nav-link--mobile-hidden');
  });

  it('shows no header while the session is still loading (null)', () => {
    renderLayout(null, false);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('shows the client navigation to a signed-in client', () => {
    renderLayout({ id: '1', first_name: 'Ada', last_name: 'Obi', role: { name: 'client' } }, false, '/main/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Projects', 'Specialists', 'Escrow', 'Catalog']);
    expect(screen.getByRole('link', { name: 'Ada Obi' })).toHaveAttribute('href', '/main/settings');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows a contractor and an expert only the entries whose pages work for them', () => {
    const { unmount } = renderLayout({ id: '2', first_name: 'Paul', role: { name: 'contractor' } }, false, '/main/dashboard');
    expect(navLabels()).toEqual(['Dashboard', 'Projects', 'Escrow', 'Catalog']);
    unmount();
    renderLayout({ id: '3', first_name: 'Eve', role: { name: 'expert' } }, false, '/main/dashboard');
    expect(navLabels()).toEqual(['Dashboard', 'Projects', 'Escrow', 'Catalog']);
  });

  it('offers signing up in the footer to guests only', () => {
    const { unmount } = renderLayout(false, false);
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    unmount();
    renderLayout({ id: '1', first_name: 'Ada', role: { name: 'client' } }, false, '/main/dashboard');
    expect(within(screen.getByRole('contentinfo')).queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).queryByText('Ready to start your project?')).not.toBeInTheDocument();
  });

  it('names the page in the browser tab, in the user’s language', async () => {
    registerCatalog('shell', loadShellCatalog);
    registerCatalog('shared', loadSharedCatalog);
    await activateLocale('en');
    renderLayout({ id: '1', first_name: 'Ada', role: { name: 'client' } }, false, '/main/projects', { name: 'main.projects' });
    expect(document.title).toBe('Projects · Fundament');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');
    await waitFor(() => expect(document.title).toBe('Projets · Fundament'));
    await activateLocale('en');
  });

  it('shows the admin navigation to a signed-in admin', () => {
    renderLayout(false, { id: 'a', role: { name: 'admin' } }, '/admin/clients');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Clients', 'Contractors', 'Experts', 'Escrow', 'Disputes', 'Reported messages', 'Audit trail', 'Outbox', 'Account security']);
  });

  it('opens the terms and privacy pages in a new tab from the footer', () => {
    renderLayout(false, false);
    const footer = screen.getByRole('contentinfo');
    for (const name of ['Terms of service', 'Privacy policy', 'Fundament on X', 'Fundament on LinkedIn', 'Fundament on Facebook']) {
      const link = within(footer).getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
    expect(within(footer).getByRole('link', { name: 'support@fundament.example' })).toHaveAttribute('href', 'mailto:support@fundament.example');
  });

  it('switches the whole chrome to French without a reload, and remembers it', async () => {
    registerCatalog('shell', loadShellCatalog);
    await activateLocale('en');
    renderLayout(false, false);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Accueil' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Pour les entrepreneurs' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Connexion' })).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: "Conditions d'utilisation" })).toBeInTheDocument();
    expect(window.localStorage.getItem('locale')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });
});
