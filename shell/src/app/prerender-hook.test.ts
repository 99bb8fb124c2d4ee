import { enableFormsWhenHydrated } from './prerender-hook';

describe('enableFormsWhenHydrated', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('holds each prerendered control until React owns it, then releases it', () => {
    document.body.innerHTML =
      '<form><input readonly="" data-until-hydrated="readonly" name="email"><button type="submit" disabled="" data-until-hydrated="disabled">Sign in</button></form>';
    const input = document.querySelector('input') as HTMLInputElement;
    const button = document.querySelector('button') as HTMLButtonElement;
    enableFormsWhenHydrated(document.body);
    jest.advanceTimersByTime(500);
    expect(input.readOnly).toBe(true);
    expect(button.disabled).toBe(true);

    // What hydration leaves on an element it adopted.
    Object.assign(input, { __reactProps$test: { name: 'email' } });
    jest.advanceTimersByTime(100);
    expect(input.readOnly).toBe(false);
    expect(button.disabled).toBe(true);
    Object.assign(button, { __reactProps$test: { type: 'submit' } });
    jest.advanceTimersByTime(100);
    expect(button.disabled).toBe(false);
    expect(button.hasAttribute('data-until-hydrated')).toBe(false);
  });

  it('never enables a button React did not adopt (a native submission would put the fields in the address)', () => {
    document.body.innerHTML = '<form><button type="submit" disabled="" data-until-hydrated="disabled">Sign in</button></form>';
    enableFormsWhenHydrated(document.body, 1000);
    jest.advanceTimersByTime(1100);
    expect((document.querySelector('button') as HTMLButtonElement).disabled).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });
});
