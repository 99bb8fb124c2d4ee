import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { renderWithProviders } from 'shared/testing';
import { NavMenu } from './nav-menu';

function renderMenu() {
  return renderWithProviders(
    <>
      <NavMenu label="Main" account={<button type="button">Sign out</button>}>
        <Link to="/main/dashboard">Dashboard</Link>
        <Link to="/main/projects">Projects</Link>
        <Link to="/main/escrow">Escrow</Link>
      </NavMenu>
      <button type="button">After the menu</button>
    </>,
    { url: '/main/dashboard', path: '/main/*' },
  );
}

const toggle = () => screen.getByRole('button', { name: 'Menu' });

describe('NavMenu', () => {
  it('says what its button controls: the panel holding every entry', () => {
    renderMenu();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle().getAttribute('aria-controls')!);
    expect(
      within(panel!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Projects', 'Escrow']);
    // The account controls only join the panel while it is open.
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('opens from the keyboard, Tab walks through every entry, Escape closes it and gives focus back', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.tab();
    expect(toggle()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');

    await user.tab();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Projects' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Escrow' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('opens and closes with Space too', async () => {
    const user = userEvent.setup();
    renderMenu();
    toggle().focus();
    await user.keyboard(' ');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus leaves it, when the reader clicks elsewhere, and after following an entry', async () => {
    const user = userEvent.setup();
    const { router } = renderMenu();
    await user.click(toggle());
    for (let i = 0; i < 5; i += 1) await user.tab();
    expect(screen.getByRole('button', { name: 'After the menu' })).toHaveFocus();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle());
    await user.click(screen.getByRole('button', { name: 'After the menu' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle());
    await user.click(screen.getByRole('link', { name: 'Escrow' }));
    expect(router.state.location.pathname).toBe('/main/escrow');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });
});
