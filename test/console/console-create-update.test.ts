import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, watchOffline, watchPolicyViolations } from '../helpers/browser';
import { invoice } from '../helpers/documents';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';
import { consoleLink } from '../../src/http/console.routes';
import { ensureConsoleBuilt } from './console-build';
import { accessibilityProblems } from './accessibility';

const SHOTS = path.resolve(__dirname, '..', '..', 'test-output', 'console');
/** The browser's locale, pinned: the page writes amounts as this locale does, and so does the test. */
const LOCALE = 'en-GB';

/** The line (from 1) of the first occurrence of `needle` in `text`. */
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

/** A customer whose Spanish tax code fails its check: calculable, not valid. */
const invoiceWithWrongTaxId = () => invoice({ customer: { name: 'Sample Consumer', tax_id: { country: 'ES', code: 'X0000000' } } });

describeInBrowser('creating and updating entries in the console', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;
  let offline: { outside: string[]; problems: string[] };
  let violations: string[];
  const documentText = () => page.getByLabel('Document (GOBL JSON)');
  const entryCount = async () => ((await api.get('/silo/v1/entries?limit=100')).body.list as unknown[]).length;

  const openNew = async () => {
    await page.goto(`${t.url}/console/new`);
    await page.getByRole('heading', { level: 1, name: 'New entry' }).waitFor();
    // The form's schema is asked for as the page opens: wait for it, so that what a test sends is its own.
    await page.locator('[data-form-type]').waitFor();
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startServer();
    const token = await tokenFor(newWorkspace());
    api = client(t.url, token);
    browser = await launchChromium({ offline: true });
    const context = await browser.newContext({ locale: LOCALE, viewport: { width: 1100, height: 900 } });
    page = await context.newPage();
    // The engine's first documents are slow on a busy machine (its threads start and warm up).
    page.setDefaultTimeout(30_000);
    offline = await watchOffline(page);
    violations = await watchPolicyViolations(page);
    await page.goto(consoleLink('127.0.0.1', new URL(t.url).port, token));
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('the list links to "New entry"; a pasted partial invoice is calculated, shown with its payable, then stored in sales', async () => {
    await page.getByRole('link', { name: 'New entry' }).click();
    await page.getByRole('heading', { level: 1, name: 'New entry' }).waitFor();
    await documentText().fill(JSON.stringify(invoice(), null, 2));
    await page.getByRole('button', { name: 'Calculate' }).click();
    const payable = page
      .locator('.calculated .document-totals div')
      .filter({ has: page.locator('dt', { hasText: /^Payable$/ }) })
      .locator('dd');
    const expected = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(2178);
    expect(await payable.textContent()).toBe(expected);
    expect(expected).toBe('€2,178.00');
    // Focus moves to the result, and nothing is stored by a calculation.
    await page.locator('.calculated:focus').waitFor();
    expect(await entryCount()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'new-entry-calculated.png'), fullPage: true });

    await page.getByLabel('Key (optional)').fill('console-0001');
    await page.getByRole('button', { name: 'Store' }).click();
    await page.waitForURL(/\/console\/entries\/[0-9a-f-]{36}$/);
    await page.locator('.document h2', { hasText: 'Invoice F-0001' }).waitFor();
    const id = page.url().split('/').pop();
    const stored = await api.get('/silo/v1/entries/key/console-0001');
    expect(stored.status).toBe(200);
    expect(stored.body.id).toBe(id);
    expect(stored.body.folder).toBe('sales');
    expect(stored.body.data.doc.totals.payable).toBe('2178.00');
  });

  test('a dropped invoice with a wrong tax id is shown at its path and line, on Calculate and on Store, and nothing is stored', async () => {
    const before = await entryCount();
    await openNew();
    const text = JSON.stringify(invoiceWithWrongTaxId(), null, 2);
    // Dropped as a file on the text, as from a file manager. (Text, not a function: the tests have no DOM types.)
    const dropped = await page.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([${JSON.stringify(text)}], 'invoice.json', { type: 'application/json' }));
      return transfer;
    })()`);
    await documentText().dispatchEvent('drop', { dataTransfer: dropped });
    // The file is read asynchronously: wait for its text (polled from here, the page's policy refuses eval).
    for (let tries = 0; tries < 100 && (await documentText().inputValue()) === ''; tries += 1) await page.waitForTimeout(50);
    expect(await documentText().inputValue()).toBe(text);
    for (const button of ['Calculate', 'Store']) {
      await page.getByRole('button', { name: button }).click();
      const problems = page.locator('#document-text-problems');
      await problems.waitFor();
      const paths = await problems.locator('.fault-path').allTextContents();
      expect(paths.some((p) => p.startsWith('$.doc.customer.tax_id'))).toBe(true);
      expect(await problems.textContent()).toContain('GOBL-ES-TAX-IDENTITY');
      // The list is tied to the text, the focus is on it, and the text is at the faulty line.
      expect(await documentText().getAttribute('aria-describedby')).toContain('document-text-problems');
      expect(await documentText().getAttribute('aria-invalid')).toBe('true');
      await page.locator('#document-text-problems:focus').waitFor();
      const line = Number(await documentText().getAttribute('data-faulty-line'));
      expect([lineOf(text, '"tax_id"'), lineOf(text, '"X0000000"')]).toContain(line);
      await problems
        .getByRole('button', { name: /^Go to line \d+$/ })
        .first()
        .click();
      expect(await page.evaluate('document.activeElement.id')).toBe('document-text');
      const selected = (await page.evaluate(
        '(() => { const a = document.activeElement; return a.value.slice(a.selectionStart, a.selectionEnd); })()',
      )) as string;
      expect(selected).toMatch(/X0000000/);
    }
    expect(page.url()).toBe(`${t.url}/console/new`);
    expect(await entryCount()).toBe(before);
    await page.screenshot({ path: path.join(SHOTS, 'new-entry-faults.png'), fullPage: true });
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test('text that is not JSON is reported at its line and column, and nothing is sent', async () => {
    await openNew();
    const sent: string[] = [];
    const note = (request: { url(): string }) => sent.push(request.url());
    page.on('request', note);
    await documentText().fill('{\n  "series": "F",\n  "code": }');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.locator('#document-text-problems', { hasText: 'Not JSON, at line 3, column 11' }).waitFor();
    await page.getByRole('button', { name: 'Store' }).click();
    await page.locator('#document-text-problems', { hasText: 'Not JSON, at line 3, column 11' }).waitFor();
    page.off('request', note);
    expect(sent).toEqual([]);
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test('a value the engine cannot read (400 input) is shown at the field its answer names', async () => {
    const before = await entryCount();
    await openNew();
    const text = JSON.stringify(
      invoice({ lines: [{ quantity: 'twenty', item: { name: 'Development services', price: '90.00' } }] }),
      null,
      2,
    );
    await documentText().fill(text);
    await page.getByRole('button', { name: 'Store' }).click();
    const problems = page.locator('#document-text-problems');
    await page.locator('#document-text-problems:focus').waitFor();
    expect(await problems.locator('.fault-path').allTextContents()).toEqual(['$.doc.lines[0].quantity']);
    expect(Number(await documentText().getAttribute('data-faulty-line'))).toBe(lineOf(text, '"twenty"'));
    expect(await entryCount()).toBe(before);
  });

  // Editing an entry, in its form: console-forms.test.ts.

  test('the pages reached nothing outside this machine, raised no error and broke no policy', () => {
    expect(offline.outside).toEqual([]);
    expect(offline.problems).toEqual([]);
    expect(violations).toEqual([]);
  });
});
