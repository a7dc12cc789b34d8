import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { EntryImporter } from '../../src/domain/transfer/entry-import';
import { sampleEntries } from '../../src/domain/transfer/sample-entries';
import { consoleLink } from '../../src/http/console.routes';
import { EntryRepository } from '../../src/storage/entry.repository';
import { describeInBrowser, launchChromium, watchOffline, watchPolicyViolations } from '../helpers/browser';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';
import { accessibilityProblems } from './accessibility';
import { ensureConsoleBuilt } from './console-build';

/**
 * The console's list by total past 1,000 entries (the most it could once sort itself): the service orders and
 * pages it, the console asks for the next page as the list's end scrolls into view, and the export follows.
 */
const SHOTS = path.resolve(__dirname, '..', '..', 'test-output', 'console');
const ENTRIES = 1_050;
const PAGE = 20;

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const shownIds = (page: Page) =>
  page.locator('.entry-row').evaluateAll((rows: any[]) => rows.map((row) => row.getAttribute('data-entry-id') as string));

describeInBrowser('the console’s list by total, at any size', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;
  let offline: { outside: string[]; problems: string[] };
  let violations: string[];

  beforeAll(async () => {
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startServer();
    const workspace = newWorkspace();
    // Through the storage's bulk path (npm run seed's): a thousand creates over HTTP would take minutes.
    const importer = new EntryImporter(new EntryRepository(t.server.dataSource));
    const entries = [];
    for await (const entry of sampleEntries(importer, workspace, ENTRIES, { templates: 40 })) entries.push(entry);
    await importer.store(entries);
    const token = await tokenFor(workspace);
    api = client(t.url, token);
    browser = await launchChromium({ offline: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US', timezoneId: 'Europe/Madrid' });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    offline = await watchOffline(page);
    violations = await watchPolicyViolations(page);
    await page.goto(consoleLink('127.0.0.1', new URL(t.url).port, token));
    await until(async () => (await page.locator('.entry-row').count()) === PAGE, 'the first page');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** The service's list by amount, its first `count` ids. */
  async function serviceOrder(query: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    while (ids.length < count) {
      const reply = await api.get(`/silo/v1/entries?order_by=amount&limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...reply.body.list.map((e: { id: string }) => e.id));
      cursor = reply.body.next_cursor;
      if (!cursor) break;
    }
    return ids.slice(0, count);
  }

  test('highest total first over 1,000 entries, a page at a time as one scrolls; then lowest first from the Total column', async () => {
    await page.getByText(`${ENTRIES.toLocaleString('en-US')} entries`, { exact: true }).waitFor();
    const highest = await serviceOrder('', PAGE * 3);
    await page.getByLabel('Order').selectOption('amount-desc');
    await until(async () => (await shownIds(page))[0] === highest[0], 'the highest total first');
    expect(await shownIds(page)).toEqual(highest.slice(0, PAGE));
    // Nothing is greyed out, whatever the count: the order is the service's.
    expect(await page.getByRole('option', { name: 'Highest total first' }).isDisabled()).toBe(false);
    expect(await page.getByLabel(/Created on or/).isDisabled()).toBe(true);
    await page.locator('.sentinel').scrollIntoViewIfNeeded();
    await until(async () => (await shownIds(page)).length >= PAGE * 2, 'the second page');
    expect((await shownIds(page)).slice(0, PAGE * 2)).toEqual(highest.slice(0, PAGE * 2));
    expect(await page.locator('th[aria-sort]').getAttribute('aria-sort')).toBe('descending');
    await page.screenshot({ path: path.join(SHOTS, 'list-by-total-1280.png') });
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.evaluate('window.scrollTo(0, 0)');
    const lowest = await serviceOrder('&ascending=true', PAGE);
    await page.getByRole('button', { name: /^Total/ }).click();
    await until(async () => (await shownIds(page))[0] === lowest[0], 'the lowest total first');
    expect(await shownIds(page)).toEqual(lowest);
    expect(await page.getByLabel('Order').inputValue()).toBe('amount-asc');
  });

  test('the CSV export follows the order by total', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const { readFileSync } = await import('node:fs');
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(ENTRIES + 1);
    const lowest = await serviceOrder('&ascending=true', 150);
    expect(lines.slice(1, 151).map((line) => line.split(',')[0])).toEqual(lowest);
  });

  test('the page reached nothing outside this machine, raised no error and broke no policy', () => {
    expect(offline.outside).toEqual([]);
    expect(offline.problems).toEqual([]);
    expect(violations).toEqual([]);
  });
});
