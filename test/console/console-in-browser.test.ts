import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, watchOffline, watchPolicyViolations } from '../helpers/browser';
import { invoice } from '../helpers/documents';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { consoleLink } from '../../src/http/console.routes';
import { ensureConsoleBuilt } from './console-build';
import { accessibilityProblems } from './accessibility';

/** Screenshots of each page, for people to look at; the folder is not committed. */
const SHOTS = path.resolve(__dirname, '..', '..', 'test-output', 'console');
const PARTIES = 24;

const rowTitles = (page: Page) => page.locator('.entry-row .entry-title').allTextContents();

/**
 * Waits, polling from here, until the list shows `count` rows. (Playwright's waitForFunction evaluates its
 * predicate with eval inside the page, which the console's policy refuses.)
 */
async function rowsShown(page: Page, count: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let shown = await page.locator('.entry-row').count();
  while (shown !== count) {
    if (Date.now() > until) throw new Error(`the list shows ${shown} rows, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    shown = await page.locator('.entry-row').count();
  }
}

describeInBrowser('the console in a browser', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let api: ReturnType<typeof client>;
  let invoiceId: string;
  const created: string[] = [];
  let offline: { outside: string[]; problems: string[] };
  let violations: string[];

  beforeAll(async () => {
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startServer();
    token = await tokenFor(newWorkspace());
    api = client(t.url, token);
    const made = await api.post('/silo/v1/entries', { data: invoice() });
    expect(made.status).toBe(200);
    invoiceId = made.body.id;
    created.push('F-0001');
    const file = await api.post(`/silo/v1/entries/${invoiceId}/files`, {
      name: 'note.txt',
      mime: 'text/plain',
      data: Buffer.from('paid in full').toString('base64'),
    });
    expect(file.status).toBe(200);
    // More than one page (20), one at a time so that their order is their creation order.
    for (let i = 1; i <= PARTIES; i += 1) {
      const name = i === 7 ? 'Zephyrine Needleworks' : `Party ${String(i).padStart(2, '0')}`;
      expect((await api.post('/silo/v1/entries', { data: party(name) })).status).toBe(200);
      created.push(name);
    }
    browser = await launchChromium({ offline: true });
    // Short enough that one page of entries overflows it: the second page must come from scrolling.
    context = await browser.newContext({ viewport: { width: 1100, height: 700 } });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    offline = await watchOffline(page);
    violations = await watchPolicyViolations(page);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('the printed link signs in, and the token leaves the address and history', async () => {
    const link = consoleLink('127.0.0.1', new URL(t.url).port, token);
    expect(link).toBe(`${t.url}/console#token=${token}`);
    await page.goto(link);
    await page.locator('.entry-row').first().waitFor();
    expect(page.url()).toBe(`${t.url}/console`);
    expect(await page.evaluate('location.hash')).toBe('');
    expect(await page.evaluate('sessionStorage.length')).toBe(1);
    // The history entry was replaced, not added to: going back leaves the console.
    expect(await page.evaluate('history.length')).toBe(2);
  });

  test('the list shows the entries newest first, one page, then the next as it scrolls into view', async () => {
    await rowsShown(page, 20);
    const newestFirst = [...created].reverse();
    expect(await rowTitles(page)).toEqual(newestFirst.slice(0, 20));
    await page.screenshot({ path: path.join(SHOTS, 'entries.png') });
    // Nothing more until the end of the list is scrolled to.
    await page.waitForTimeout(500);
    expect(await page.locator('.entry-row').count()).toBe(20);
    await page.locator('.sentinel').scrollIntoViewIfNeeded();
    await rowsShown(page, created.length);
    expect(await rowTitles(page)).toEqual(newestFirst);
    await page.getByText('End of the list.').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test('the search narrows the list as one types', async () => {
    await page.getByLabel('Search').fill('needlework*');
    await rowsShown(page, 1);
    expect(await rowTitles(page)).toEqual(['Zephyrine Needleworks']);
    await page.screenshot({ path: path.join(SHOTS, 'search.png') });
    await page.getByLabel('Search').fill('');
    await rowsShown(page, 20);
  });

  test('the folder filter keeps that folder only', async () => {
    await page.getByLabel('Folder').selectOption('sales');
    await rowsShown(page, 1);
    expect(await rowTitles(page)).toEqual(['F-0001']);
    await page.getByLabel('Folder').selectOption('');
    await rowsShown(page, 20);
  });

  test('an entry created through REST appears at the top without a reload', async () => {
    const before = await page.evaluate('performance.getEntriesByType("navigation").length + ":" + performance.timeOrigin');
    expect((await api.post('/silo/v1/entries', { data: party('Arrived Live') })).status).toBe(200);
    await page.locator('.entry-row').first().filter({ hasText: 'Arrived Live' }).waitFor();
    expect(await page.evaluate('performance.getEntriesByType("navigation").length + ":" + performance.timeOrigin')).toBe(before);
    await page.getByText('1 new entry at the top').waitFor();
  });

  test('an invoice shows its stored envelope, and a state added with notes joins its timeline', async () => {
    // The invoice is the oldest entry, past the pages shown: the folder finds it.
    await page.getByLabel('Folder').selectOption('sales');
    await rowsShown(page, 1);
    await page.getByRole('link', { name: 'F-0001' }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice F-0001' }).waitFor();
    expect(page.url()).toBe(`${t.url}/console/entries/${invoiceId}`);
    const stored = await api.get(`/silo/v1/entries/${invoiceId}`);
    const shown = JSON.parse((await page.locator('[data-field="json"]').textContent())!);
    expect(shown).toEqual(stored.body.data);
    expect(shown.head.dig.val).toBe(stored.body.digest.val);
    expect(shown.doc.code).toBe('0001');
    expect(await page.locator('[data-field="digest"]').textContent()).toBe(`${stored.body.digest.alg}:${stored.body.digest.val}`);

    // Its file is a link to its bytes, which work without a token (a signed link).
    const href = await page.getByRole('link', { name: 'note.txt' }).getAttribute('href');
    const bytes = await fetch(href!);
    expect(bytes.status).toBe(200);
    expect(await bytes.text()).toBe('paid in full');

    await page.getByLabel('State', { exact: true }).selectOption('paid');
    await page.getByLabel('Notes').fill('Paid by bank transfer');
    await page.getByRole('button', { name: 'Add state' }).click();
    await page.locator('.timeline li[data-state="paid"]', { hasText: 'Paid by bank transfer' }).waitFor();
    const states = await api.get(`/silo/v1/entries/${invoiceId}/states`);
    expect(JSON.stringify(states.body)).toMatch(/Paid by bank transfer/);
    await page.screenshot({ path: path.join(SHOTS, 'entry.png'), fullPage: true });
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test('back returns to the list, whose address never held the token', async () => {
    await page.goBack();
    await page.locator('.entry-row').first().waitFor();
    expect(page.url()).toBe(`${t.url}/console`);
  });

  test('the state filter keeps the entries whose latest state it is, and is off while searching', async () => {
    // The invoice was just paid (above); no other entry has a state.
    await page.getByLabel('State', { exact: true }).selectOption('paid');
    await rowsShown(page, 1);
    expect(await rowTitles(page)).toEqual(['F-0001']);
    await page.getByLabel('State', { exact: true }).selectOption('void');
    await page.getByText('No entries.').waitFor();
    await page.getByLabel('State', { exact: true }).selectOption('');
    await rowsShown(page, 20);
    await page.getByLabel('Search').fill('needlework*');
    await page.getByText('Not with a search: it has no state filter.').waitFor();
    expect(await page.getByLabel('State', { exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Search').fill('');
    await rowsShown(page, 20);
  });

  test('an entry made after the list was read, before its events are followed, still appears', async () => {
    // The events' socket is held until the entry exists: following the feed from its end as read before the list,
    // the console still receives it; following "from now on" once connected, it would not.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.routeWebSocket(/\/graphql$/, async (socket) => {
      await held;
      socket.connectToServer();
    });
    try {
      await page.reload();
      await rowsShown(page, 20);
      expect((await api.post('/silo/v1/entries', { data: party('Made Meanwhile') })).status).toBe(200);
      release();
      await page.locator('.entry-row').first().filter({ hasText: 'Made Meanwhile' }).waitFor();
    } finally {
      release();
    }
  });

  test('the keyboard alone reaches an entry, with the focus in sight at each step', async () => {
    await page.evaluate('document.activeElement && document.activeElement.blur()');
    let focused = '';
    for (let presses = 0; presses < 30 && focused !== 'entry-title'; presses += 1) {
      await page.keyboard.press('Tab');
      focused = (await page.evaluate('document.activeElement.className')) as string;
      // Each stop shows the console's ring; except the calendar button inside a date field, Chromium's own
      // control, which draws its own ring (the field itself does not match :focus then).
      if (await page.evaluate('document.activeElement.matches(":focus")')) {
        expect(await page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).toBe('solid');
      }
    }
    expect(focused).toBe('entry-title');
    const title = (await page.evaluate('document.activeElement.textContent')) as string;
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: new RegExp(`${title}$`) }).waitFor();
    await page.goBack();
    await page.locator('.entry-row').first().waitFor();
  });

  test('sign out forgets the token; a refused token sends back to sign in, saying why', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the entries console' }).waitFor();
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'sign-in.png') });
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByLabel('Token').fill('not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'refused the token' }).waitFor();
    expect(await page.evaluate('sessionStorage.length')).toBe(0);

    await page.getByLabel('Token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.entry-row').first().waitFor();
  });

  test('the pages reached nothing outside this machine, raised no error and broke no policy', () => {
    expect(offline.outside).toEqual([]);
    expect(offline.problems).toEqual([]);
    expect(violations).toEqual([]);
  });
});
