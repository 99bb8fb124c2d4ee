import { expect, test, type Page } from '@playwright/test';
import { exifJpeg } from '../../api/test/exif-jpeg';
import { collectPageErrors } from '../support/console';
import { bearer, contractScene, expectFigures, fundMilestone } from '../support/escrow-scene';
import { DEMO, E2E_PASSWORD, adminSignIn, apiToken, signIn } from '../support/people';

// The site record through the screens: the contractor proposes a change with a photo, the client
// approves it and funds the new milestone, the plan shows it; a site log entry with two photos
// shows when each was taken; the back office's dispute view shows the change order and the log.

const MORNING = exifJpeg({ takenAt: '2026:11:28 09:14:05', offset: '+01:00', latitude: 4.0511, longitude: 9.7679 });
const EVENING = exifJpeg({ takenAt: '2026:11:28 16:40:00', colour: [90, 120, 200] });

const milestone = (page: Page, title: string) =>
  page.locator('.escrow-milestones > li').filter({ has: page.getByRole('heading', { name: new RegExp(title) }) });

async function shoot(page: Page, name: string, locale: 'en' | 'fr', path: string) {
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate((value) => window.localStorage.setItem('locale', value), locale);
    await page.goto(path);
    await page.getByRole('heading', { level: 2, name: locale === 'en' ? 'Site log' : 'Journal de chantier' }).waitFor({ timeout: 60_000 });
    await page.locator('.site-entry').first().waitFor({ timeout: 60_000 });
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`${name}-${locale}-${width}.png`), fullPage: true });
  }
  await page.evaluate(() => window.localStorage.setItem('locale', 'en'));
}

test.describe('site record', () => {
  test('a change order funded through the usual funding, a site log with dated photos, and the back office’s read-only view', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(480_000);
    const errors = collectPageErrors(page);
    const contractorToken = await apiToken(request, DEMO.contractor.email, DEMO.contractor.password);
    const scene = await contractScene(
      request,
      contractorToken,
      [{ title: 'Terrace slab and tiling', amount: 1_000_000 }],
      `Terrace with pergola ${Date.now()}`,
    );
    const contractPath = `/main/escrow/${scene.contractId}`;

    // The contractor proposes a new milestone, with a photo of the sketch.
    const contractorContext = await browser.newContext();
    const contractor = await contractorContext.newPage();
    const contractorErrors = collectPageErrors(contractor);
    await signIn(contractor, DEMO.contractor.email, DEMO.contractor.password);
    await contractor.goto(contractPath);
    await contractor.getByRole('button', { name: 'Propose a change' }).click({ timeout: 60_000 });
    const dialog = contractor.getByRole('dialog');
    await dialog.getByLabel('What changes').fill('Pergola lighting');
    await dialog.getByLabel('Why').fill('The client asked for lights under the pergola for the evenings.');
    await dialog.getByLabel('Milestone', { exact: true }).selectOption({ label: 'A new milestone' });
    await dialog.getByLabel('New milestone’s title').fill('Pergola lighting');
    await dialog.getByLabel('Price (XAF)').fill('250000');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'sketch.jpg', mimeType: 'image/jpeg', buffer: MORNING });
    await dialog.getByRole('button', { name: 'Send the change order' }).click();
    await expect(dialog).toBeHidden();
    const proposed = contractor.getByRole('article', { name: 'Pergola lighting' });
    await expect(proposed.getByText('Waiting for an answer')).toBeVisible();
    await expect(proposed.getByRole('button', { name: 'Approve the change' })).toHaveCount(0);

    // The client approves; the plan shows the new milestone at once.
    await signIn(page, scene.clientEmail, E2E_PASSWORD);
    await page.goto(contractPath);
    const order = page.getByRole('article', { name: 'Pergola lighting' });
    // The first screen after signing in can be slow on a busy machine.
    await expect(order.getByText('sketch.jpg')).toBeVisible({ timeout: 60_000 });
    await order.getByRole('button', { name: 'Approve the change' }).click();
    await expect(order.getByText('Approved')).toBeVisible();
    await expect(milestone(page, 'Pergola lighting')).toBeVisible();

    // The client funds the difference the usual way.
    const view = await request.get(`/api/v1/contracts/${scene.contractId}`, { headers: bearer(scene.clientToken) });
    const added = ((await view.json()) as { milestones: { id: string; title: string }[] }).milestones.find((m) => m.title === 'Pergola lighting')!;
    await fundMilestone(request, scene, added.id);
    await page.reload();
    // 250 000, the platform fee (3 750) and the expert's minimum fee (25 000).
    await expect(milestone(page, 'Pergola lighting')).toBeVisible({ timeout: 60_000 });
    await expectFigures(page, { 'Held in escrow': 278_750 });

    // The contractor's site log entry with two photos: each shows when it was taken.
    await contractor.goto(contractPath);
    await contractor.getByLabel('What happened on site today').fill('Cables laid under the pergola; tiling of the terrace started.');
    await contractor.getByLabel('Photos').setInputFiles([
      { name: 'morning.jpg', mimeType: 'image/jpeg', buffer: MORNING },
      { name: 'evening.jpg', mimeType: 'image/jpeg', buffer: EVENING },
    ]);
    await contractor.getByRole('button', { name: 'Add to the site log' }).click();
    const entry = contractor.locator('.site-entry').first();
    await expect(entry.getByText(/^Taken Nov 28, 2026, 8:14\sAM UTC$/)).toBeVisible({ timeout: 60_000 });
    await expect(entry.getByText(/^Taken Nov 28, 2026, 4:40\sPM UTC$/)).toBeVisible();
    await expect(entry.getByText('At 4.05110, 9.76790')).toBeVisible();
    // The client sees the same times, and the chain's head under the log.
    await page.reload();
    await expect(
      page
        .locator('.site-entry')
        .first()
        .getByText(/^Taken Nov 28, 2026, 8:14\sAM UTC$/),
    ).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/Record no\. 3, fingerprint/)).toBeVisible();

    await shoot(page, 'contract-site-record', 'en', contractPath);
    await shoot(page, 'contract-site-record', 'fr', contractPath);

    // A dispute on the funded milestone: the back office sees the change order and the log, read-only.
    const disputed = await request.post(`/api/v1/contracts/${scene.contractId}/milestones/${added.id}/disputes`, {
      headers: bearer(scene.clientToken),
      multipart: { reason: 'The lights are not the ones we agreed on.' },
    });
    expect(disputed.status()).toBe(201);
    const disputeId = ((await disputed.json()) as { dispute: { id: string } }).dispute.id;
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await adminSignIn(admin);
    await admin.goto(`/admin/disputes/${disputeId}`);
    const record = admin.getByRole('region', { name: 'Site record' });
    await expect(record.getByText('Pergola lighting').first()).toBeVisible({ timeout: 60_000 });
    await expect(record.getByText('Cables laid under the pergola; tiling of the terrace started.')).toBeVisible();
    await expect(record.getByText(/Taken Nov 28, 2026, 8:14\sAM UTC/)).toBeVisible();
    await expect(record.getByText(/Chain head: record no\. 3/)).toBeVisible();
    await expect(record.getByRole('button', { name: /Approve/ })).toHaveCount(0);
    for (const width of [390, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.screenshot({ path: test.info().outputPath(`admin-site-record-en-${width}.png`), fullPage: true });
    }

    await adminContext.close();
    await contractorContext.close();
    expect(errors).toEqual([]);
    expect(contractorErrors).toEqual([]);
  });
});
