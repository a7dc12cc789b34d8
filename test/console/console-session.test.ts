import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, watchOffline, watchPolicyViolations } from '../helpers/browser';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { consoleLink } from '../../src/http/console.routes';
import { ensureConsoleBuilt } from './console-build';
import { accessibilityProblems } from './accessibility';

const SHOTS = path.resolve(__dirname, '..', '..', 'test-output', 'console');
const SIGN_IN = 'Sign in to the entries console';

/** The names in the list, once it shows `count` rows (polled from here: the console's policy refuses eval-based waits). */
async function namesShown(page: Page, count: number): Promise<string[]> {
  const end = Date.now() + 10_000;
  while ((await page.locator('.entry-row').count()) !== count) {
    if (Date.now() > end) throw new Error(`the list shows ${await page.locator('.entry-row').count()} rows, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return page.locator('.entry-row .entry-title').allTextContents();
}

describeInBrowser('the console’s session: tabs, links and workspaces', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  const workspaces = { a: newWorkspace(), b: newWorkspace() };
  const tokens: Record<'a' | 'b', string> = { a: '', b: '' };
  let entryOfA: string;
  /** Every URL the pages asked for: a token must never be in one. */
  const requested: string[] = [];
  const watched: { outside: string[]; problems: string[] }[] = [];
  const violations: string[][] = [];

  async function newPage(): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    watched.push(await watchOffline(page));
    violations.push(await watchPolicyViolations(page));
    return page;
  }

  beforeAll(async () => {
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startServer();
    tokens.a = await tokenFor(workspaces.a);
    tokens.b = await tokenFor(workspaces.b);
    const made = await client(t.url, tokens.a).post('/silo/v1/entries', { data: party('Only In A') });
    expect(made.status).toBe(200);
    entryOfA = made.body.id;
    expect((await client(t.url, tokens.b).post('/silo/v1/entries', { data: party('Only In B') })).status).toBe(200);
    browser = await launchChromium({ offline: true });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.on('request', (request) => requested.push(request.url()));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('the printed link, opened in a tab that shows the sign-in form, signs in', async () => {
    const page = await newPage();
    await page.goto(`${t.url}/console`);
    await page.getByRole('heading', { name: SIGN_IN }).waitFor();
    // Pasted into the address bar of the same tab: only the fragment changes, nothing reloads.
    await page.goto(consoleLink('127.0.0.1', new URL(t.url).port, tokens.a));
    expect(await namesShown(page, 1)).toEqual(['Only In A']);
    expect(page.url()).toBe(`${t.url}/console`);
    await page.close();
  });

  test('a tab opened with Ctrl+click, and any new tab of the session, is signed in without the token in its address', async () => {
    const page = await newPage();
    await page.goto(consoleLink('127.0.0.1', new URL(t.url).port, tokens.a));
    await namesShown(page, 1);
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Only In A' }).click({ modifiers: ['Control'] }),
    ]);
    opened.setDefaultTimeout(10_000);
    await opened.getByRole('heading', { level: 1, name: 'Party Only In A' }).waitFor();
    expect(opened.url()).toBe(`${t.url}/console/entries/${entryOfA}`);

    // A tab opened from nothing (no opener, no copied storage) asks the open tabs too.
    const fresh = await newPage();
    await fresh.goto(`${t.url}/console/entries/${entryOfA}`);
    await fresh.getByRole('heading', { level: 1, name: 'Party Only In A' }).waitFor();
    await opened.close();
    await fresh.close();
    await page.close();
  });

  test('the workspace switcher: add a second token, switch between them in one tab, and a new tab knows both', async () => {
    const page = await newPage();
    await page.goto(consoleLink('127.0.0.1', new URL(t.url).port, tokens.a));
    await namesShown(page, 1);
    await page.getByLabel('Workspace').selectOption({ label: 'Add a workspace…' });
    await page.getByRole('heading', { name: SIGN_IN }).waitFor();
    // The workspaces already pasted can be gone back to from here.
    await page.getByRole('button', { name: workspaces.a }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByLabel('Token').fill(tokens.b);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await namesShown(page, 1)).toEqual(['Only In B']);
    expect(await page.getByLabel('Workspace').locator('option').allTextContents()).toEqual([
      workspaces.b,
      workspaces.a,
      'Add a workspace…',
    ]);
    await page.screenshot({ path: path.join(SHOTS, 'workspace-switcher-1280.png') });
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByLabel('Workspace').selectOption({ label: workspaces.a });
    await page.locator('.entry-row').filter({ hasText: 'Only In A' }).waitFor();
    expect(await namesShown(page, 1)).toEqual(['Only In A']);

    const other = await newPage();
    await other.setViewportSize({ width: 390, height: 844 });
    await other.goto(`${t.url}/console`);
    expect(await namesShown(other, 1)).toEqual(['Only In A']);
    expect((await other.getByLabel('Workspace').locator('option').allTextContents()).sort()).toEqual(
      ['Add a workspace…', workspaces.a, workspaces.b].sort(),
    );
    expect(await other.getByLabel('Workspace').inputValue()).toBe(tokens.a);
    expect(await other.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')).toBe(true);
    await other.screenshot({ path: path.join(SHOTS, 'workspace-switcher-390.png') });
    expect(await accessibilityProblems(other)).toEqual([]);

    // Signing out of a workspace signs out every tab of the session that uses it, and the others forget it.
    await other.getByRole('button', { name: 'Sign out' }).click();
    await other.getByRole('heading', { name: SIGN_IN }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Signed out in another tab.' }).waitFor();
    await page.getByRole('button', { name: workspaces.b }).click();
    expect(await namesShown(page, 1)).toEqual(['Only In B']);
    expect(await page.getByLabel('Workspace').locator('option').allTextContents()).toEqual([workspaces.b, 'Add a workspace…']);
    await other.close();
    await page.close();
  });

  test('a browser session of its own knows nothing of this one', async () => {
    const elsewhere = await browser.newContext();
    const page = await elsewhere.newPage();
    await page.goto(`${t.url}/console`);
    await page.getByRole('heading', { name: SIGN_IN }).waitFor();
    await elsewhere.close();
  });

  test('no token reached a URL, nothing outside this machine was reached, no error, no policy broken', () => {
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => url.includes(tokens.a) || url.includes(tokens.b))).toEqual([]);
    for (const { outside, problems } of watched) {
      expect(outside).toEqual([]);
      expect(problems).toEqual([]);
    }
    expect(violations.flat()).toEqual([]);
  });
});
