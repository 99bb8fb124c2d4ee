import * as v from 'valibot';
import { cardSchemaAt, expiryValid, luhnValid } from './card';

describe('payment card', () => {
  it('accepts the sandbox cards and refuses a wrong check digit or a short number', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4000000000000119')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
  });

  it('takes a card until the end of its expiry month', () => {
    const today = new Date(Date.UTC(2026, 10, 30));
    expect(expiryValid('11/26', today)).toBe(true);
    expect(expiryValid(' 12 / 26 ', today)).toBe(true);
    expect(expiryValid('10/26', today)).toBe(false);
    expect(expiryValid('13/27', today)).toBe(false);
  });

  it('reads the number without its spaces and the expiry without its blanks', () => {
    const schema = cardSchemaAt(() => new Date(Date.UTC(2026, 10, 1)));
    expect(v.parse(schema, { number: '4242 4242-4242 4242', expiry: '01 / 27', cvc: ' 123 ', name: ' Ada Lovelace ' })).toEqual({
      number: '4242424242424242',
      expiry: '01/27',
      cvc: '123',
      name: 'Ada Lovelace',
    });
  });

  it('asks for the name on the card when it is missing or a single letter', () => {
    const schema = cardSchemaAt(() => new Date(Date.UTC(2026, 10, 1)));
    for (const name of ['', '  ', 'A']) {
      const result = v.safeParse(schema, { number: '4242424242424242', expiry: '01/27', cvc: '123', name });
      expect(result.success).toBe(false);
      expect(result.issues?.map((issue) => issue.message)).toEqual(['Please enter the name on the card']);
    }
  });
});
