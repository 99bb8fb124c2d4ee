import { relyingParty } from '../src/accounts/passkeys';
import { bearer, GOOD_PASSWORD } from './accounts-helpers';
import { createClient, createSpecialist, type Person } from './marketplace-helpers';
import { createPasskey, signIn, type SoftPasskey } from './software-authenticator';
import { giveUserSecondFactor, nextCode } from './two-factor-helpers';
import { createTestApp, type TestApp } from './test-app';

/*
 * Passkeys (WebAuthn) against a software authenticator: registered from a
 * signed-in session with the password, used alone to sign in (usernameless),
 * used as the second factor after a password, removed with the password.
 * Every challenge is single-use and short-lived; signatures, origins, user
 * verification and counters are checked by the server.
 */

const ORIGIN = 'https://fundament.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: ORIGIN });
});
afterAll(async () => t.close());

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

type CreationOptions = { challenge: string; rp: { id: string; name: string }; user: { id: string; name: string }; excludeCredentials: unknown[] };
type RequestOptions = { challenge: string; rpId: string; allowCredentials?: Array<{ id: string }>; userVerification: string };

/** Registers a passkey for `person` as Settings does: the password, the options, the authenticator, the name. */
async function registered(person: Person, name = 'Pixel 8', synced = false): Promise<SoftPasskey> {
  const started = await inject('POST', '/auth/passkeys/registration/options', person.token, { current_password: GOOD_PASSWORD });
  expect(started.statusCode).toBe(200);
  const { passkey, response } = createPasskey(started.json() as CreationOptions, { origin: ORIGIN, synced });
  const stored = await inject('POST', '/auth/passkeys/registration', person.token, { name, response });
  expect(stored.statusCode).toBe(201);
  return passkey;
}

const signInOptions = async () => {
  const answer = await inject('POST', '/auth/passkeys/sign-in/options');
  expect(answer.statusCode).toBe(200);
  return answer.json() as RequestOptions;
};

describe('the relying party', () => {
  it('is PUBLIC_URL, and a loopback address is served as localhost (browsers refuse an IP address as its id)', () => {
    expect(relyingParty({ publicUrl: 'https://fundament.example' })).toEqual({ id: 'fundament.example', origin: 'https://fundament.example' });
    expect(relyingParty({ publicUrl: 'http://127.0.0.1:3100' })).toEqual({ id: 'localhost', origin: 'http://localhost:3100' });
  });
});

describe('registration', () => {
  it('needs the password, stores the passkey with its counter, transports and backup flag, and lists it by name', async () => {
    const amina = await createClient(t.app, t.db);
    const noPassword = await inject('POST', '/auth/passkeys/registration/options', amina.token, {});
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().errors.current_password).toEqual(['Enter your current password to make this change.']);
    expect((await inject('POST', '/auth/passkeys/registration/options', amina.token, { current_password: 'wrong-password-1' })).statusCode).toBe(422);

    const options = (
      await inject('POST', '/auth/passkeys/registration/options', amina.token, { current_password: GOOD_PASSWORD })
    ).json() as CreationOptions & {
      attestation: string;
      authenticatorSelection: { residentKey: string };
    };
    expect(options.rp).toEqual({ id: 'fundament.example', name: 'Fundament' });
    expect(options.user.name).toBe(amina.email);
    expect(options.attestation).toBe('none');
    expect(options.authenticatorSelection.residentKey).toBe('preferred');
    const { passkey, response } = createPasskey(options, { origin: ORIGIN, synced: true });
    const stored = await inject('POST', '/auth/passkeys/registration', amina.token, { name: '  iPhone  ', response });
    expect(stored.statusCode).toBe(201);
    expect(stored.json()).toMatchObject({ id: passkey.id.toString('base64url'), name: 'iPhone', backed_up: true, last_used_at: null });

    const { rows } = await t.db.query<{ counter: string; transports: string[]; device_type: string; backed_up: boolean }>(
      'SELECT counter, transports, device_type, backed_up FROM passkey_credentials WHERE user_id = $1',
      [amina.id],
    );
    expect(rows.map((row) => ({ ...row, counter: Number(row.counter) }))).toEqual([
      { counter: 0, transports: ['internal', 'hybrid'], device_type: 'multiDevice', backed_up: true },
    ]);
    const listed = await inject('GET', '/auth/passkeys', amina.token);
    expect(listed.json().passkeys).toHaveLength(1);
    expect(listed.json().passkeys[0].name).toBe('iPhone');

    // The next registration excludes it: the same authenticator is not listed twice.
    const again = (
      await inject('POST', '/auth/passkeys/registration/options', amina.token, { current_password: GOOD_PASSWORD })
    ).json() as CreationOptions;
    expect(again.excludeCredentials).toEqual([{ id: passkey.id.toString('base64url'), transports: ['internal', 'hybrid'], type: 'public-key' }]);
  });

  it('takes each challenge once, only while it lives, only for its account, and only from this site', async () => {
    const amina = await createClient(t.app, t.db);
    const bruno = await createClient(t.app, t.db, 'Bruno');
    const start = async (person: Person) =>
      (await inject('POST', '/auth/passkeys/registration/options', person.token, { current_password: GOOD_PASSWORD })).json() as CreationOptions;

    const options = await start(amina);
    const { response } = createPasskey(options, { origin: ORIGIN });
    expect((await inject('POST', '/auth/passkeys/registration', amina.token, { name: 'Laptop', response })).statusCode).toBe(201);
    const replayed = await inject('POST', '/auth/passkeys/registration', amina.token, { name: 'Laptop', response });
    expect(replayed.statusCode).toBe(410);
    expect(replayed.json().message).toBe('This passkey request has expired or was already used. Try again.');

    // Another account's challenge.
    const brunos = createPasskey(await start(bruno), { origin: ORIGIN });
    expect((await inject('POST', '/auth/passkeys/registration', amina.token, { name: 'Stolen', response: brunos.response })).statusCode).toBe(410);
    // Spent by that wrong try: Bruno starts again.
    expect((await inject('POST', '/auth/passkeys/registration', bruno.token, { name: 'Mine', response: brunos.response })).statusCode).toBe(410);

    // Five minutes old.
    const late = createPasskey(await start(amina), { origin: ORIGIN });
    await t.db.query("UPDATE passkey_challenges SET expires_at = now() - interval '1 second' WHERE purpose = 'register'");
    expect((await inject('POST', '/auth/passkeys/registration', amina.token, { name: 'Late', response: late.response })).statusCode).toBe(410);

    // Made on another site (a phishing page relaying our challenge), or for another relying party.
    const phished = createPasskey(await start(amina), { origin: 'https://fundament-login.example' });
    const refused = await inject('POST', '/auth/passkeys/registration', amina.token, { name: 'Phished', response: phished.response });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('The passkey could not be checked. Try again.');
    const otherRp = createPasskey({ ...(await start(amina)), rp: { id: 'evil.example' } }, { origin: ORIGIN });
    expect((await inject('POST', '/auth/passkeys/registration', amina.token, { name: 'Evil', response: otherRp.response })).statusCode).toBe(422);
    // An assertion offered as a registration.
    const wrongType = createPasskey(await start(amina), { origin: ORIGIN, type: 'webauthn.get' });
    expect((await inject('POST', '/auth/passkeys/registration', amina.token, { name: 'Type', response: wrongType.response })).statusCode).toBe(422);

    expect((await inject('GET', '/auth/passkeys', amina.token)).json().passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop']);
  });

  it('refuses a name that is empty or too long, and a body that is not a passkey', async () => {
    const amina = await createClient(t.app, t.db);
    const options = (
      await inject('POST', '/auth/passkeys/registration/options', amina.token, { current_password: GOOD_PASSWORD })
    ).json() as CreationOptions;
    const { response } = createPasskey(options, { origin: ORIGIN });
    expect((await inject('POST', '/auth/passkeys/registration', amina.token, { name: ' ', response })).statusCode).toBe(422);
    expect((await inject('POST', '/auth/passkeys/registration', amina.token, { name: 'x'.repeat(61), response })).statusCode).toBe(422);
    expect((await inject('POST', '/auth/passkeys/registration', amina.token, { name: 'Key', response: { id: 'not base64!' } })).statusCode).toBe(422);
    expect((await inject('POST', '/auth/passkeys/registration', undefined, { name: 'Key', response })).statusCode).toBe(401);
  });
});

describe('signing in with a passkey alone', () => {
  it('opens a session without an address, password or code, once per challenge', async () => {
    const amina = await createClient(t.app, t.db);
    const passkey = await registered(amina);
    const options = await signInOptions();
    expect(options.rpId).toBe('fundament.example');
    expect(options.userVerification).toBe('required');
    // Usernameless: the browser is not told which accounts exist.
    expect(options.allowCredentials ?? []).toEqual([]);

    const response = signIn(passkey, options, { origin: ORIGIN });
    const answer = await inject('POST', '/auth/passkeys/sign-in', undefined, { response });
    expect(answer.statusCode).toBe(200);
    const me = await inject('GET', '/auth/me', answer.json().access_token);
    expect(me.json().email).toBe(amina.email);
    const { rows } = await t.db.query<{ counter: string; last_used_at: Date | null }>(
      'SELECT counter, last_used_at FROM passkey_credentials WHERE user_id = $1',
      [amina.id],
    );
    expect(Number(rows[0]!.counter)).toBe(1);
    expect(rows[0]!.last_used_at).not.toBeNull();

    const replayed = await inject('POST', '/auth/passkeys/sign-in', undefined, { response });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe('This passkey was not recognised. Try another one, or sign in with your password.');
  });

  it('refuses a passkey without user verification, a counter that goes back, a wrong key and another origin', async () => {
    const amina = await createClient(t.app, t.db);
    const passkey = await registered(amina);
    const refused = async (response: Record<string, unknown>) => (await inject('POST', '/auth/passkeys/sign-in', undefined, { response })).statusCode;

    // Possession alone (no PIN, no fingerprint) is one factor, not a sign-in.
    expect(await refused(signIn(passkey, await signInOptions(), { origin: ORIGIN, userVerified: false }))).toBe(401);
    expect(await refused(signIn(passkey, await signInOptions(), { origin: 'https://fundament-login.example' }))).toBe(401);
    expect(await refused(signIn(passkey, await signInOptions(), { origin: ORIGIN, counter: 5 }))).toBe(200);
    // A clone of the authenticator replaying an older count.
    expect(await refused(signIn(passkey, await signInOptions(), { origin: ORIGIN, counter: 3 }))).toBe(401);
    // A forged key under the same credential id.
    const forged = createPasskey({ challenge: 'x', rp: { id: 'fundament.example' }, user: { id: passkey.userHandle } }, { origin: ORIGIN }).passkey;
    forged.id = passkey.id;
    expect(await refused(signIn(forged, await signInOptions(), { origin: ORIGIN }))).toBe(401);
    // A challenge that was never handed out.
    expect(await refused(signIn(passkey, { challenge: Buffer.from('made-up-challenge').toString('base64url') }, { origin: ORIGIN }))).toBe(401);
  });

  it('gives a suspended account the same refusal as the password does', async () => {
    const amina = await createClient(t.app, t.db);
    const passkey = await registered(amina);
    await t.db.query("UPDATE users SET status = 'suspended' WHERE id = $1", [amina.id]);
    const answer = await inject('POST', '/auth/passkeys/sign-in', undefined, {
      response: signIn(passkey, await signInOptions(), { origin: ORIGIN }),
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('a passkey as the second factor', () => {
  const passwordStep = (email: string) => inject('POST', '/auth/login', undefined, { email, password: GOOD_PASSWORD });

  it('is asked for after the password and finishes the sign-in; a wrong one counts against the challenge', async () => {
    const amina = await createClient(t.app, t.db);
    const passkey = await registered(amina);
    const bruno = await createClient(t.app, t.db, 'Bruno');
    const brunosKey = await registered(bruno);

    const challenge = await passwordStep(amina.email);
    expect(challenge.statusCode).toBe(202);
    expect(challenge.json()).toMatchObject({ two_factor: 'code', methods: ['passkey'], message: 'Use your passkey to finish signing in.' });
    const token = challenge.json().challenge_token as string;

    const options = await inject('POST', '/auth/passkeys/second-factor/options', undefined, { challenge_token: token });
    expect(options.statusCode).toBe(200);
    const opts = options.json() as RequestOptions;
    // Only this account's passkeys, and possession is enough after the password.
    expect(opts.allowCredentials!.map((c) => c.id)).toEqual([passkey.id.toString('base64url')]);
    expect(opts.userVerification).toBe('preferred');

    // Bruno's passkey answering Amina's challenge.
    const wrong = await inject('POST', '/auth/passkeys/second-factor', undefined, {
      challenge_token: token,
      response: signIn(brunosKey, opts, { origin: ORIGIN }),
    });
    expect(wrong.statusCode).toBe(401);
    const { rows } = await t.db.query<{ failures: number }>('SELECT failures FROM two_factor_challenges WHERE user_id = $1', [amina.id]);
    expect(rows[0]!.failures).toBe(1);

    const again = (await inject('POST', '/auth/passkeys/second-factor/options', undefined, { challenge_token: token })).json() as RequestOptions;
    const done = await inject('POST', '/auth/passkeys/second-factor', undefined, {
      challenge_token: token,
      response: signIn(passkey, again, { origin: ORIGIN, userVerified: false }),
    });
    expect(done.statusCode).toBe(200);
    expect((await inject('GET', '/auth/me', done.json().access_token)).json().email).toBe(amina.email);
    // The password step is spent with it.
    expect((await inject('POST', '/auth/passkeys/second-factor/options', undefined, { challenge_token: token })).statusCode).toBe(401);
  });

  it('is bound to its own password step: a passkey challenge of another sign-in does not finish this one', async () => {
    const amina = await createClient(t.app, t.db);
    const passkey = await registered(amina);
    const first = (await passwordStep(amina.email)).json().challenge_token as string;
    const second = (await passwordStep(amina.email)).json().challenge_token as string;
    const optionsOfFirst = (
      await inject('POST', '/auth/passkeys/second-factor/options', undefined, { challenge_token: first })
    ).json() as RequestOptions;
    const crossed = await inject('POST', '/auth/passkeys/second-factor', undefined, {
      challenge_token: second,
      response: signIn(passkey, optionsOfFirst, { origin: ORIGIN }),
    });
    expect(crossed.statusCode).toBe(401);
    // A usernameless challenge is not a second-factor one either.
    const crossedPurpose = await inject('POST', '/auth/passkeys/second-factor', undefined, {
      challenge_token: second,
      response: signIn(passkey, await signInOptions(), { origin: ORIGIN }),
    });
    expect(crossedPurpose.statusCode).toBe(401);
  });

  it('stands beside the authenticator app: both are offered, either one finishes', async () => {
    const amina = await createClient(t.app, t.db);
    await registered(amina);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await giveUserSecondFactor(t.app, amina.id, secret);
    const challenge = (await passwordStep(amina.email)).json();
    expect(challenge.methods).toEqual(['code', 'passkey']);
    expect(challenge.message).toBe('Enter the code from your authenticator app to finish signing in.');
    const code = await inject('POST', '/auth/two-factor/sign-in', undefined, {
      challenge_token: challenge.challenge_token,
      code: await nextCode(secret),
    });
    expect(code.statusCode).toBe(200);
  });

  it('satisfies the second factor payouts need', async () => {
    const payee = await createSpecialist(t.app, t.db, { first_name: 'Paul' });
    const method = {
      kind: 'mobile_money',
      operator: 'mtn',
      phone: '+237 6 70 00 00 02',
      holder_name: 'Paul Mbarga',
      currency: 'XAF',
      password: GOOD_PASSWORD,
    };
    expect((await inject('POST', '/payout-methods', payee.token, method)).statusCode).toBe(403);
    await registered(payee, 'Phone');
    expect((await inject('POST', '/payout-methods', payee.token, method)).statusCode).toBe(201);
  });
});

describe('removing a passkey', () => {
  it('needs the password (or a code of the app), answers 404 for another account’s, and the passkey no longer signs in', async () => {
    const amina = await createClient(t.app, t.db);
    const bruno = await createClient(t.app, t.db, 'Bruno');
    const passkey = await registered(amina);
    const id = encodeURIComponent(passkey.id.toString('base64url'));

    expect((await inject('DELETE', `/auth/passkeys/${id}`, amina.token, {})).statusCode).toBe(422);
    expect((await inject('DELETE', `/auth/passkeys/${id}`, amina.token, { current_password: 'not-it-at-all-9' })).statusCode).toBe(422);
    expect((await inject('DELETE', `/auth/passkeys/${id}`, bruno.token, { current_password: GOOD_PASSWORD })).statusCode).toBe(404);

    // With an authenticator app, its code is proof enough.
    const secret = 'KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF';
    await giveUserSecondFactor(t.app, amina.id, secret);
    const removed = await inject('DELETE', `/auth/passkeys/${id}`, amina.token, { two_factor_code: await nextCode(secret) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('The passkey was removed.');
    expect((await inject('GET', '/auth/passkeys', amina.token)).json().passkeys).toEqual([]);
    const after = await inject('POST', '/auth/passkeys/sign-in', undefined, { response: signIn(passkey, await signInOptions(), { origin: ORIGIN }) });
    expect(after.statusCode).toBe(401);
    expect((await inject('DELETE', `/auth/passkeys/${id}`, amina.token, { current_password: GOOD_PASSWORD })).statusCode).toBe(404);
  });
});
