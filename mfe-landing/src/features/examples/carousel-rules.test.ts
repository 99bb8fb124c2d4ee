import { CAROUSEL_FALLBACK_SCROLL_PX, carouselScrollAmount } from './carousel-rules';

describe('carouselScrollAmount', () => {
  it("scrolls by the first card's width", () => {
    expect(carouselScrollAmount({ offsetWidth: 342 })).toBe(342);
  });
  it('falls back to 300 px without a card', () => {
    expect(carouselScrollAmount(null)).toBe(300);
    expect(CAROUSEL_FALLBACK_SCROLL_PX).toBe(300);
  });
  it('falls back to 300 px when the card has no width yet', () => {
    expect(carouselScrollAmount({ offsetWidth: 0 })).toBe(300);
  });
});
