import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { expectHydrated } from '../support/hydration';

const WIDTHS = [375, 800, 1280] as const;

function section(page: Page, heading: string | RegExp) {
  return page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: heading }) });
}

async function openHome(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Build and renovate with confidence, wherever you live' })).toBeVisible({
    timeout: 20_000,
  });
}

for (const width of WIDTHS) {
  test.describe(`client landing at ${width} px`, () => {
    test('has every section with the counts of the spec', async ({ page }) => {
      const errors = collectPageErrors(page);
      await openHome(page, width);

      const manual = section(page, 'Your project in four steps');
      await expect(manual.getByRole('listitem')).toHaveCount(4);
      await expect(section(page, 'Questions clients ask us').getByRole('button', { expanded: false })).toHaveCount(9);
      await expect(section(page, 'What you can do on Fundament').getByRole('listitem')).toHaveCount(5);
      await expect(page.getByRole('list', { name: 'Example projects' }).getByRole('listitem')).toHaveCount(3);
      await expect(page.getByRole('img', { name: /card payment provider/ })).toBeVisible();
      await expect(section(page, 'Projects our professionals deliver').getByRole('heading', { level: 3 })).toHaveText([
        'Home renovation and remodeling',
        'Construction and new builds',
        'Smart home installation',
      ]);
      // Featured designs come from the API once the visitor comes near them, each with a tier sign and a cost.
      const designs = section(page, 'Popular designs');
      await designs.scrollIntoViewIfNeeded();
      await expect(designs.getByRole('heading', { level: 3 })).toHaveCount(6);
      await expect(designs.getByText('$$$').first()).toBeVisible();
      const duplex = designs.getByRole('img', { name: 'Modern duplex' });
      await duplex.scrollIntoViewIfNeeded();
      await expect.poll(() => duplex.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(640);
      expect(errors).toEqual([]);
    });

    test('shows the manual as an accordion up to 1024 px and as a side card above', async ({ page }) => {
      await openHome(page, width);
      const manual = section(page, 'Your project in four steps');
      if (width <= 1024) {
        const steps = manual.getByRole('button', { name: /Describe your project|Receive quotes|Talk, agree|Pay as the work/ });
        await expect(steps).toHaveCount(4);
        await expect(manual.getByRole('article')).toHaveCount(0);
        await expectHydrated(steps.nth(1));
        await steps.nth(1).click();
        await expect(steps.nth(1)).toHaveAttribute('aria-expanded', 'true');
        await expect(steps.nth(0)).toHaveAttribute('aria-expanded', 'false');
        await expect(manual.getByText('Verified company')).toBeVisible();
        await steps.nth(1).click();
        await expect(manual.getByRole('button', { expanded: true })).toHaveCount(0);
      } else {
        const card = manual.getByRole('article');
        await expect(card).toContainText('Step 1 · Post');
        const payStep = manual.getByRole('button', { name: /Pay as the work is approved/ });
        await expectHydrated(payStep);
        await payStep.click();
        await expect(card).toContainText('Step 4 · Release');
        await expect(card.getByText('Project complete')).toBeVisible();
        await expect(manual.getByRole('button', { expanded: true })).toHaveCount(0);
      }
    });

    test('shows the guest header rule for this width', async ({ page }) => {
      await openHome(page, width);
      const header = page.locator('header').first();
      const login = header.getByRole('link', { name: 'Login', exact: true });
      const contractorsLink = header.getByRole('link', { name: 'For contractors' });
      await expect(contractorsLink).toBeVisible();
      if (width < 768) {
        await expect(login).toBeHidden();
        await expect(header.getByRole('link', { name: 'Home', exact: true })).toBeHidden();
      } else {
        await expect(login).toBeVisible();
        await expect(header.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();
      }
    });

    test('has no horizontal overflow', async ({ page }) => {
      await openHome(page, width);
      for (const path of ['/', '/contractors', '/terms', '/privacy', '/catalog', '/professionals', '/add-review', '/demo']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  });
}

test('FAQ entries open and close independently', async ({ page }) => {
  await openHome(page, 1280);
  const faq = section(page, 'Questions clients ask us');
  const escrow = faq.getByRole('button', { name: /How does escrow protect my money/ });
  const bankrupt = faq.getByRole('button', { name: /What if my contractor goes bankrupt/ });
  // The heading shows from the server's HTML at once; the answers open once the page's scripts run.
  await expectHydrated(escrow);
  await escrow.click();
  await bankrupt.click();
  await expect(escrow).toHaveAttribute('aria-expanded', 'true');
  await expect(bankrupt).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText(/ring-fenced/)).toBeVisible();
  await escrow.click();
  await expect(escrow).toHaveAttribute('aria-expanded', 'false');
  await expect(escrow).toContainText('+');
  await expect(bankrupt).toContainText('−');
  await expect(faq.getByText(/ring-fenced/)).toBeVisible();
});

test('the example arrows scroll by one card on a phone', async ({ page }) => {
  await openHome(page, 375);
  const track = page.getByRole('list', { name: 'Example projects' });
  await track.scrollIntoViewIfNeeded();
  const cardWidth = await track
    .getByRole('listitem')
    .first()
    .evaluate((el) => (el as HTMLElement).offsetWidth);
  await expectHydrated(page.getByRole('button', { name: 'Next examples' }));
  await page.getByRole('button', { name: 'Next examples' }).click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThanOrEqual(cardWidth - 1);
  await page.getByRole('button', { name: 'Previous examples' }).click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeLessThan(cardWidth / 2);
});

test('the stepper follows the scroll position on a desktop', async ({ page }) => {
  await openHome(page, 1280);
  const stepper = section(page, 'From idea to keys in hand');
  await stepper.scrollIntoViewIfNeeded();
  const progress = stepper.getByRole('progressbar');
  // Below the first screen, the section follows the scroll once the page's scripts have taken it over.
  await expectHydrated(progress);
  const lastStep = stepper.getByRole('listitem').last();
  await lastStep.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(stepper.getByText('Step 4 of 4')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await stepper
    .getByRole('listitem')
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(stepper.getByText('Step 1 of 4')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '25');
});

test('the stepper follows the carousel slide on a tablet', async ({ page }) => {
  await openHome(page, 800);
  const stepper = section(page, 'From idea to keys in hand');
  await stepper.scrollIntoViewIfNeeded();
  await expectHydrated(stepper.getByRole('button', { name: 'Go to step 3' }));
  await stepper.getByRole('button', { name: 'Go to step 3' }).click();
  await expect(stepper.getByText('Step 3 of 4')).toBeVisible();
  await expect(stepper.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
  await expect(stepper.getByRole('button', { name: 'Go to step 3' })).toHaveAttribute('aria-current', 'step');
});

test('the scroll-to-top button appears after 1000 px of scrolling', async ({ page }) => {
  await openHome(page, 1280);
  const button = page.getByRole('button', { name: 'Back to top' });
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('switching the language translates the page', async ({ page }) => {
  await openHome(page, 1280);
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Construisez et rénovez en toute confiance, où que vous viviez' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Les questions de nos clients' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir le catalogue' })).toBeVisible();
  // The designs are fetched again, with their French titles.
  await section(page, 'Modèles populaires').scrollIntoViewIfNeeded();
  await expect(section(page, 'Modèles populaires').getByRole('heading', { name: 'Duplex moderne' })).toBeVisible();
  await page.goto('/contractors');
  await expect(page.getByRole('heading', { level: 1, name: 'Développez votre activité avec des projets vérifiés' })).toBeVisible();
});

test('the French pages fit a tablet without sideways scrolling', async ({ page }) => {
  await openHome(page, 800);
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Construisez et rénovez en toute confiance, où que vous viviez' })).toBeVisible();
  for (const path of ['/', '/contractors', '/terms']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('header').first().getByRole('link', { name: 'Connexion', exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the registration link opens in a new tab; the directory, reviews and the tour open in place', async ({ page, context }) => {
  await openHome(page, 1280);
  const register = page.getByRole('link', { name: 'Sign up for free' }).first();
  await expect(register).toHaveAttribute('href', '/register');
  await expect(register).toHaveAttribute('target', '_blank');
  await expect(register).toHaveAttribute('rel', /noopener/);
  for (const link of [
    { name: 'View professionals', href: '/professionals' },
    { name: 'Post a review', href: '/add-review' },
    { name: 'Watch the demo', href: '/demo' },
  ]) {
    const locator = page.getByRole('link', { name: link.name }).first();
    await expect(locator).toHaveAttribute('href', link.href);
    await expect(locator).not.toHaveAttribute('target', /.+/);
  }
  expect(await page.getByRole('link', { name: 'Sign up for free' }).count()).toBe(2);
  const [registration] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Sign up for free' }).first().click()]);
  await expect(registration).toHaveURL(/\/sign-up$/);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Watch the demo' }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How a project runs on Fundament' })).toBeVisible();
});

test('the contractor landing page has join now, steps, the expert stepper, support and a testimonial', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/contractors');
  await expect(page.getByRole('heading', { level: 1, name: 'Grow your business with verified projects' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join now' }).first()).toHaveAttribute('href', '/sign-up-specialists');
  await expect(section(page, 'Start in three steps').getByRole('listitem')).toHaveCount(3);
  const stepper = section(page, 'From sign-up to your first payment');
  await expect(stepper.getByRole('listitem')).toHaveCount(4);
  await expect(stepper.getByText('It takes about ten minutes and costs nothing.')).toBeAttached();
  await expect(section(page, 'We help you win and deliver').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('figure')).toContainText('Marc D.');
  expect(errors).toEqual([]);
});

test('terms and privacy are readable documents in both languages', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  await expect(page.getByText(/about 1.5% of each amount paid through escrow/)).toBeVisible();
  await expect(page.getByText(/from six weeks to three months/)).toBeVisible();
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Disputes and mediation' }).click();
  await expect(page).toHaveURL(/#legal-7$/);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /How long we keep it/ })).toBeVisible();
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Durée de conservation/ })).toBeVisible();
});

test.describe('a visitor whose browser is set to French (France)', () => {
  test.use({ locale: 'fr-FR' });

  test('sees the design costs in euros', async ({ page }) => {
    await openHome(page, 1280);
    await page.getByLabel('Language').selectOption('fr');
    const designs = section(page, 'Modèles populaires');
    await designs.scrollIntoViewIfNeeded();
    await expect(designs.getByRole('heading', { name: 'Bungalow familial compact' })).toBeVisible();
    // A range is two figures, each kept whole on its line.
    await expect(
      designs
        .locator('.ui-money-range')
        .filter({ hasText: /68\s000\s€\s–\s85\s000\s€/ })
        .first(),
    ).toBeVisible();
  });
});
