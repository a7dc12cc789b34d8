import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, watchOffline, watchPolicyViolations } from '../helpers/browser';
import { invoice } from '../helpers/documents';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { consoleLink } from '../../src/http/console.routes';
import { ensureConsoleBuilt } from './console-build';
import { accessibilityProblems } from './accessibility';

/** Screenshots at a desk's width and a phone's, for people to look at; the folder is not committed. */
const SHOTS = path.resolve(__dirname, '..', '..', 'test-output', 'console');
// Short enough that the first page (20 rows) fills it: the rest comes from scrolling.
const DESK = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };
const PARTIES = 22;

const numbers = (page: Page) => page.locator('.entry-row .entry-title').allTextContents();

/** Waits, polling from here (the console's policy refuses Playwright's eval-based waits), until `check` holds. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const rowsShown = (page: Page, count: number) => until(async () => (await page.locator('.entry-row').count()) === count, `${count} rows`);
/** The cells of the row whose number is `number`, by their column's name. */
async function rowOf(page: Page, number: string): Promise<Record<string, string>> {
  const row = page.locator('.entry-row').filter({ has: page.getByRole('link', { name: number, exact: true }) });
  const cells = await row
    .locator('th, td')
    .evaluateAll((nodes: any[]) => nodes.map((node) => [node.getAttribute('data-label') ?? '', (node.textContent ?? '').trim()]));
  return Object.fromEntries(cells);
}
/** True when the page is no wider than its window: nothing to scroll sideways. */
const fitsWidth = async (page: Page) =>
  (await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')) as boolean;

describeInBrowser('the console’s list as a workplace', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let twoRatesId: string;
  let offline: { outside: string[]; problems: string[] };
  let violations: string[];
  const total = PARTIES + 3;

  beforeAll(async () => {
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startServer();
    token = await tokenFor(newWorkspace());
    const api = client(t.url, token);
    const store = async (body: object) => {
      const made = await api.post('/silo/v1/entries', body);
      expect(made.status).toBe(200);
      return made.body;
    };
    await store({ data: invoice() });
    const twoRates = await store({
      folder: 'issued',
      data: invoice({
        series: 'SAMPLE',
        code: '0042',
        lines: [
          { quantity: '20', item: { name: 'Development services', price: '90.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] },
          { quantity: '2', item: { name: 'Printed manuals', price: '12.50' }, taxes: [{ cat: 'VAT', rate: 'super-reduced' }] },
        ],
      }),
    });
    twoRatesId = twoRates.id;
    expect((await api.post(`/silo/v1/entries/${twoRatesId}/states`, { key: 'invalid' })).status).toBe(200);
    await store({
      folder: 'received',
      data: invoice({
        series: 'ACME',
        code: '7',
        supplier: { name: 'Acme Tools S.L.', tax_id: { country: 'ES', code: 'B98602642' } },
        customer: undefined,
      }),
    });
    for (let i = 1; i <= PARTIES; i += 1) await store({ data: party(`Party ${String(i).padStart(2, '0')}`) });
    browser = await launchChromium({ offline: true });
    // A time zone that is not the server's: every moment on the page must name it.
    context = await browser.newContext({ viewport: DESK, locale: 'en-US', timezoneId: 'Europe/Madrid' });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    offline = await watchOffline(page);
    violations = await watchPolicyViolations(page);
    await page.goto(consoleLink('127.0.0.1', new URL(t.url).port, token));
    await rowsShown(page, 20);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('rows read as a person reads them: number, type, counterparty, issue date, total with currency, state, folder', async () => {
    await page.locator('.sentinel').scrollIntoViewIfNeeded();
    await rowsShown(page, total);
    expect(await rowOf(page, 'SAMPLE-0042')).toEqual({
      Number: 'SAMPLE-0042',
      Type: 'Invoice',
      Counterparty: 'Sample Consumer',
      'Issue date': 'November 20, 2026',
      Total: expect.stringMatching(/^€2,2\d\d\.\d\d$/),
      State: 'invalid',
      Folder: 'issued',
      Created: expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2} [AP]M GMT\+[12]$/),
    });
    // No counterparty of its own as customer: the supplier is who the document is with.
    expect((await rowOf(page, 'ACME-7')).Counterparty).toBe('Acme Tools S.L.');
    expect((await rowOf(page, 'Party 22')).Type).toBe('Party');
    // One warning badge for the state `invalid`, in the warning colour, not the colour of a good state.
    const badges = page.locator('.entry-row').filter({ hasText: 'SAMPLE-0042' }).locator('.badge');
    expect(await badges.count()).toBe(1);
    expect(await badges.getAttribute('class')).toContain('badge-invalid');
    await page.getByText(`${total} entries`, { exact: true }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'list-1280.png'), fullPage: true });
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test('the folder filter offers the folders in use, and the count follows the filter', async () => {
    const options = await page.getByLabel('Folder').locator('option').allTextContents();
    expect(options).toEqual(['All folders', 'issued', 'parties', 'received', 'sales']);
    await page.getByLabel('Folder').selectOption('issued');
    await rowsShown(page, 1);
    expect(await numbers(page)).toEqual(['SAMPLE-0042']);
    await page.getByText('1 entry', { exact: true }).waitFor();
    await page.getByLabel('Folder').selectOption('');
    await rowsShown(page, 20);
    await page.getByText(`${total} entries`, { exact: true }).waitFor();
  });

  test('search matches the beginnings of words as one types', async () => {
    await page.getByLabel('Search').fill('acm');
    await rowsShown(page, 1);
    expect(await numbers(page)).toEqual(['ACME-7']);
    await page.getByLabel('Search').fill('Sample Cons');
    await rowsShown(page, 2);
    expect((await numbers(page)).sort()).toEqual(['F-0001', 'SAMPLE-0042']);
    await page.getByText('2 matches', { exact: true }).waitFor();
    await page.getByLabel('Search').fill('');
    await rowsShown(page, 20);
  });

  test('sorting by date: oldest first and back, from the column and from the order field', async () => {
    const newest = await numbers(page);
    expect(newest[0]).toBe('Party 22');
    await page.getByRole('button', { name: /^Created/ }).click();
    await until(async () => (await numbers(page))[0] === 'F-0001', 'the oldest first');
    expect((await numbers(page)).slice(0, 3)).toEqual(['F-0001', 'SAMPLE-0042', 'ACME-7']);
    expect(await page.getByLabel('Order').inputValue()).toBe('oldest');
    expect(await page.locator('th[aria-sort]').getAttribute('aria-sort')).toBe('ascending');
    await page.locator('.sentinel').scrollIntoViewIfNeeded();
    await rowsShown(page, total);
    // Oldest first is the newest-first list read backwards.
    expect((await numbers(page)).slice(-20).reverse()).toEqual(newest);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.getByLabel('Order').selectOption('newest');
    await until(async () => (await numbers(page))[0] === 'Party 22', 'the newest first');
    await rowsShown(page, 20);
  });

  test('sorting by total: highest first, then lowest first from the Total column; entries without a total last', async () => {
    await page.getByLabel('Order').selectOption('amount-desc');
    await until(async () => (await numbers(page))[0] === 'SAMPLE-0042', 'the highest total first');
    // The service orders and pages it: a page first, the rest as the list's end scrolls into view.
    await rowsShown(page, 20);
    await page.locator('.sentinel').scrollIntoViewIfNeeded();
    await rowsShown(page, total);
    const highest = await numbers(page);
    // Equal totals (ACME-7 and F-0001): by id, whichever that puts first.
    expect(highest[0]).toBe('SAMPLE-0042');
    expect(highest.slice(1, 3).sort()).toEqual(['ACME-7', 'F-0001']);
    expect(highest.slice(3).every((name) => name.startsWith('Party '))).toBe(true);
    expect(await page.locator('th[aria-sort]').getAttribute('aria-sort')).toBe('descending');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.getByRole('button', { name: /^Total/ }).click();
    await until(async () => (await numbers(page))[2] === 'SAMPLE-0042', 'the lowest total first');
    expect((await numbers(page)).slice(0, 3)).toEqual([...highest.slice(1, 3).reverse(), 'SAMPLE-0042']);
    expect(await page.getByLabel('Order').inputValue()).toBe('amount-asc');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.getByLabel('Order').selectOption('newest');
    await until(async () => (await numbers(page))[0] === 'Party 22', 'the newest first');
    await rowsShown(page, 20);
  });

  test('CSV export holds every matching entry, past the page shown, with the list’s columns', async () => {
    expect(await page.locator('.entry-row').count()).toBeLessThan(total);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,number,type,counterparty,issue_date,total,currency,state,folder,signed,invalid,created_at');
    expect(lines).toHaveLength(total + 1);
    expect(lines.find((line) => line.includes(',SAMPLE-0042,'))).toMatch(
      new RegExp(`^${twoRatesId},SAMPLE-0042,Invoice,Sample Consumer,2026-11-20,\\d+\\.\\d{2},EUR,invalid,issued,false,false,`),
    );
    await page.getByText(`Exported ${total} rows.`).waitFor();

    await page.getByLabel('Folder').selectOption('received');
    await rowsShown(page, 1);
    const [filtered] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const only = readFileSync((await filtered.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(only).toHaveLength(2);
    expect(only[1]).toContain(',ACME-7,Invoice,Acme Tools S.L.,');
    await page.getByLabel('Folder').selectOption('');
    await rowsShown(page, 20);
  });

  test('the entry page names the document and its rates by GOBL’s names, one date format with the time zone', async () => {
    await page.getByLabel('Folder').selectOption('issued');
    await rowsShown(page, 1);
    await page.getByRole('link', { name: 'SAMPLE-0042', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice SAMPLE-0042' }).waitFor();
    const rates = await page
      .getByRole('table', { name: 'Taxes' })
      .locator('tbody tr')
      .evaluateAll((rows: any[]) => rows.map((row) => row.children[1]?.textContent));
    expect(rates).toEqual(['general', 'super-reduced']);
    // The state `invalid` once, never in a good state's colour.
    const badges = page.locator('.entry-header .badge');
    expect(await badges.allTextContents()).toEqual(['invalid']);
    expect(await badges.getAttribute('class')).toContain('badge-invalid');
    // Every moment in one format, naming the zone; the issue date in the same long form as the document.
    const moments = await page.locator('time').allTextContents();
    expect(moments.length).toBeGreaterThan(1);
    for (const moment of moments) expect(moment).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2} [AP]M GMT\+[12]$/);
    expect(await page.locator('.entry-header dd').allTextContents()).toContain('November 20, 2026');
    await page.screenshot({ path: path.join(SHOTS, 'entry-1280.png'), fullPage: true });
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.goBack();
    await rowsShown(page, 20);
  });

  test('at 390 px the tables reflow: every column named in each row, the Sum shown, nothing to scroll sideways', async () => {
    await page.setViewportSize(PHONE);
    await page.getByLabel('Folder').selectOption('issued');
    await rowsShown(page, 1);
    expect(await fitsWidth(page)).toBe(true);
    const total042 = page.locator('.entry-row').filter({ hasText: 'SAMPLE-0042' }).locator('td[data-label="Total"]');
    expect(await total042.isVisible()).toBe(true);
    expect(await total042.evaluate((cell) => (globalThis as any).getComputedStyle(cell, '::before').content)).toBe('"Total"');
    await page.screenshot({ path: path.join(SHOTS, 'list-390.png'), fullPage: true });
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('link', { name: 'SAMPLE-0042', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice SAMPLE-0042' }).waitFor();
    const sums = page.getByRole('table', { name: 'Lines' }).locator('td[data-label="Sum"]');
    expect(await sums.count()).toBe(2);
    for (const sum of await sums.all()) expect(await sum.isVisible()).toBe(true);
    // The Sum inside the window, not behind a scroll of its table.
    const box = await sums.first().boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    // The versions table too: each cell named, inside the window.
    const made = page.locator('table.versions td[data-label="Made"]').first();
    expect(await made.evaluate((cell) => (globalThis as any).getComputedStyle(cell, '::before').content)).toBe('"Made"');
    const madeBox = await made.boundingBox();
    expect(madeBox!.x + madeBox!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'entry-390.png'), fullPage: true });
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.setViewportSize(DESK);
    await page.goBack();
    await rowsShown(page, 20);
  });

  test('the pages reached nothing outside this machine, raised no error and broke no policy', () => {
    expect(offline.outside).toEqual([]);
    expect(offline.problems).toEqual([]);
    expect(violations).toEqual([]);
  });
});
