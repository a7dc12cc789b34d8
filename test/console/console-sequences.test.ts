import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consoleLink } from '../../src/http/console.routes';
import { describeInBrowser, launchChromium, watchOffline, watchPolicyViolations } from '../helpers/browser';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';
import { accessibilityProblems } from './accessibility';
import { ensureConsoleBuilt } from './console-build';

const SHOTS = path.resolve(__dirname, '..', '..', 'test-output', 'console');
const DESK = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const ISSUED = 23;

/** Nothing to scroll sideways: the page is no wider than the window. */
const fitsWidth = async (page: Page) =>
  (await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')) as boolean;

/**
 * The console's Series pages in a real browser against a real server: the workspace's series with their last
 * codes; one series' codes newest first, a page at a time; its chain checked (holding, then broken by a code changed
 * in the database, the break's index and reason shown); a new series made with the form, its refusal shown at the
 * field it names, by keyboard; each page accessible (axe-core) and without sideways scroll at 390 px.
 */
describeInBrowser('the Series pages of the console', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;
  let offline: { outside: string[]; problems: string[] };
  let violations: string[];
  const seriesId = randomUUID();
  const codeIds: string[] = [];

  /** Screenshots at a desktop's width and a phone's, each checked for sideways scroll and with axe-core. */
  const shoot = async (name: string) => {
    for (const size of [DESK, PHONE]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`), fullPage: true });
      expect([size.width, await fitsWidth(page)]).toEqual([size.width, true]);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await page.setViewportSize(DESK);
  };
  const codeRows = () => page.locator('table[data-table="codes"] tbody tr');
  const verdict = () => page.locator('[data-field="verification"]');

  beforeAll(async () => {
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startServer();
    const token = await tokenFor(newWorkspace());
    api = client(t.url, token);
    const made = await api.put(`/sequence/v1/series/${seriesId}`, { name: 'Sales 2026', prefix: 'INV-', padding: 5 });
    expect(made.status).toBe(200);
    for (let n = 0; n < ISSUED; n += 1) {
      const id = randomUUID();
      const taken = await api.put(`/sequence/v1/series/${seriesId}/entries/${id}`, { meta: { order: `PO-${n + 1}` } });
      expect(taken.status).toBe(200);
      codeIds.push(id);
    }
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
    await t?.close();
  });

  test('the Series page lists the series with its codes, how many it issued and its last code', async () => {
    await page.getByRole('link', { name: 'Series', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Series' }).waitFor();
    const row = page.locator(`tr[data-series="${seriesId}"]`);
    await row.waitFor();
    expect(await row.locator('[data-label="Name"]').textContent()).toBe('Sales 2026');
    expect(await row.locator('[data-label="Codes"]').textContent()).toBe('INV-00001, INV-00002, …');
    expect(await row.locator('[data-label="Issued"]').textContent()).toBe(String(ISSUED));
    expect(await row.locator('[data-label="Last code"]').textContent()).toBe('INV-00023');
    await shoot('series-list');
  });

  test('one series: its codes newest first, a page at a time, and its chain checked as holding', async () => {
    await page.getByRole('link', { name: 'Sales 2026' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sales 2026' }).waitFor();
    await verdict().and(page.locator('[data-state="holds"]')).waitFor();
    expect(await verdict().textContent()).toContain(`The chain holds: ${ISSUED} codes from #1`);
    await codeRows().nth(19).waitFor();
    expect(await codeRows().count()).toBe(20);
    expect(await codeRows().first().locator('[data-label="Code"]').textContent()).toBe('INV-00023');
    expect(await codeRows().first().locator('[data-label="Meta"]').textContent()).toBe('order: PO-23');
    expect(await page.locator('[data-field="issued"]').textContent()).toBe('23, the last INV-00023');
    // The older codes, by keyboard.
    await page.getByRole('button', { name: 'Show older codes' }).focus();
    await page.keyboard.press('Enter');
    await codeRows()
      .nth(ISSUED - 1)
      .waitFor();
    expect(await codeRows().locator('[data-label="Code"]').allTextContents()).toEqual(
      Array.from({ length: ISSUED }, (_, n) => `INV-${String(ISSUED - n).padStart(5, '0')}`),
    );
    expect(await page.getByRole('button', { name: 'Show older codes' }).count()).toBe(0);
    await shoot('series-codes');
  });

  test('a code changed in the database breaks the chain: the page names the first break and its reason', async () => {
    await t.server.dataSource.query('UPDATE sequence_entries SET code = ? WHERE id = ?', ['INV-99999', codeIds[6]]);
    await page.getByRole('button', { name: 'Check the chain again' }).click();
    await verdict().and(page.locator('[data-state="breaks"]')).waitFor();
    expect(await verdict().textContent()).toContain(`The chain breaks at #7 (id ${codeIds[6]})`);
    expect(await page.locator('[data-field="break-reason"]').textContent()).toMatch(/code/);
    // What the REST check says, the page says.
    const checked = await api.get(`/sequence/v1/series/${seriesId}/verify`);
    expect(checked.body).toMatchObject({ valid: false, first_break: { index: 7, id: codeIds[6] } });
    expect(await page.locator('[data-field="break-reason"]').textContent()).toBe(checked.body.first_break.reason);
    await shoot('series-broken-chain');
  });

  test('a new series, made with the form by keyboard: a refusal shown at its field, then the series opened', async () => {
    await page.getByRole('link', { name: 'Series', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'New series' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Credit notes');
    await page.getByLabel('Prefix', { exact: true }).fill('CN-');
    await page.getByLabel('Padding', { exact: true }).fill('50');
    await page.getByLabel('Start', { exact: true }).fill('100');
    await page.getByLabel('Suffix', { exact: true }).fill('-B');
    await page.keyboard.press('Enter');
    const padding = page.getByLabel('Padding', { exact: true });
    await page.locator('#series-padding-error').waitFor();
    expect(await page.locator('#series-padding-error').textContent()).toBe('Padding: must be an integer from 0 to 20');
    expect(await padding.getAttribute('aria-invalid')).toBe('true');
    expect(await padding.getAttribute('aria-describedby')).toContain('series-padding-error');
    expect(await page.getByRole('alert').filter({ hasText: 'The service refused the series' }).count()).toBe(1);
    await shoot('series-form-refused');

    await padding.fill('4');
    expect(await page.locator('[data-field="series-example"]').textContent()).toBe('Its first code: CN-0100-B');
    await page.getByRole('button', { name: 'Create series' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Credit notes' }).waitFor();
    await verdict().and(page.locator('[data-state="holds"]')).waitFor();
    expect(await verdict().textContent()).toContain('No code issued yet: nothing to check.');
    expect(await page.locator('[data-field="numbering"]').textContent()).toContain('CN-0100-B');
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const stored = await api.get(`/sequence/v1/series/${id}`);
    expect(stored.body).toMatchObject({ name: 'Credit notes', prefix: 'CN-', suffix: '-B', padding: 4, start: 100 });
    // Its first code, taken through the API, is the one the page announced.
    expect((await api.put(`/sequence/v1/series/${id}/entries/${randomUUID()}`, {})).body.code).toBe('CN-0100-B');
    await shoot('series-new');
  });

  test('nothing was fetched from elsewhere, no script failed, no policy was broken', () => {
    expect(offline).toEqual({ outside: [], problems: [] });
    expect(violations).toEqual([]);
  });
});
