import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PASSWORD, apiToken, verifiedAccount } from './people';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A new client's project, the contractor's quote with the given milestones, and its selection: the contract.
 * Specs that leave the contract where others look (an open dispute in the admin queue) give it their own title.
 */
export async function contractScene(
  request: APIRequestContext,
  contractorToken: string,
  milestones: { title: string; amount: number }[],
  title = `Terrace and pergola ${Date.now()}`,
) {
  const clientEmail = await verifiedAccount(request, 'client', { account_type: 'client' });
  const clientToken = await apiToken(request, clientEmail, E2E_PASSWORD);
  const project = await request.post('/api/v1/projects', {
    headers: bearer(clientToken),
    data: {
      title,
      description: 'A tiled terrace of 30 m² with a wooden pergola and outdoor lighting behind the house.',
      category: 'masonry',
      country: 'CM',
      city: 'Douala',
      currency: 'XAF',
    },
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { id: string }).id;
  const amount = milestones.reduce((sum, milestone) => sum + milestone.amount, 0);
  const quote = await request.post(`/api/v1/projects/${projectId}/quotes`, {
    headers: bearer(contractorToken),
    data: { amount, currency: 'XAF', duration_days: 20, message: 'Our team starts next week.', milestones },
  });
  expect(quote.status()).toBe(201);
  const quoteId = ((await quote.json()) as { id: string }).id;
  const selected = await request.post(`/api/v1/projects/${projectId}/quotes/${quoteId}/select`, { headers: bearer(clientToken), data: {} });
  const { contract_id: contractId } = (await selected.json()) as { contract_id: string };
  return { clientEmail, clientToken, contractId };
}

/**
 * Pays a milestone of the contract (the first by default) as a client would: the fund call opens
 * the sandbox's hosted page, the test card that succeeds is chosen there, and the payment is
 * confirmed by the provider; returns the milestone's id. No card data goes to /api/v1. Every spec
 * that funds through the API comes here, so a change of how funding works is made once.
 */
export async function fundMilestone(request: APIRequestContext, scene: { clientToken: string; contractId: string }, milestoneId?: string) {
  const view = await request.get(`/api/v1/contracts/${scene.contractId}`, { headers: bearer(scene.clientToken) });
  const id = milestoneId ?? ((await view.json()) as { milestones: { id: string }[] }).milestones[0]!.id;
  const started = await request.post(`/api/v1/contracts/${scene.contractId}/milestones/${id}/fund`, {
    headers: { ...bearer(scene.clientToken), 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(16).slice(2)}` },
    data: { method: 'card' },
  });
  expect(started.status()).toBe(202);
  const page = ((await started.json()) as { payment: { redirect_url: string } }).payment.redirect_url;
  const paid = await request.post(page, { form: { choice: 'pay', card: '4242424242424242' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(async () => {
      const state = await request.get(`/api/v1/contracts/${scene.contractId}/milestones/${id}/payment`, {
        headers: bearer(scene.clientToken),
      });
      return ((await state.json()) as { state: string }).state;
    })
    .toBe('funded');
  return id;
}

/** Pays the contract's first milestone through the sandbox's hosted page; returns the milestone's id. */
export function fundFirstMilestone(request: APIRequestContext, scene: { clientToken: string; contractId: string }) {
  return fundMilestone(request, scene);
}

/**
 * Records every request the page sends to /api/v1 whose URL or body carries a card number (13 to
 * 19 digits, spaces or dashes allowed): the test fails if any does.
 */
export function watchCardData(page: Page): string[] {
  const leaks: string[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/v1')) return;
    const text = `${request.url()} ${request.postData() ?? ''}`;
    if (/(?:\d[ -]?){13,19}/.test(text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '')) || /cvc|expiry/i.test(text)) {
      leaks.push(`${request.method()} ${request.url()}`);
    }
  });
  return leaks;
}

/** On the sandbox's hosted page: picks a test card and pays; back on the contract afterwards. */
export async function payOnHostedPage(page: Page, number: string) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.locator(`input[name="card"][value="${number.replace(/\s/g, '')}"]`).check();
  await page.getByRole('button', { name: /^(Pay|Payer)$/ }).click();
  await expect(page).toHaveURL(/\/main\/escrow\/[^/]+\?payment=/);
}

/** A figure of the escrow account panel, digits only (amounts are in XAF, which has no decimals). */
async function figure(page: Page, label: string): Promise<number> {
  const row = page.locator('.escrow-figures > div').filter({ has: page.getByText(label, { exact: true }) });
  const text = (await row.locator('dd').first().textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

export async function expectFigures(page: Page, expected: Record<string, number>) {
  for (const [label, value] of Object.entries(expected)) {
    await expect.poll(() => figure(page, label), { message: label }).toBe(value);
  }
}
