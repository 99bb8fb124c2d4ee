import { checkCard, passesLuhn } from './card-check';

describe('card checks', () => {
  it('accepts the sandbox cards and refuses a wrong check digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4000000000000119')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242')).toBe(false);
  });

  it('refuses an expired month and normalises what it accepts', () => {
    const now = new Date(2026, 10, 15);
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '10/26', cvc: '12', name: ' ' }, now)).toEqual({ invalid: ['expiry', 'cvc', 'name'] });
    expect(checkCard({ number: '4242-4242-4242-4242', expiry: '11 / 26', cvc: '1234', name: ' Ada ' }, now)).toEqual({
      card: { number: '4242424242424242', expiry: '11/26', cvc: '1234', name: 'Ada' },
    });
  });
});
