import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared/testing';
import { setViewportWidth } from '../../lib/test-media';
import { ManualSection } from './manual-section';

describe('ManualSection', () => {
  it('is an accordion at 1024 px: one step open at a time, the open one closes on click', async () => {
    setViewportWidth(1024);
    renderWithProviders(<ManualSection />);
    const first = await screen.findByRole('button', { name: /Describe your project in minutes/ });
    const third = screen.getByRole('button', { name: /Talk, agree and fund the first milestone/ });
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(3);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Add a job with a few photos/)).toBeVisible();

    await userEvent.click(third);
    expect(third).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/See who is available and when/)).toBeVisible();
    expect(screen.queryByText(/Add a job with a few photos/)).not.toBeVisible();

    await userEvent.click(third);
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('shows the chosen step in a side card on wider screens', async () => {
    setViewportWidth(1280);
    renderWithProviders(<ManualSection />);
    expect(await screen.findByRole('article')).toHaveTextContent('Step 1 · Post');
    await userEvent.click(screen.getByRole('button', { name: /Pay as the work is approved/ }));
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('Step 4 · Release');
    expect(card).toHaveTextContent('An independent expert inspects each milestone');
    expect(screen.queryByRole('button', { expanded: true })).toBeNull();
  });
});
