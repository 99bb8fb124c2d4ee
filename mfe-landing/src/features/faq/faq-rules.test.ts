import { toggleFaqItem } from './faq-rules';

describe('toggleFaqItem', () => {
  it('opens an item and keeps the others as they were', () => {
    expect([...toggleFaqItem(new Set([1, 4]), 6)].sort()).toEqual([1, 4, 6]);
  });
  it('closes only the item clicked', () => {
    expect([...toggleFaqItem(new Set([1, 4]), 1)]).toEqual([4]);
  });
  it('does not change the set it was given', () => {
    const open = new Set([2]);
    toggleFaqItem(open, 2);
    expect([...open]).toEqual([2]);
  });
});
