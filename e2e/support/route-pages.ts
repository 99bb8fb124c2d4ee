import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ROUTES, pathFor, type RouteEntry } from '../../shared/src/routing/route-table';
import { bearer, contractScene, fundFirstMilestone } from './escrow-scene';
import { expectHydrated } from './hydration';
import { DEMO, adminSignIn, apiToken, signIn } from './people';

// Walking every page of the route table as each role: the pages with their
// real parameters, opening them the way the app's links do, and waiting for
// them to settle. The accessibility scan and the layout check share it.

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Role = 'guest' | 'client' | 'contractor' | 'expert' | 'admin';
export type Params = Record<string, Record<string, string>>;
export interface RoutePage {
  route: RouteEntry;
  path: string;
}

/** The pages of the table behind one kind of auth, with their parameters filled in; forwarding entries are left to their targets. */
export function pagesFor(auth: RouteEntry['auth'], params: Params): RoutePage[] {
  return ROUTES.filter((route) => route.auth === auth && !route.redirectTo).map((route) => ({
    route,
    path: pathFor(route.name, params[route.name] ?? {}),
  }));
}

/** The pages a role walks through: the public ones signed out, the client area for its three roles, the admin area for the admin. */
export function pagesOfRole(role: Role, params: Params): RoutePage[] {
  return pagesFor(role === 'guest' ? false : role === 'admin' ? 'admin' : 'client', params);
}

/**
 * Waits for the page to settle: its main heading shown, the page React's (a
 * prerendered page is adopted in slices after its HTML shows), and nothing
 * still loading.
 */
export async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expectHydrated(page.locator('main').first());
  await expect(page.locator('.ui-spinner, .client-skeleton, [aria-busy="true"]')).toHaveCount(0);
}

export async function switchLanguage(page: Page, code: string) {
  const select = page.getByRole('combobox', { name: /^(Language|Langue)$/ });
  if ((await select.inputValue()) !== code) await select.selectOption(code);
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

/**
 * Opens a page the way the app's own links do, without reloading the shell
 * and its remotes: the router follows history changes. The previous page
 * stays on screen until the guard has answered, so this waits for its
 * heading to go (each page of the table is mounted afresh).
 */
export async function openInApp(page: Page, path: string) {
  const previous = await page.locator('main h1').first().elementHandle();
  await page.evaluate((target) => {
    window.history.pushState({ idx: (window.history.state?.idx ?? 0) + 1, key: target, usr: null }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  if (previous) {
    await page.waitForFunction((heading) => !heading.isConnected, previous);
    await previous.dispose();
  }
}

/** A browser context of its own, signed in as one of the demo accounts (or signed out for the guest). */
export async function rolePage(browser: Browser, role: Role, options: { viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (role === 'admin') await adminSignIn(page);
  else if (role !== 'guest') await signIn(page, DEMO[role].email, DEMO[role].password);
  return { page, close: () => context.close() };
}

/** Real ids for the pages with parameters: the demo contract, its project, a specialist, a user and a dispute. */
export async function realParams(request: APIRequestContext): Promise<Params> {
  const clientToken = await apiToken(request, DEMO.client.email, DEMO.client.password);
  const contractorToken = await apiToken(request, DEMO.contractor.email, DEMO.contractor.password);
  const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password, true);
  const get = async <T>(url: string, token: string) => {
    const response = await request.get(url, { headers: bearer(token) });
    expect(response.status(), url).toBe(200);
    return (await response.json()) as T;
  };

  const contracts = await get<{ data: { id: string; project: { id: string; title: string } }[] }>('/api/v1/contracts', clientToken);
  const demo = contracts.data.find((contract) => contract.project.title === 'Bathroom refit in Akwa');
  expect(demo, 'the demo contract').toBeDefined();
  const specialists = await get<{ data: { id: string }[] }>('/api/v1/specialists', clientToken);
  expect(specialists.data.length).toBeGreaterThan(0);
  const users = await get<{ data: { id: string; email: string }[] }>(
    `/api/v1/admin/users?q=${encodeURIComponent(DEMO.contractor.email)}`,
    adminToken,
  );
  const contractor = users.data.find((user) => user.email === DEMO.contractor.email);
  expect(contractor, 'the demo contractor in the admin list').toBeDefined();

  let disputes = await get<{ data: { id: string }[] }>('/api/v1/admin/disputes', adminToken);
  if (disputes.data.length === 0) {
    const scene = await contractScene(request, contractorToken, [{ title: 'Garden wall', amount: 500_000 }], `Garden wall ${Date.now()}`);
    const milestoneId = await fundFirstMilestone(request, scene);
    const opened = await request.post(`/api/v1/contracts/${scene.contractId}/milestones/${milestoneId}/disputes`, {
      headers: bearer(scene.clientToken),
      multipart: { reason: 'The wall was left half built for a month.' },
    });
    expect(opened.status()).toBe(201);
    disputes = await get<{ data: { id: string }[] }>('/api/v1/admin/disputes', adminToken);
  }

  // The demo contract's conversation: the client, the contractor and the contract's expert all read it.
  const conversations = await get<{ data: { id: string; contract_id: string | null }[] }>('/api/v1/conversations', clientToken);
  const conversation = conversations.data.find((item) => item.contract_id === demo!.id);
  expect(conversation, "the demo contract's conversation").toBeDefined();

  // The public directory's first professional, for their profile page.
  const professionals = await request.get('/api/v1/professionals');
  expect(professionals.status()).toBe(200);
  const listed = ((await professionals.json()) as { data: { id: string }[] }).data;
  expect(listed.length, 'a verified professional in the public directory').toBeGreaterThan(0);

  return {
    Professional: { id: listed[0]!.id },
    'main.project': { id: demo!.project.id },
    'main.conversation': { id: conversation!.id },
    'admin.conversation': { id: conversation!.id },
    'main.specialist': { id: specialists.data[0]!.id },
    'main.contract': { id: demo!.id },
    'admin.user': { id: contractor!.id },
    'admin.contract': { id: demo!.id },
    'admin.dispute': { id: disputes.data[0]!.id },
  };
}
