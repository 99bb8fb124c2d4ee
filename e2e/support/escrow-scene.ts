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

/** Pays the contract's first milestone with the sandbox card that succeeds; returns the milestone's id. */
export async function fundFirstMilestone(request: APIRequestContext, scene: { clientToken: string; contractId: string }) {
  const view = await request.get(`/api/v1/contracts/${scene.contractId}`, { headers: bearer(scene.clientToken) });
  const milestoneId = ((await view.json()) as { milestones: { id: string }[] }).milestones[0]!.id;
  const funded = await request.post(`/api/v1/contracts/${scene.contractId}/milestones/${milestoneId}/fund`, {
    headers: { ...bearer(scene.clientToken), 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(16).slice(2)}` },
    data: { card: { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Nadia Owono' } },
  });
  expect(funded.status()).toBe(200);
  return milestoneId;
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
