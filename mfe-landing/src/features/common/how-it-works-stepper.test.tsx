import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared/testing';
import { setViewportWidth } from '../../lib/test-media';
import { HowItWorksStepper } from './how-it-works-stepper';

describe('HowItWorksStepper', () => {
  it('shows one more line per step in the expert variant', async () => {
    setViewportWidth(1280);
    renderWithProviders(<HowItWorksStepper variant="expert" />);
    expect(await screen.findByText('It takes about ten minutes and costs nothing.')).toBeInTheDocument();
    expect(screen.getByText('No more chasing invoices: the money is already in escrow.')).toBeInTheDocument();
  });

  it('below 1024 px follows the slide chosen and shows the progress', async () => {
    setViewportWidth(800);
    renderWithProviders(<HowItWorksStepper variant="client" />);
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    const list = screen.getByRole('list', { name: 'Steps' });
    list.scrollTo = jest.fn() as unknown as typeof list.scrollTo;
    await userEvent.click(screen.getByRole('button', { name: 'Go to step 3' }));
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
  });

  it('from 1024 px follows the scroll position', async () => {
    setViewportWidth(1280);
    renderWithProviders(<HowItWorksStepper variant="client" />);
    const items = (await screen.findByRole('list', { name: 'Steps' })).querySelectorAll('li');
    // Steps 400 px apart, the first at 1000 px down the page.
    items.forEach((item, index) => {
      item.getBoundingClientRect = () => ({ top: 1000 + index * 400 - window.scrollY }) as DOMRect;
    });
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 0;
    });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    await act(async () => {
      window.scrollY = 1400; // reading line at 1800 px: the third step
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
  });
});
