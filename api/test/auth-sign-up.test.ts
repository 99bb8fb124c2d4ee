import { createTestApp, type TestApp } from './test-app';
import { expireAccountTokens, latestMail, linkToken, signUpBody, uniqueEmail } from './accounts-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signUp = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: payload as object, headers });

describe('POST /auth/sign-up', () => {
  it('creates the account and e-mails a verification link in the chosen language', async () => {
    const body = signUpBody({ email: 'New.Person@Example.com', locale: 'fr' });
    const response = await signUp(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: expect.any(String), email: 'new.person@example.com' });
    const mail = await latestMail(t.app, 'new.person@example.com');
    expect(mail?.subject).toBe('Vérifiez votre adresse e-mail');
    expect(mail?.text).toContain('Bonjour Amina,');
    expect(mail?.text).toMatch(/http:\/\/localhost:\d+\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    expect(mail?.html).toContain('<a href="http://localhost');
  });

  it('writes the e-mail in the caller’s language when the body names none', async () => {
    const body = signUpBody();
    await signUp(body, { 'accept-language': 'en-GB,en;q=0.9' });
    expect((await latestMail(t.app, String(body.email)))?.subject).toBe('Verify your email address');
  });

  it('accepts a specialist with a kind', async () => {
    const response = await signUp(signUpBody({ account_type: 'specialist', specialist_kind: 'artisan' }));
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['first_name', '', 'Please enter your first name'],
    ['first_name', 'x'.repeat(51), 'Maximum amount of characters is 50.'],
    ['last_name', '  ', 'Please enter your last name'],
    ['email', '', 'This field is mandatory.'],
    ['email', 'not-an-email', 'Please enter a valid email.'],
    ['country', '', 'Please select your country'],
    ['city', '', 'Please enter your city'],
    ['phone_number', 'call me', 'Please enter a valid phone number'],
    ['phone_number', '123', 'Please enter a valid phone number'],
    ['account_type', 'landlord', 'This field is mandatory.'],
    ['password', 'Short1', 'Minimum amount of characters is 8.'],
    ['password', 'alllowercase1', 'Password must have at least one uppercase letter.'],
    ['password', 'ALLUPPERCASE1', 'Password must have at least one lowercase letter.'],
    ['password', 'NoNumbersHere', 'Password must have at least one number.'],
  ])('refuses %s = %j with “%s”', async (field, value, message) => {
    const body = signUpBody({ [field]: value });
    if (field === 'password') body.password_confirmation = value;
    const response = await signUp(body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
  });

  it('lists every unmet password rule', async () => {
    const response = await signUp(signUpBody({ password: 'abc', password_confirmation: 'abc' }));
    expect(response.json().errors.password).toEqual([
      'Minimum amount of characters is 8.',
      'Password must have at least one number.',
      'Password must have at least one uppercase letter.',
    ]);
  });

  it('refuses a confirmation that differs', async () => {
    const response = await signUp(signUpBody({ password_confirmation: 'Another-pass-42' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ password_confirmation: ['The passwords do not match.'] });
  });

  it('requires the kind of a specialist', async () => {
    const response = await signUp(signUpBody({ account_type: 'specialist' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.specialist_kind).toEqual(['This field is mandatory.']);
  });

  it('answers in French when asked', async () => {
    const response = await signUp(signUpBody({ first_name: '', password: 'abcdefgh1', password_confirmation: 'x' }), {
      'accept-language': 'fr',
    });
    expect(response.statusCode).toBe(422);
    const { message, errors } = response.json();
    expect(message).toBe('Veuillez vérifier les champs signalés.');
    expect(errors.first_name).toEqual(['Veuillez saisir votre prénom']);
    expect(errors.password_confirmation).toEqual(['Les mots de passe ne correspondent pas.']);
    expect(errors.password[0]).toMatch(/majuscule/);
  });

  it('refuses an empty or malformed body with field errors', async () => {
    const response = await signUp({});
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'email', 'country', 'city', 'phone_number', 'account_type', 'password']),
    );
  });

  it('answers an address already registered, whatever its case, like a new one (the owner gets an e-mail)', async () => {
    const body = signUpBody();
    const first = await signUp(body, { 'accept-language': 'fr' });
    expect(first.statusCode).toBe(201);
    const again = await signUp({ ...body, email: String(body.email).toUpperCase() }, { 'accept-language': 'fr' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.json().message).toBe(
      'Merci. Consultez votre boîte de réception : nous avons envoyé à cette adresse un e-mail indiquant l’étape suivante.',
    );
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [String(body.email).toLowerCase()]);
    expect(rows[0]).toEqual({ n: 1 });
  });
});

describe('POST /auth/verify-email', () => {
  const verify = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });

  it('verifies the address once; the link is then used up', async () => {
    const body = signUpBody();
    await signUp(body);
    const token = linkToken(await latestMail(t.app, String(body.email)), 'verify-email');
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Your email address has been verified.');
    const second = await verify(token);
    expect(second.statusCode).toBe(410);
    expect(second.json().message).toBe('This link has expired or has already been used.');
  });

  it('signs the person in: the answer carries a session for the account it verified', async () => {
    const body = signUpBody();
    await signUp(body);
    const token = linkToken(await latestMail(t.app, String(body.email)), 'verify-email');
    const answer = await verify(token);
    expect(answer.statusCode).toBe(200);
    const accessToken = answer.json().access_token as string;
    expect(accessToken).toEqual(expect.any(String));
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(body.email);
    expect(me.json().email_verified).toBe(true);
  });

  it('refuses an unknown token and an expired one', async () => {
    expect((await verify('a'.repeat(43))).statusCode).toBe(410);
    const body = signUpBody();
    await signUp(body);
    const token = linkToken(await latestMail(t.app, String(body.email)), 'verify-email');
    await expireAccountTokens(t.db);
    expect((await verify(token)).statusCode).toBe(410);
  });

  it('asks for a token when there is none', async () => {
    const response = await verify('');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ token: ['This field is mandatory.'] });
  });
});

describe('POST /auth/resend-verification', () => {
  const resend = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/resend-verification', payload: { email } });

  it('sends a new, working link to an address still waiting for verification', async () => {
    const body = signUpBody();
    await signUp(body);
    const first = await latestMail(t.app, String(body.email));
    const response = await resend(String(body.email));
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('The email has been resent successfully.');
    const second = await latestMail(t.app, String(body.email));
    expect(second?.id).toBeGreaterThan(first!.id);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token: linkToken(second, 'verify-email') },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const body = signUpBody();
    await signUp(body);
    const known = await resend(String(body.email));
    const stranger = uniqueEmail('stranger');
    const unknown = await resend(stranger);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await latestMail(t.app, stranger)).toBeUndefined();
  });

  it('validates the address', async () => {
    const response = await resend('nope');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['Please enter a valid email.'] });
  });
});
