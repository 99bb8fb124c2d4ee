import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from 'shared/testing';
import { ScrollTopButton } from './scroll-top-button';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('ScrollTopButton', () => {
  it('appears from 1000 px of scroll and scrolls back to the top', () => {
    const scroll = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderWithProviders(<ScrollTopButton />);
    scrollTo(999);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollTo(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scrollTo(200);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
  });
});
