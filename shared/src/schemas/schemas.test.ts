import * as v from 'valibot';
import { fieldErrors, ProfileSchema, SignInSchema, SignUpSchema } from './index';

const valid = {
  first_name: 'Ada',
  last_name: 'Okafor',
  email: 'ada@example.com',
  country: 'CM',
  city: 'Douala',
  phone_number: '+237 6 99 00 11 22',
  account_type: 'client',
  password: 'Secret-2026',
  password_confirmation: 'Secret-2026',
};

function errorsOf(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
}

describe('validation schemas', () => {
  it('accepts a complete client sign-up', () => {
    expect(v.safeParse(SignUpSchema, valid).success).toBe(true);
  });

  it('uses the docs/product.md §5 messages for missing sign-up fields', () => {
    expect(errorsOf(SignUpSchema, { ...valid, first_name: ' ', last_name: '', country: '', city: '', phone_number: 'abc' })).toEqual({
      first_name: ['Please enter your first name'],
      last_name: ['Please enter your last name'],
      country: ['Please select your country'],
      city: ['Please enter your city'],
      phone_number: ['Please enter a valid phone number'],
    });
  });

  it('reports every unmet password rule, then a mismatch', () => {
    expect(errorsOf(SignUpSchema, { ...valid, password: 'abc', password_confirmation: 'abc' }).password).toEqual([
      'Minimum amount of characters is 8.',
      'Password must have at least one number.',
      'Password must have at least one uppercase letter.',
    ]);
    expect(errorsOf(SignUpSchema, { ...valid, password_confirmation: 'Secret-2027' })).toEqual({
      password_confirmation: ['The passwords do not match.'],
    });
  });

  it('requires the kind of specialist', () => {
    expect(errorsOf(SignUpSchema, { ...valid, account_type: 'specialist' })).toEqual({
      specialist_kind: ['This field is mandatory.'],
    });
    expect(v.safeParse(SignUpSchema, { ...valid, account_type: 'specialist', specialist_kind: 'expert' }).success).toBe(true);
  });

  it('uses the sign-in messages', () => {
    expect(errorsOf(SignInSchema, {})).toEqual({
      email: ['Please enter your email'],
      password: ['Please enter your password'],
    });
    expect(errorsOf(SignInSchema, { email: 'nope', password: 'x' })).toEqual({ email: ['Please enter a valid email.'] });
  });

  it('translates issues through the catalog ids with their values', () => {
    const result = v.safeParse(ProfileSchema, { first_name: 'x'.repeat(51), last_name: 'B', email: 'b@example.com', phone_number: '0612345678' });
    expect(result.success).toBe(false);
    if (result.success) return;
    const translated = fieldErrors(result.issues, (d) => `${d.id}|${JSON.stringify(d.values ?? {})}`);
    expect(translated).toEqual({ first_name: ['Maximum amount of characters is {amount}.|{"amount":50}'] });
  });
});

describe('blank fields', () => {
  it('get one message each, not the rules that follow', () => {
    expect(errorsOf(SignUpSchema, { ...valid, email: '', phone_number: '', password: '', password_confirmation: '' })).toEqual({
      email: ['This field is mandatory.'],
      phone_number: ['Please enter a valid phone number'],
      password: ['This field is mandatory.'],
      password_confirmation: ['This field is mandatory.'],
    });
  });
});
