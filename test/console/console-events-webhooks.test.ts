import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consoleLink } from '../../src/http/console.routes';
import { describeInBrowser, launchChromium, watchOffline, watchPolicyViolations } from '../helpers/browser';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { ReceiverPool, verifies, waitFor, WEBHOOK_TEST_ENV, type WebhookReceiver } from '../helpers/webhook-receiver';
import { accessibilityProblems } from './accessibility';
import { ensureConsoleBuilt } from './console-build';

const SHOTS = path.resolve(__dirname, '..', '..', 'test-output', 'console');
const DESK = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Nothing to scroll sideways: the page is no wider than the window. */
const fitsWidth = async (page: Page) =>
  (await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')) as boolean;

/**
 * The console's Events and Webhooks pages in a real browser against a real server and a real receiver on
 * 127.0.0.1: the feed shows a new entry's event as it is committed; an endpoint is listed with its deliveries;
 * Resend schedules a new attempt and shows its outcome; "Send test event" shows the test delivery, which the
 * receiver verifies; each page accessible (axe-core) and without sideways scroll at 390 px.
 */
describeInBrowser('the Events and Webhooks pages of the console', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;
  let rx: WebhookReceiver;
  let hook: { id: string; secret: string };
  let offline: { outside: string[]; problems: string[] };
  let violations: string[];
  const receivers = new ReceiverPool();

  /** Screenshots at a desktop's width and a phone's, with the phone's checked for sideways scroll and axe-core. */
  const shoot = async (name: string) => {
    for (const size of [DESK, PHONE]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`), fullPage: true });
      expect([size.width, await fitsWidth(page)]).toEqual([size.width, true]);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await page.setViewportSize(DESK);
  };
  const deliveryRows = () => page.locator(`[data-webhook="${hook.id}"] table.deliveries tbody tr`);

  beforeAll(async () => {
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startServer(WEBHOOK_TEST_ENV);
    const token = await tokenFor(newWorkspace());
    api = client(t.url, token);
    rx = await receivers.start();
    const registered = await api.post('/silo/v1/webhooks', { url: rx.url, description: 'ERP' });
    expect(registered.status).toBe(200);
    hook = registered.body;
    browser = await launchChromium({ offline: true });
    page = await (await browser.newContext({ locale: 'en-GB', viewport: DESK })).newPage();
    page.setDefaultTimeout(15_000);
    offline = await watchOffline(page);
    violations = await watchPolicyViolations(page);
    await page.goto(consoleLink('127.0.0.1', new URL(t.url).port, token));
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await receivers.stopAll();
    await t?.close();
  });

  test("the Events page shows a new entry's event live, linked to its entry, without reloading", async () => {
    await page.getByRole('link', { name: 'Events', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await page.getByText('Following the events as they come.').waitFor();
    expect(await page.locator('[data-table="live"]').count()).toBe(0);

    const made = await api.post('/silo/v1/entries', { data: party('Live Feed S.L.') });
    expect(made.status).toBe(200);
    const row = page.locator('[data-table="live"] tbody tr[data-event-type="ENTRY_CREATED"]');
    await row.waitFor();
    expect(await row.locator('td[data-label="Type"]').textContent()).toBe('entry created');
    expect(await row.getByRole('link').textContent()).toBe(made.body.id);
    // A state added: its event comes on top.
    await api.post(`/silo/v1/entries/${made.body.id}/states`, { key: 'sent' });
    await page.locator('[data-table="live"] tbody tr').first().and(page.locator('[data-event-type="ENTRY_STATE_ADDED"]')).waitFor();
    await shoot('events');
  });

  test('the Webhooks page lists the endpoint with its deliveries', async () => {
    await waitFor(() => rx.accepted.length >= 2, 15_000, 'the two events delivered');
    await waitFor(
      async () => (await api.get(`/silo/v1/webhooks/${hook.id}/deliveries`)).body.list.length >= 2,
      5_000,
      'both attempts recorded',
    );
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: rx.url }).waitFor();
    await deliveryRows().nth(1).waitFor();
    expect(await deliveryRows().locator('td[data-label="Event"]').allTextContents()).toEqual([
      'entry state added (#2)',
      'entry created (#1)',
    ]);
    expect(await deliveryRows().locator('td[data-label="Status"]').allTextContents()).toEqual(['delivered', 'delivered']);
    expect(await deliveryRows().first().locator('td[data-label="Answer"]').textContent()).toMatch(/^200 in \d+ ms$|^200 $/);
    await shoot('webhooks');
  });

  test('Resend schedules a new attempt of that event, which the page shows delivered', async () => {
    const before = rx.hooks.length;
    await page.getByRole('button', { name: /^Resend entry created #1 / }).click();
    await page.getByText('Resent: the new attempt is scheduled and listed first.').waitFor();
    await deliveryRows().nth(2).waitFor();
    // Listed first, then read again until the service has sent it.
    const first = deliveryRows().first();
    expect(await first.locator('td[data-label="Event"]').textContent()).toBe('entry created (#1)');
    await first.and(page.locator('[data-status="DELIVERED"]')).waitFor();
    await waitFor(() => rx.hooks.length === before + 1, 5_000, 'the resent event');
    const resent = rx.hooks[before];
    expect(resent.payload.position).toBe(1);
    expect(resent.headers['webhook-id']).toBe(rx.hooks[0].headers['webhook-id']);
    expect(verifies(resent, hook.secret)).toBe(true);
  });

  test('"Send test event" shows the test delivery, and the receiver gets it signed', async () => {
    const before = rx.hooks.length;
    await page.getByRole('button', { name: 'Send test event', exact: true }).click();
    await page.getByText('Test event scheduled').waitFor();
    const first = deliveryRows().first();
    await first.locator('td[data-label="Event"]', { hasText: /^test event$/ }).waitFor();
    await first.and(page.locator('[data-status="DELIVERED"]')).waitFor();
    expect(await first.locator('td[data-label="Answer"]').textContent()).toMatch(/^200/);
    await waitFor(() => rx.hooks.length === before + 1, 5_000, 'the test event');
    const received = rx.hooks[before];
    expect(received.payload).toMatchObject({ type: 'webhook.test', position: 0, data: { webhook_id: hook.id } });
    expect(verifies(received, hook.secret)).toBe(true);
    await shoot('webhooks-test-event');
  });

  test('a refused action is said in the page: a test event for an endpoint deleted meanwhile', async () => {
    expect((await api.send('DELETE', `/silo/v1/webhooks/${hook.id}`)).status).toBe(204);
    await page.getByRole('button', { name: 'Send test event', exact: true }).click();
    await page.getByText(/^No test event sent: /).waitFor();
  });

  test('nothing was fetched from elsewhere, no script failed, no policy was broken', () => {
    expect(offline).toEqual({ outside: [], problems: [] });
    expect(violations).toEqual([]);
  });
});
