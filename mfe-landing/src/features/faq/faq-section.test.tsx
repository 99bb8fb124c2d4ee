import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared/testing';
import { FaqSection } from './faq-section';

describe('FaqSection', () => {
  it('lists nine questions, all closed, with a plus sign', async () => {
    renderWithProviders(<FaqSection />);
    const questions = await screen.findAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(9);
    expect(questions[0]).toHaveTextContent('+');
  });

  it('opens and closes each question on its own', async () => {
    renderWithProviders(<FaqSection />);
    const escrow = await screen.findByRole('button', { name: /How does escrow protect my money/ });
    const fees = screen.getByRole('button', { name: /How much does it cost/ });

    await userEvent.click(escrow);
    await userEvent.click(fees);
    expect(escrow).toHaveAttribute('aria-expanded', 'true');
    expect(fees).toHaveAttribute('aria-expanded', 'true');
    expect(fees).toHaveTextContent('−');
    expect(screen.getByText(/the platform fee of 1.5 % and the expert's inspection fee/)).toBeVisible();

    await userEvent.click(escrow);
    expect(escrow).toHaveAttribute('aria-expanded', 'false');
    expect(fees).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText(/held in a separate account opened for your contract/)).not.toBeVisible();
  });
});
