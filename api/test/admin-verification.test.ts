import { createTestApp, type TestApp } from './test-app';
import { bearer, createVerifiedUser, latestMail, linkToken, login, RELAXED_LIMITS } from './accounts-helpers';
import { adminCall, adminToken, insertUser, multipartFile, PNG_BYTES } from './admin-helpers';

let t: TestApp;
let call: ReturnType<typeof adminCall>;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: RELAXED_LIMITS });
  call = adminCall(t.app, await adminToken(t.app, t.db));
});
afterAll(async () => t.close());

const KINDS = ['identity_register', 'location_visit', 'customer_interviews', 'financial_check'] as const;
const passed = { outcome: 'passed', checked_on: '2026-11-20', notes: 'Matches the register.' };

async function newContractor(): Promise<string> {
  return insertUser(t.db, {
    email: `builder.${Math.random().toString(36).slice(2)}@example.com`,
    first_name: 'Paul',
    last_name: 'Mbappe',
    account_type: 'specialist',
    specialist_kind: 'contractor',
  });
}

async function auditActions(userId: string): Promise<string[]> {
  const { rows } = await t.db.query<{ action: string }>('SELECT action FROM admin_audit WHERE target_id = $1 ORDER BY id', [userId]);
  return rows.map((row) => row.action);
}

describe('verification', () => {
  it('refuses to verify until every check has passed, naming what is missing', async () => {
    const id = await newContractor();
    const refused = await call('PUT', `/admin/users/${id}/verify`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Verification needs: identity check against the national register, location visit, previous-customer interviews, financial check.',
      missing: [...KINDS],
    });

    await call('PUT', `/admin/users/${id}/checks/identity_register`, passed);
    await call('PUT', `/admin/users/${id}/checks/customer_interviews`, passed);
    await call('PUT', `/admin/users/${id}/checks/location_visit`, { ...passed, outcome: 'failed' });
    const stillRefused = await call('PUT', `/admin/users/${id}/verify`, undefined, { 'accept-language': 'fr' });
    expect(stillRefused.statusCode).toBe(409);
    expect(stillRefused.json().missing).toEqual(['location_visit', 'financial_check']);
    expect(stillRefused.json().message).toBe('La vérification exige encore : visite sur place, contrôle financier.');

    await call('PUT', `/admin/users/${id}/checks/location_visit`, passed);
    await call('PUT', `/admin/users/${id}/checks/financial_check`, passed);
    const verified = await call('PUT', `/admin/users/${id}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      verified: true,
      verification_state: 'verified',
      verified_by: { name: 'Alice Auditor' },
      verification: { missing: [] },
    });
    expect((await call('GET', '/admin/users?verification=verified')).json().data.map((u: { id: string }) => u.id)).toContain(id);
  });

  it('records each check with its outcome, date, notes and the admin, before and after in the audit', async () => {
    const id = await newContractor();
    const response = await call('PUT', `/admin/users/${id}/checks/financial_check`, {
      outcome: 'failed',
      checked_on: '2026-11-19',
      notes: 'Unpaid suppliers.',
    });
    expect(response.statusCode).toBe(200);
    const check = response.json().verification.checks.find((c: { kind: string }) => c.kind === 'financial_check');
    expect(check).toMatchObject({
      outcome: 'failed',
      checked_on: '2026-11-19',
      notes: 'Unpaid suppliers.',
      recorded_by: { name: 'Alice Auditor' },
    });
    const [entry] = response.json().audit;
    expect(entry).toMatchObject({
      action: 'check.recorded',
      admin: { name: 'Alice Auditor' },
      target_id: id,
      before: { kind: 'financial_check', outcome: 'pending' },
      after: { kind: 'financial_check', outcome: 'failed', checked_on: '2026-11-19', notes: 'Unpaid suppliers.' },
    });
  });

  it('validates a check and knows only the four kinds', async () => {
    const id = await newContractor();
    const invalid = await call('PUT', `/admin/users/${id}/checks/location_visit`, { outcome: 'great', checked_on: '2026-02-30' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['checked_on', 'outcome']);
    expect((await call('PUT', `/admin/users/${id}/checks/horoscope`, passed)).statusCode).toBe(404);
    expect((await call('PUT', '/admin/users/00000000-0000-4000-8000-000000000000/checks/location_visit', passed)).statusCode).toBe(404);
    expect(await auditActions(id)).toEqual([]);
  });

  it('does not verify clients', async () => {
    const id = await insertUser(t.db, { email: 'client.v@example.com' });
    expect((await call('PUT', `/admin/users/${id}/verify`)).statusCode).toBe(409);
    expect((await call('PUT', `/admin/users/${id}/checks/location_visit`, passed)).statusCode).toBe(409);
  });

  it('revokes a verification with a reason, and records it', async () => {
    const id = await newContractor();
    for (const kind of KINDS) await call('PUT', `/admin/users/${id}/checks/${kind}`, passed);
    expect((await call('PUT', `/admin/users/${id}/verify`)).statusCode).toBe(200);
    expect((await call('DELETE', `/admin/users/${id}/verify`, { reason: '' })).statusCode).toBe(422);
    const revoked = await call('DELETE', `/admin/users/${id}/verify`, { reason: 'Licence withdrawn.' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ verified: false, verification_state: 'pending' });
    expect(revoked.json().audit[0]).toMatchObject({
      action: 'user.verification_revoked',
      before: { verified: true },
      after: { verified: false, reason: 'Licence withdrawn.' },
    });
    expect((await call('DELETE', `/admin/users/${id}/verify`, { reason: 'Again.' })).statusCode).toBe(409);
  });

  it('takes the verification away when a check no longer passes', async () => {
    const id = await newContractor();
    for (const kind of KINDS) await call('PUT', `/admin/users/${id}/checks/${kind}`, passed);
    expect((await call('PUT', `/admin/users/${id}/verify`)).json().verified).toBe(true);
    const changed = await call('PUT', `/admin/users/${id}/checks/financial_check`, { ...passed, outcome: 'failed', notes: 'New unpaid debts.' });
    expect(changed.json()).toMatchObject({ verified: false, verification_state: 'unverified', verification: { missing: ['financial_check'] } });
    expect(
      changed
        .json()
        .audit.map((entry: { action: string }) => entry.action)
        .slice(0, 2),
    ).toEqual(['user.verification_revoked', 'check.recorded']);
  });
});

describe('evidence', () => {
  it('stores a sniffed file and lets only admins download it as an attachment', async () => {
    const id = await newContractor();
    const upload = multipartFile('file', 'register-extract.png', 'image/png', PNG_BYTES);
    const response = await call('POST', `/admin/users/${id}/checks/identity_register/evidence`, upload.payload, upload.headers);
    expect(response.statusCode).toBe(201);
    const [item] = response.json().verification.checks[0].evidence;
    expect(item).toMatchObject({ file_name: 'register-extract.png', content_type: 'image/png', size_bytes: PNG_BYTES.length });

    const url = `/admin/users/${id}/checks/identity_register/evidence/${item.id}`;
    const download = await call('GET', url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="register-extract.png"/);
    expect(download.rawPayload.equals(PNG_BYTES)).toBe(true);

    const clientToken = await login(t.app, await createVerifiedUser(t.app));
    expect((await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(clientToken) })).statusCode).toBe(401);
    expect(await auditActions(id)).toEqual(['evidence.uploaded', 'evidence.downloaded']);
  });

  it('refuses a file that is not a PDF or an image, whatever its name says', async () => {
    const id = await newContractor();
    const upload = multipartFile('file', 'statement.pdf', 'application/pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    const response = await call('POST', `/admin/users/${id}/checks/financial_check/evidence`, upload.payload, upload.headers);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual(['The file must be a PDF, PNG, JPEG or GIF.']);
    const pdf = multipartFile('file', 'statement', 'application/octet-stream', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const accepted = await call('POST', `/admin/users/${id}/checks/financial_check/evidence`, pdf.payload, pdf.headers);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().verification.checks[3].evidence[0]).toMatchObject({ file_name: 'statement.pdf', content_type: 'application/pdf' });
  });
});

describe('suspension', () => {
  it('ends every session of the account and blocks sign-in until reactivated', async () => {
    const email = await createVerifiedUser(t.app, { account_type: 'specialist', specialist_kind: 'contractor' });
    const first = await login(t.app, email);
    const second = await login(t.app, email);
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect((await me(first)).statusCode).toBe(200);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const id = rows[0]!.id;

    const suspended = await call('POST', `/admin/users/${id}/suspend`, { reason: 'Fake documents.' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ status: 'suspended', suspension_reason: 'Fake documents.' });
    expect((await t.db.query('SELECT count(*)::int AS n FROM user_sessions WHERE user_id = $1', [id])).rows[0]).toEqual({ n: 0 });
    expect((await me(first)).statusCode).toBe(401);
    const refusedLogin = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'Sturdy-walls-42' } });
    expect(refusedLogin.statusCode).toBe(403);

    const reactivated = await call('POST', `/admin/users/${id}/reactivate`);
    expect(reactivated.json()).toMatchObject({ status: 'active', suspension_reason: null });
    // The sessions ended for good: reactivation does not bring old tokens back.
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(await login(t.app, email))).statusCode).toBe(200);
    expect(await auditActions(id)).toEqual(['user.suspended', 'user.reactivated']);
  });

  it('needs a reason to suspend', async () => {
    const id = await newContractor();
    const response = await call('POST', `/admin/users/${id}/suspend`, {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.reason).toEqual(['This field is mandatory.']);
  });
});

describe('experts', () => {
  const expert = {
    first_name: 'Inès',
    last_name: 'Kamga',
    email: 'Ines.Kamga@Example.com',
    country: 'Cameroon',
    city: 'Douala',
    phone_number: '+237 6 70 77 88 99',
  };

  it('creates an expert who sets a password from the e-mailed link, listed with a workload', async () => {
    const created = await call('POST', '/admin/experts', expert);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'ines.kamga@example.com', role: 'expert', email_verified: true });
    const token = linkToken(await latestMail(t.app, 'ines.kamga@example.com'), 'reset-password');
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: 'Expert-pass-2026', password_confirmation: 'Expert-pass-2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await login(t.app, 'ines.kamga@example.com', 'Expert-pass-2026')).toEqual(expect.any(String));

    const list = (await call('GET', '/admin/experts')).json().data;
    expect(list).toEqual([expect.objectContaining({ email: 'ines.kamga@example.com', workload: 0 })]);
    expect(await auditActions(created.json().id)).toEqual(['expert.created']);
  });

  it('refuses a taken address and missing fields', async () => {
    const taken = await call('POST', '/admin/experts', expert);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['This email is already registered.']);
    const empty = await call('POST', '/admin/experts', {});
    expect(Object.keys(empty.json().errors).sort()).toEqual(['city', 'country', 'email', 'first_name', 'last_name', 'phone_number']);
  });
});

describe('GET /admin/audit', () => {
  it('lists every action newest first with who, what, when and before/after, and filters them', async () => {
    const id = await newContractor();
    await call('PUT', `/admin/users/${id}/checks/location_visit`, passed);
    await call('POST', `/admin/users/${id}/suspend`, { reason: 'Checking.' });
    const other = adminCall(
      t.app,
      await adminToken(t.app, t.db, { email: 'second@example.com', password: 'Admin-pass-2026', firstName: 'Sam', lastName: 'Second' }),
    );
    await other('POST', `/admin/users/${id}/reactivate`);

    const all = (await call('GET', `/admin/audit?target=${id}`)).json();
    expect(all.meta.total).toBe(3);
    expect(all.data.map((e: { action: string }) => e.action)).toEqual(['user.reactivated', 'user.suspended', 'check.recorded']);
    expect(all.data[0]).toMatchObject({
      admin: { name: 'Sam Second' },
      target_type: 'user',
      target_label: expect.stringContaining('Paul Mbappe'),
      before: { status: 'suspended' },
      after: { status: 'active' },
      created_at: expect.any(String),
    });

    const byAction = (await call('GET', `/admin/audit?target=${id}&action=user.suspended`)).json();
    expect(byAction.data.map((e: { action: string }) => e.action)).toEqual(['user.suspended']);
    const byAdmin = (await call('GET', `/admin/audit?admin=${all.data[0].admin.id}`)).json();
    expect(byAdmin.data.map((e: { action: string }) => e.action)).toEqual(['user.reactivated']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call('GET', `/admin/audit?target=${id}&from=${today}&to=${today}`)).json().meta.total).toBe(3);
    expect((await call('GET', `/admin/audit?target=${id}&to=2020-01-01`)).json().meta.total).toBe(0);
    const paged = (await call('GET', `/admin/audit?target=${id}&page=2&page_size=2`)).json();
    expect(paged.data.map((e: { action: string }) => e.action)).toEqual(['check.recorded']);
  });
});
