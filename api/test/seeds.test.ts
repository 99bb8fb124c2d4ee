import { createTestApp, type TestApp } from './test-app';
import { runSeeds, SEEDERS } from '../src/seed/run-seeds';
import { login, bearer } from './accounts-helpers';
import { checkLedger } from '../src/escrow/ledger-check';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await runSeeds(t.db, t.app.log, SEEDERS);
  // Demo data is loaded at every start: a second run must change nothing.
  await runSeeds(t.db, t.app.log, SEEDERS);
});
afterAll(async () => t.close());

describe('demo data', () => {
  it('lets the demo client sign in and find their projects, once each', async () => {
    const token = await login(t.app, 'client@demo.fundament.example', 'Client-demo-2026');
    const projects = (await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: bearer(token) })).json();
    expect(projects.meta.total).toBe(4);
  });

  it('gives the demo contract a conversation, the contractor’s latest message unread by the client', async () => {
    const token = await login(t.app, 'client@demo.fundament.example', 'Client-demo-2026');
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/conversations', headers: bearer(token) })).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ project: { title: 'Bathroom refit in Akwa' }, unread: 1 });
    expect(list.data[0].contract_id).not.toBeNull();
    const thread = (await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${list.data[0].id}`, headers: bearer(token) })).json();
    expect(thread.messages).toHaveLength(5);
    expect(thread.messages.filter((m: { pinned: boolean }) => m.pinned)).toHaveLength(1);
    expect(thread.participants.map((p: { role: string }) => p.role)).toEqual(['client', 'specialist', 'expert']);
  });

  it('gives the demo contractor verified requests in its trades and area', async () => {
    const token = await login(t.app, 'contractor@demo.fundament.example', 'Contractor-demo-2026');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).json().verified).toBe(true);
    const requests = (await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: bearer(token) })).json();
    expect(requests.data.map((p: { title: string }) => p.title).sort()).toEqual([
      'Bathroom refit in Akwa',
      'Kitchen renovation in Bonapriso',
      'Solar backup for the family home',
      'Three-bedroom house in Yaoundé',
    ]);
  });

  it('gives the demo accounts a contract under way, built through the ledger', async () => {
    const token = await login(t.app, 'client@demo.fundament.example', 'Client-demo-2026');
    const contracts = (await t.app.inject({ method: 'GET', url: '/api/v1/contracts', headers: bearer(token) })).json().data;
    expect(contracts).toHaveLength(1);
    expect(contracts[0].milestones.map((m: { status: string }) => m.status)).toEqual(['released', 'funded', 'draft']);
    expect(contracts[0].account).toMatchObject({ released: 900_000, held: 1_400_000 + 21_000 + 28_000 });
    const expert = await login(t.app, 'expert@demo.fundament.example', 'Expert-demo-2026');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/contracts', headers: bearer(expert) })).json().data).toHaveLength(1);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('shows the demo contract’s project in progress: a milestone is paid out', async () => {
    const token = await login(t.app, 'client@demo.fundament.example', 'Client-demo-2026');
    const inProgress = (await t.app.inject({ method: 'GET', url: '/api/v1/projects?status=in_progress', headers: bearer(token) })).json();
    expect(inProgress.data.map((p: { title: string }) => p.title)).toEqual(['Bathroom refit in Akwa']);
  });

  it('keeps the pending builder without requests until an admin verifies them', async () => {
    const token = await login(t.app, 'pending.builder@demo.fundament.example', 'Specialist-demo-2026');
    const requests = (await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: bearer(token) })).json();
    expect(requests.data).toEqual([]);
  });
});
