import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { bearer, fundFirstMilestone } from '../support/escrow-scene';
import { DEMO, E2E_PASSWORD, adminSignIn, apiToken, signIn, verifiedAccount, verifiedContractor } from '../support/people';

// A client and a contractor settle the details of a job on the platform: a
// question on the request, an answer with a photo, unread counts that clear
// once read, the same thread continuing on the contract once the quote is
// selected, and the admin reading it beside a dispute's evidence. The scene
// (accounts, project, quote, selection, funding, dispute) is set through the
// API; every message is written and read on screen.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const QUESTION = 'Can the wall be finished before the rains start in June?';
const ANSWER = 'Yes: we start on Monday. Here is the site after clearing.';
const AGREEMENT = 'Agreed: the wall is finished by 30 May, drainage included in the price.';

// The spec's own contractor (verifiedContractor): the demo contractor has the demo conversation's
// unread messages, and this spec counts unread messages from zero.

async function openAs(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, email, E2E_PASSWORD);
  return { page, errors, close: () => context.close() };
}

/** Writes in the open thread (Enter sends) and waits for the message to show. */
async function write(page: Page, text: string, photo?: { name: string; mimeType: string; buffer: Buffer }) {
  if (photo) await page.getByLabel('Files to attach').setInputFiles(photo);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
}

const unreadLink = (page: Page, count: number) => page.getByRole('link', { name: `Messages, ${count} unread`, exact: true });
const readLink = (page: Page) => page.getByRole('link', { name: 'Messages', exact: true });

/** A client's open request for masonry in Douala, as the demo contractor receives them; answers its id. */
async function postRequest(request: APIRequestContext, clientToken: string, title: string, description: string): Promise<string> {
  const project = await request.post('/api/v1/projects', {
    headers: bearer(clientToken),
    data: { title, description, category: 'masonry', country: 'CM', city: 'Douala', currency: 'XAF' },
  });
  expect(project.status()).toBe(201);
  return ((await project.json()) as { id: string }).id;
}

test.describe('conversations', () => {
  test('a question on a request, a photo in reply, the thread on the contract, and the admin reading it in the dispute', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const errors = collectPageErrors(page);
    const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password, true);
    const contractor = await verifiedContractor(request, adminToken);
    const clientEmail = await verifiedAccount(request, 'client', { account_type: 'client' });
    const clientToken = await apiToken(request, clientEmail, E2E_PASSWORD);
    const title = `Garden wall ${Date.now()}`;
    const projectId = await postRequest(
      request,
      clientToken,
      title,
      'A rendered block wall of 25 m along the garden, with a drainage channel at its foot.',
    );
    const quote = await request.post(`/api/v1/projects/${projectId}/quotes`, {
      headers: bearer(contractor.token),
      data: {
        amount: 900_000,
        currency: 'XAF',
        duration_days: 30,
        message: 'Blocks, render and drainage.',
        milestones: [{ title: 'Wall and drainage', amount: 900_000 }],
      },
    });
    expect(quote.status()).toBe(201);
    const quoteId = ((await quote.json()) as { id: string }).id;

    // The client asks the contractor who quoted a question, from the request's page.
    await signIn(page, clientEmail, E2E_PASSWORD);
    await expect(readLink(page)).toBeVisible();
    await page.goto(`/main/projects/${projectId}`);
    await page.getByRole('button', { name: /^Message / }).click();
    await expect(page).toHaveURL(/\/main\/messages\/[\w-]+$/);
    const threadPath = new URL(page.url()).pathname;
    await write(page, QUESTION);
    // The client waits elsewhere: a thread open on screen is read as soon as a message comes.
    await page.goto('/main/dashboard');

    // The contractor sees one unread message in the navigation, reads it, and answers with a photo.
    const specialist = await openAs(browser, contractor.email);
    await unreadLink(specialist.page, 1).click();
    await expect(specialist.page).toHaveURL(/\/main\/messages$/);
    await specialist.page.getByRole('link', { name: new RegExp(title) }).click();
    await expect(specialist.page).toHaveURL(new RegExp(`${threadPath}$`));
    await expect(specialist.page.getByRole('article').filter({ hasText: QUESTION })).toBeVisible();
    await expect(readLink(specialist.page)).toBeVisible();
    await write(specialist.page, ANSWER, { name: 'site.png', mimeType: 'image/png', buffer: PNG });
    await expect(specialist.page.getByRole('article').filter({ hasText: ANSWER }).getByRole('img', { name: 'site.png' })).toBeVisible();

    // The client's count shows the answer, and clears once the thread is read, photo included.
    await expect(unreadLink(page, 1)).toBeVisible({ timeout: 30_000 });
    await unreadLink(page, 1).click();
    await page.getByRole('link', { name: new RegExp(title) }).click();
    const answer = page.getByRole('article').filter({ hasText: ANSWER });
    await expect(answer.getByRole('img', { name: 'site.png' })).toBeVisible();
    await expect(readLink(page)).toBeVisible();

    // The client selects the quote: the same thread continues on the contract.
    const selected = await request.post(`/api/v1/projects/${projectId}/quotes/${quoteId}/select`, { headers: bearer(clientToken), data: {} });
    expect(selected.status()).toBe(200);
    const { contract_id: contractId } = (await selected.json()) as { contract_id: string };
    await page.goto(`/main/escrow/${contractId}`);
    await page.getByRole('link', { name: /Messages about this contract/ }).click();
    await expect(page).toHaveURL(new RegExp(`${threadPath}$`));
    await expect(page.getByRole('article').filter({ hasText: QUESTION })).toBeVisible();
    await write(page, AGREEMENT);
    // On a contract, a party can pin what was agreed as evidence.
    const agreement = page.getByRole('article').filter({ hasText: AGREEMENT });
    await agreement.getByRole('button', { name: 'Pin as evidence' }).click();
    await expect(agreement.getByText('Pinned as evidence')).toBeVisible();

    // The contractor reads the agreement on the contract's thread too.
    await specialist.page.goto(`/main/escrow/${contractId}`);
    await specialist.page.getByRole('link', { name: /Messages about this contract/ }).click();
    await expect(specialist.page).toHaveURL(new RegExp(`${threadPath}$`));
    await expect(specialist.page.getByRole('article').filter({ hasText: AGREEMENT })).toBeVisible();

    // The first milestone is funded and the client opens a dispute on it.
    await fundFirstMilestone(request, { clientToken, contractId });
    const contract = (await (await request.get(`/api/v1/contracts/${contractId}`, { headers: bearer(clientToken) })).json()) as {
      milestones: { id: string }[];
    };
    const dispute = await request.post(`/api/v1/contracts/${contractId}/milestones/${contract.milestones[0]!.id}/disputes`, {
      headers: bearer(clientToken),
      multipart: { reason: 'The wall is not finished and the rains have started.' },
    });
    expect(dispute.status()).toBe(201);

    // The admin mediating the dispute reads the conversation beside the evidence.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminErrors = collectPageErrors(admin);
    await adminSignIn(admin);
    await admin.getByRole('link', { name: 'Disputes', exact: true }).click();
    await admin.getByRole('link', { name: title }).first().click();
    await expect(admin.getByText('The wall is not finished and the rains have started.')).toBeVisible();
    const conversation = admin.getByRole('region', { name: 'Conversation between the parties' });
    const messages = conversation.getByRole('article');
    await expect(messages).toHaveCount(3);
    await expect(messages.nth(0)).toContainText(QUESTION);
    await expect(messages.nth(1)).toContainText(ANSWER);
    await expect(messages.nth(1).getByRole('button', { name: 'Download site.png' })).toBeVisible();
    await expect(messages.nth(2)).toContainText(AGREEMENT);
    await expect(messages.nth(2)).toContainText('Pinned as evidence');
    await conversation.getByRole('button', { name: 'Pinned as evidence (1)' }).click();
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText(AGREEMENT);
    await expect(conversation.getByRole('textbox')).toHaveCount(0);

    expect([...errors, ...specialist.errors, ...adminErrors]).toEqual([]);
    await Promise.all([specialist.close(), adminContext.close()]);
  });
  test('a reported message is hidden by an admin: the parties no longer read it, the admin still does', async ({ browser, page, request }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    const contractorToken = await apiToken(request, DEMO.contractor.email, DEMO.contractor.password);
    const clientEmail = await verifiedAccount(request, 'client', { account_type: 'client' });
    const clientToken = await apiToken(request, clientEmail, E2E_PASSWORD);
    const title = `Roof repair ${Date.now()}`;
    const projectId = await postRequest(
      request,
      clientToken,
      title,
      'Twelve broken roof tiles to replace and the gutter to reseal before the rains.',
    );
    // The contractor writes first, about the request.
    const started = await request.post(`/api/v1/projects/${projectId}/conversations`, { headers: bearer(contractorToken), data: {} });
    expect(started.ok()).toBe(true);
    const conversationId = ((await started.json()) as { id: string }).id;
    const abuse = 'Only a fool would pay that little for a roof.';
    const sent = await request.post(`/api/v1/conversations/${conversationId}/messages`, { headers: bearer(contractorToken), data: { body: abuse } });
    expect(sent.status()).toBe(201);

    // The client reports it.
    await signIn(page, clientEmail, E2E_PASSWORD);
    await page.goto(`/main/messages/${conversationId}`);
    const message = page.getByRole('article').filter({ hasText: abuse });
    await message.getByRole('button', { name: 'Report…' }).click();
    const report = page.getByRole('dialog', { name: 'Report this message' });
    await report.getByLabel('Why are you reporting it?').fill('Insulting.');
    await report.getByRole('button', { name: 'Send the report' }).click();
    await expect(report).toBeHidden();

    // The admin finds it among the reported messages, reads it in its conversation, and hides it with a reason.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminErrors = collectPageErrors(admin);
    await adminSignIn(admin);
    await admin.getByRole('link', { name: 'Reported messages', exact: true }).click();
    const item = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: title }) });
    await expect(item).toContainText('Insulting.');
    await expect(item.getByRole('article')).toContainText(abuse);
    await item.getByRole('link', { name: 'Open the conversation' }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/conversations/${conversationId}#message-`));
    await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await admin.goBack();
    await item.getByRole('button', { name: 'Hide the message' }).click();
    const hide = admin.getByRole('dialog');
    await hide.getByLabel('Reason (kept in the audit trail)').fill('Insult to the client.');
    await hide.getByRole('button', { name: 'Hide the message' }).click();
    await expect(admin.getByText('The message is hidden from the parties.')).toBeVisible();
    await expect(item).toHaveCount(0);

    // The admin still reads it, with the reason; the audit trail names the action.
    await admin.goto(`/admin/conversations/${conversationId}`);
    const kept = admin.getByRole('article').filter({ hasText: abuse });
    await expect(kept).toContainText('Hidden from the parties: Insult to the client.');
    await admin.getByRole('link', { name: 'Audit trail', exact: true }).click();
    await expect(admin.getByRole('listitem').filter({ hasText: title }).first()).toContainText('Message hidden');

    // The client sees that an admin hid it, and nothing of what it said.
    await page.reload();
    await expect(page.getByText('This message was hidden by an admin.')).toBeVisible();
    await expect(page.getByText(abuse)).toHaveCount(0);

    expect([...errors, ...adminErrors]).toEqual([]);
    await adminContext.close();
  });
});
