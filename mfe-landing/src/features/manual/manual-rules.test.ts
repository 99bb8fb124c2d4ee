import { MANUAL_ACCORDION_QUERY, toggleAccordionStep } from './manual-rules';

describe('toggleAccordionStep', () => {
  it('opens the clicked step when none is open', () => {
    expect(toggleAccordionStep(null, 2)).toBe(2);
  });
  it('moves to the clicked step, closing the open one', () => {
    expect(toggleAccordionStep(0, 3)).toBe(3);
  });
  it('closes the open step when it is clicked again', () => {
    expect(toggleAccordionStep(1, 1)).toBeNull();
  });
  it('switches to the accordion at 1024 px or less', () => {
    expect(MANUAL_ACCORDION_QUERY).toBe('(max-width: 1024px)');
  });
});
