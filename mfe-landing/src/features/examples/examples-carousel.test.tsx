import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared/testing';
import { ExamplesCarousel } from './examples-carousel';

function makeScrollable(track: HTMLElement, cardWidth: number) {
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: 375 });
  Object.defineProperty(track, 'scrollWidth', { configurable: true, value: 1200 });
  const firstCard = track.firstElementChild as HTMLElement;
  Object.defineProperty(firstCard, 'offsetWidth', { configurable: true, value: cardWidth });
  const scrollBy = jest.fn();
  track.scrollBy = scrollBy as unknown as typeof track.scrollBy;
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
  return scrollBy;
}

describe('ExamplesCarousel', () => {
  it('shows the three example cards', async () => {
    renderWithProviders(<ExamplesCarousel />);
    const track = await screen.findByRole('list', { name: 'Example projects' });
    expect(track.querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Home renovation and remodeling' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Construction and new builds' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Smart home installation' })).toBeInTheDocument();
  });

  it("scrolls by the first card's width with the arrows", async () => {
    renderWithProviders(<ExamplesCarousel />);
    const scrollBy = makeScrollable(await screen.findByRole('list', { name: 'Example projects' }), 320);
    await userEvent.click(screen.getByRole('button', { name: 'Next examples' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 320, behavior: 'smooth' });
  });

  it('scrolls by 300 px when the card has no measurable width', async () => {
    renderWithProviders(<ExamplesCarousel />);
    const track = await screen.findByRole('list', { name: 'Example projects' });
    const scrollBy = makeScrollable(track, 0);
    await userEvent.click(screen.getByRole('button', { name: 'Next examples' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });
    Object.defineProperty(track, 'scrollLeft', { configurable: true, value: 600 });
    act(() => {
      track.dispatchEvent(new Event('scroll'));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Previous examples' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -300, behavior: 'smooth' });
  });
});
