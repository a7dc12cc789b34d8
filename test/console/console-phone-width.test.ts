import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consoleLink } from '../../src/http/console.routes';
import { describeInBrowser, launchChromium } from '../helpers/browser';
import { invoice } from '../helpers/documents';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';
import { accessibilityProblems } from './accessibility';
import { ensureConsoleBuilt } from './console-build';

const SHOTS = path.resolve(__dirname, '..', '..', 'test-output', 'console');
const PHONE = { width: 390, height: 844 };

/** How far the page reaches past the window's right edge (0: nothing to scroll sideways). */
const overflow = async (page: Page) =>
  (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;

/**
 * Elements whose right edge is past the window's: what would be cut off, or make the page scroll sideways.
 * Text, not a function: it runs in the page, whose types (DOM) the tests are not compiled with.
 */
const cutOff = async (page: Page, selector: string) =>
  (await page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})]
    .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
    .map((el) => (el.id || el.tagName.toLowerCase() + '.' + el.className) + ' ' + Math.round(el.getBoundingClientRect().right))`)) as string[];

/**
 * The console at a phone's width (390 px): the invoice form with its lines, taxes and payment opened, the
 * edit form of a stored invoice, and an entry's versions compared: every field inside the window, and the page
 * never wider than it.
 */
describeInBrowser('the console at 390 px', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let entryId: string;

  beforeAll(async () => {
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startServer();
    const token = await tokenFor(newWorkspace());
    const api = client(t.url, token);
    const made = await api.post('/silo/v1/entries', { data: invoice() });
    expect(made.status).toBe(200);
    entryId = made.body.id;
    const lines = [
      ...made.body.data.doc.lines,
      { quantity: '2', item: { name: 'A second line with a rather long name', price: '12.50' }, taxes: [{ cat: 'VAT', rate: 'general' }] },
    ];
    expect(
      (await api.send('PATCH', `/silo/v1/entries/${entryId}`, { content_type: 'application/merge-patch+json', data: { doc: { lines } } }))
        .status,
    ).toBe(200);
    browser = await launchChromium({ offline: true });
    page = await (await browser.newContext({ locale: 'en-GB', viewport: PHONE })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(consoleLink('127.0.0.1', new URL(t.url).port, token));
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('the new invoice form, a line added: every input inside the window, no sideways scroll', async () => {
    await page.goto(`${t.url}/console/new`);
    await page.locator('[data-form-type="bill/invoice"]').waitFor();
    await page.locator('#root_lines').getByRole('button', { name: 'Add' }).last().click();
    await page.locator('#root_lines_0_quantity').waitFor();
    expect(await cutOff(page, 'input, select, textarea, button, label, legend')).toEqual([]);
    expect(await overflow(page)).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'phone-new-invoice-390.png'), fullPage: true });
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test('the edit form of a stored invoice with two lines: the same', async () => {
    await page.goto(`${t.url}/console/entries/${entryId}/edit`);
    await page.locator('#root_lines_1_item_name').waitFor();
    expect(await cutOff(page, 'input, select, textarea, button, label, legend')).toEqual([]);
    expect(await overflow(page)).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'phone-edit-invoice-390.png'), fullPage: true });
    // Each line's fields take the line's whole width: its Up, Down and Remove go below them, not beside.
    const squeezed = (await page.evaluate(`[...document.querySelectorAll('.rjsf-array-item')]
      .filter((item) => item.firstElementChild.getBoundingClientRect().width < item.getBoundingClientRect().width - 1).length`)) as number;
    expect(squeezed).toBe(0);
    await page.locator('#root_lines').screenshot({ path: path.join(SHOTS, 'phone-edit-invoice-lines-390.png') });
  });

  test("an entry's versions compared: the changed fields reflow, each named, inside the window", async () => {
    await page.goto(`${t.url}/console/entries/${entryId}`);
    const cell = page.locator('[data-field="diff"] tbody tr td[data-label="After"]').first();
    await cell.waitFor();
    expect(await cell.evaluate((el) => (globalThis as any).getComputedStyle(el, '::before').content)).toBe('"After"');
    expect(await cutOff(page, 'main *')).toEqual([]);
    expect(await overflow(page)).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'phone-versions-390.png'), fullPage: true });
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});
