import { checkCard } from './card-check';

describe('card checks', () => {
  it('refuses an expired month and a wrong check digit, and normalises what it accepts', () => {
    const now = new Date(Date.UTC(2026, 10, 15));
    expect(checkCard({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '12', name: ' ' }, now)).toEqual({
      invalid: ['number', 'expiry', 'cvc', 'name'],
    });
    expect(checkCard({ number: '4242-4242-4242-4242', expiry: '11 / 26', cvc: '1234', name: ' Ada ' }, now)).toEqual({
      card: { number: '4242424242424242', expiry: '11/26', cvc: '1234', name: 'Ada' },
    });
  });
});
