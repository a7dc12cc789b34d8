import type { Browser } from 'playwright-core';
import { API_ROUTES } from '../../src/rest/api.routes';
import { describeInBrowser, launchChromium, screenshot, watchOffline, watchPolicyViolations } from '../helpers/browser';
import { newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/** The REST reference at /docs, opened in a browser with the network cut off. */
describeInBrowser('/docs in a browser without network', () => {
  let t: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([startServer(), launchChromium({ offline: true })]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('renders every operation from the service alone, and "Try it out" calls the API with the token given', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const { outside, problems } = await watchOffline(page);
    const violations = await watchPolicyViolations(page);

    await page.goto(`${t.url}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.opblock').count()).toBe(API_ROUTES.length);
    await page.getByText('Document entry service').first().waitFor();

    await screenshot(page, 'docs', { fullPage: true });

    // Authorize with a token, then run GET /utils/v1/ping from the page.
    await page.click('button.authorize');
    await page
      .locator('.modal-ux input[type=text], .modal-ux input[type=password]')
      .first()
      .fill(await tokenFor(newWorkspace()));
    await page.click('.modal-ux .auth-btn-wrapper button.authorize');
    await page.click('.modal-ux button.btn-done');
    const ping = page.locator('#operations-utils-ping');
    await ping.locator('.opblock-summary').click();
    await ping.getByText('Try it out').click();
    await ping.getByText('Execute').click();
    await ping.locator('.responses-wrapper .live-responses-table').getByText('"pong"').waitFor({ timeout: 30_000 });

    // More of Swagger UI under the page's policy: an operation with a body and its highlighted examples.
    const create = page.locator('#operations-entries-createEntry');
    await create.locator('.opblock-summary').click();
    await create.locator('.body-param__example, .highlight-code').first().waitFor({ timeout: 30_000 });

    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    expect(violations).toEqual([]);
    await page.close();
  });

  test('the page may not be framed, sends no Referer, and runs only its own scripts', async () => {
    const reply = await fetch(`${t.url}/docs`);
    const policy = reply.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(policy).not.toContain('unsafe-inline');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
  });

  test('the page and its files need no token', async () => {
    for (const file of ['/docs', '/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js']) {
      const reply = await fetch(`${t.url}${file}`);
      expect(reply.status).toBe(200);
    }
  });
});
