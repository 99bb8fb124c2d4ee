import { activeSlide, activeStepFromScroll, STEP_SCROLL_OFFSET_PX, stepperProgress } from './stepper-rules';

describe('stepperProgress', () => {
  it('is the current step over the total, as a percentage', () => {
    expect(stepperProgress(1, 4)).toBe(25);
    expect(stepperProgress(3, 4)).toBe(75);
    expect(stepperProgress(4, 4)).toBe(100);
    expect(stepperProgress(1, 3)).toBe(33);
  });
  it('stays within 0 and 100', () => {
    expect(stepperProgress(9, 4)).toBe(100);
    expect(stepperProgress(-1, 4)).toBe(0);
    expect(stepperProgress(1, 0)).toBe(0);
  });
});

describe('activeStepFromScroll', () => {
  const tops = [1000, 1400, 1800, 2200];
  it('keeps the first step before any is reached', () => {
    expect(activeStepFromScroll(tops, 200)).toBe(0);
  });
  it('activates a step 50 px before its top reaches the reading line', () => {
    expect(STEP_SCROLL_OFFSET_PX).toBe(50);
    expect(activeStepFromScroll(tops, 1349)).toBe(0);
    expect(activeStepFromScroll(tops, 1350)).toBe(1);
  });
  it('ends on the last step once everything is passed', () => {
    expect(activeStepFromScroll(tops, 5000)).toBe(3);
  });
});

describe('activeSlide', () => {
  it('rounds the scroll position to the nearest slide', () => {
    expect(activeSlide(0, 300, 4)).toBe(0);
    expect(activeSlide(460, 300, 4)).toBe(2);
    expect(activeSlide(2000, 300, 4)).toBe(3);
    expect(activeSlide(100, 0, 4)).toBe(0);
  });
});
