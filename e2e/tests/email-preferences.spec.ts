import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { bearer } from '../support/escrow-scene';
import { DEMO, E2E_PASSWORD, apiToken, latestMail, signIn, verifiedAccount, verifiedContractor } from '../support/people';
import { switchLanguage } from '../support/route-pages';

// People choose what they are e-mailed about: a card in Settings, and the link at the foot
// of a project e-mail that works without signing in, asks first, and can be undone.

const PROJECTS = 'New projects and invitations';

async function preferences(request: APIRequestContext, token: string) {
  const answer = await request.get('/api/v1/email/preferences', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { preferences: Array<{ category: string; delivery: string }> }).preferences;
}

/** How projects e-mails reach the person, as the API says. */
async function projectsDelivery(request: APIRequestContext, token: string) {
  return (await preferences(request, token)).find((preference) => preference.category === 'projects')?.delivery;
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test.describe('e-mail preferences', () => {
  test('the Settings card sends a kind of e-mail once a day or never, and back as it happens, and the choice stays', async ({ page, request }) => {
    const errors = collectPageErrors(page);
    const email = await verifiedAccount(request, 'client', { account_type: 'client' });
    const token = await apiToken(request, email, E2E_PASSWORD);
    await signIn(page, email, E2E_PASSWORD);
    await page.goto('/main/settings');
    const card = page.getByRole('region', { name: 'E-mail notifications' });
    await expect(card.getByText('E-mails about your account, its security and your payments are always sent.', { exact: false })).toBeVisible();
    const projects = card.getByRole('group', { name: PROJECTS });
    await expect(projects.getByRole('radio', { name: 'As it happens' })).toBeChecked();
    await expect(card.getByRole('group', { name: 'Quotes and contracts' }).getByRole('radio', { name: 'As it happens' })).toBeChecked();
    await expect(card.getByRole('group', { name: 'Unread message digests' }).getByRole('radio', { name: 'As it happens' })).toBeChecked();

    await projects.getByRole('radio', { name: 'Once a day' }).check();
    await expect(page.getByText(`You will get one e-mail a day about “${PROJECTS}”, in the morning.`)).toBeVisible();
    expect(await projectsDelivery(request, token)).toBe('daily');
    await projects.getByRole('radio', { name: 'Never' }).check();
    await expect(page.getByText(`You will no longer get e-mails about “${PROJECTS}”.`)).toBeVisible();
    expect(await projectsDelivery(request, token)).toBe('off');
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'E-mail notifications' }).getByRole('group', { name: PROJECTS }).getByRole('radio', { name: 'Never' }),
    ).toBeChecked();
    await shoot(page, 'settings-email-en');

    // By keyboard: the arrow keys move between the choices of a group, and choose as they go.
    await page.getByRole('group', { name: PROJECTS }).getByRole('radio', { name: 'Never' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText(`You will get one e-mail a day about “${PROJECTS}”, in the morning.`)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText(`You will get e-mails about “${PROJECTS}” as it happens.`)).toBeVisible();
    expect((await preferences(request, token)).every((preference) => preference.delivery === 'instant')).toBe(true);

    await switchLanguage(page, 'fr');
    await expect(
      page
        .getByRole('region', { name: 'Notifications par e-mail' })
        .getByRole('group', { name: 'Nouveaux projets et invitations' })
        .getByRole('radio', { name: 'Au fil de l’eau' }),
    ).toBeChecked();
    await shoot(page, 'settings-email-fr');
    await switchLanguage(page, 'en');
    expect(errors).toEqual([]);
  });

  test('the link at the foot of a project e-mail asks first, unsubscribes without signing in, and can be undone', async ({ page, request }) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password, true);
    const contractor = await verifiedContractor(request, adminToken);
    const clientEmail = await verifiedAccount(request, 'client', { account_type: 'client' });
    const clientToken = await apiToken(request, clientEmail, E2E_PASSWORD);
    const project = await request.post('/api/v1/projects', {
      headers: bearer(clientToken),
      data: {
        title: `Boundary wall ${Date.now()}`,
        description: 'A block wall of 30 m along the street, rendered on both sides.',
        category: 'masonry',
        country: 'CM',
        city: 'Douala',
        currency: 'XAF',
      },
    });
    expect(project.status()).toBe(201);
    const mail = await latestMail(request, contractor.email, /\/unsubscribe\?token=/);
    const link = new URL(/(http\S+\/unsubscribe\?token=\S+)/.exec(mail.text)![1]!);

    // Nobody is signed in in this browser.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: `Stop e-mails about “${PROJECTS}”?` })).toBeVisible();
    // Opening the link changed nothing.
    expect((await preferences(request, contractor.token)).find((preference) => preference.category === 'projects')?.delivery).toBe('instant');
    await shoot(page, 'unsubscribe-ask-en');

    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await expect(page.getByRole('heading', { name: `You are unsubscribed from “${PROJECTS}”` })).toBeVisible();
    expect((await preferences(request, contractor.token)).find((preference) => preference.category === 'projects')?.delivery).toBe('off');
    await shoot(page, 'unsubscribe-done-en');

    await page.getByRole('button', { name: 'Subscribe again' }).click();
    await expect(page.getByRole('heading', { name: `You are subscribed to “${PROJECTS}” again` })).toBeVisible();
    expect((await preferences(request, contractor.token)).find((preference) => preference.category === 'projects')?.delivery).toBe('instant');

    await switchLanguage(page, 'fr');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Ne plus recevoir d’e-mails « Nouveaux projets et invitations » ?' })).toBeVisible();
    await shoot(page, 'unsubscribe-ask-fr');
    await switchLanguage(page, 'en');
    expect(errors).toEqual([]);

    // A link someone altered is refused (the browser logs the API's 404), with what to do instead.
    const token = link.searchParams.get('token')!;
    await page.goto(`/unsubscribe?token=${encodeURIComponent(`${token.slice(0, -2)}xx`)}`);
    await expect(page.getByRole('heading', { name: 'We could not read this link' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid. Change your e-mail settings after signing in.');
  });
});
