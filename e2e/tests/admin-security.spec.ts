import { expect, test, type Page } from '@playwright/test';
import { adminSignIn, DEMO, totpCode } from '../support/people';

/*
 * The admin's own recovery codes: how many are left, and ten new ones for a
 * current code of the authenticator app (the test is the app: it computes the
 * code from the demo admin's published secret).
 */

async function shoot(page: Page, name: string) {
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin sees the recovery codes left and gets new ones with a code of the app', async ({ page }) => {
  test.setTimeout(90_000);
  await adminSignIn(page);
  await page.getByRole('link', { name: 'Account security' }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('heading', { name: 'Account security', level: 1 })).toBeVisible();
  const status = page.getByTestId('admin-two-factor-status');
  await expect(status).toContainText('Two-factor sign-in is on since');
  await expect(status).toContainText(/recovery codes? left/);
  await shoot(page, 'admin-security');

  const form = page.getByRole('form', { name: 'New recovery codes' });
  await form.getByLabel('Code from the app or a recovery code').fill('000000');
  await form.getByRole('button', { name: 'Get new recovery codes' }).click();
  await expect(form.getByText(/This code is not valid/)).toBeVisible();
  await form.getByLabel('Code from the app or a recovery code').fill(await totpCode(DEMO.admin.totpSecret));
  await form.getByRole('button', { name: 'Get new recovery codes' }).click();

  const codes = page.getByRole('region', { name: 'Recovery codes' }).last().getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await shoot(page, 'admin-security-codes');
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(status).toContainText('10 recovery codes left.');

  await page.evaluate(() => localStorage.setItem('locale', 'fr'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sécurité du compte', level: 1 })).toBeVisible();
  await expect(page.getByTestId('admin-two-factor-status')).toContainText('Il reste 10 codes de secours.');
  await shoot(page, 'admin-security-fr');
});
