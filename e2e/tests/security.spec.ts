import { expect, test, type APIResponse, type Page, type Response } from '@playwright/test';
import { waitForQuiet } from '../support/quiet';

// The content security policy is only worth having if the site passes it: the
// public pages and the client area load with no violation reported and no
// console error, and every answer carries the security headers.
const CLIENT = { email: 'client@demo.fundament.example', password: 'Client-demo-2026' };

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Records every `securitypolicyviolation` event of every document the page opens. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

/** Console errors and warnings (Chromium reports a refused resource there too) and uncaught errors. */
function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations);

function expectSecurityHeaders(headers: Record<string, string>) {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  // Scripts only from our own files: no inline script, no eval.
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(csp).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
  // No other site may frame ours (clickjacking): either way of saying it will do.
  const framing = /frame-ancestors ('none'|'self')/.test(csp) || /^(DENY|SAMEORIGIN)$/i.test(headers['x-frame-options'] ?? '');
  expect(framing).toBe(true);
}

const headersOf = (response: Response | APIResponse | null) => {
  expect(response).not.toBeNull();
  return response!.headers();
};

async function settle(page: Page) {
  await waitForQuiet(page);
  await expect(page.locator('main h1').first()).toBeVisible();
}

test.describe('content security policy in the browser', () => {
  test('the public pages load without a violation or a console error, with the security headers', async ({ page }) => {
    await watchViolations(page);
    const messages = collectConsole(page);
    for (const path of ['/', '/login', '/contractors']) {
      const response = await page.goto(path);
      expectSecurityHeaders(headersOf(response));
      await settle(page);
      expect(await violations(page), `violations on ${path}`).toEqual([]);
    }
    expect(messages).toEqual([]);
  });

  test('the client area loads without a violation or a console error', async ({ page }) => {
    await watchViolations(page);
    const messages = collectConsole(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(CLIENT.email);
    await page.getByLabel('Password', { exact: true }).fill(CLIENT.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    await settle(page);
    expect(await violations(page), 'violations on /main/dashboard').toEqual([]);

    // A full load of each page, so each gets its document and its headers afresh.
    for (const path of ['/main/dashboard', '/main/projects']) {
      const response = await page.goto(path);
      expectSecurityHeaders(headersOf(response));
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await settle(page);
      expect(await violations(page), `violations on ${path}`).toEqual([]);
    }
    expect(messages).toEqual([]);
  });

  test('API answers carry the security headers too, signed in or not', async ({ request }) => {
    expectSecurityHeaders(headersOf(await request.get('/api/v1/common/reference-book')));
    const login = await request.post('/api/v1/auth/login', { data: CLIENT });
    expectSecurityHeaders(headersOf(login));
    const { access_token: token } = (await login.json()) as { access_token: string };
    expectSecurityHeaders(headersOf(await request.get('/api/v1/projects', { headers: { authorization: `Bearer ${token}` } })));
    // A refusal is an answer like any other.
    expectSecurityHeaders(headersOf(await request.get('/api/v1/projects')));
  });
});
