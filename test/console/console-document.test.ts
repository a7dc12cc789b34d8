import { mkdirSync, readFileSync } from 'node:fs';
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

/** Several lines, two VAT rates and a discount, so the tax breakdown has two rows. */
const invoiceToRead = () =>
  invoice({
    series: 'CON',
    code: '0007',
    supplier: {
      name: 'Provide One S.L.',
      tax_id: { country: 'ES', code: 'B98602642' },
      addresses: [{ num: '42', street: 'Calle Pradillo', locality: 'Madrid', code: '28002', country: 'ES' }],
    },
    lines: [
      {
        quantity: '20',
        item: { name: 'Development services', price: '90.00' },
        discounts: [{ percent: '10%', reason: 'Loyalty' }],
        taxes: [{ cat: 'VAT', rate: 'general' }],
      },
      { quantity: '3', item: { name: 'Printed manuals', price: '12.50' }, taxes: [{ cat: 'VAT', rate: 'reduced' }] },
      { quantity: '1', item: { name: 'Travel', price: '150.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] },
    ],
    payment: { terms: { key: 'due-date', due_dates: [{ date: '2026-12-20', percent: '100%' }] } },
    notes: [{ key: 'general', text: 'Thank you for your business.' }],
  });

const decimalsOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);
/** An amount as en-GB writes it in the document's currency, with the decimals it was stored with. */
const money = (amount: string, currency: string) =>
  new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimalsOf(amount),
    maximumFractionDigits: decimalsOf(amount),
  }).format(Number(amount));
/** A stored percentage (`21.0%`) as en-GB writes it. */
const percent = (stored: string) => {
  const number = stored.replace(/%$/, '');
  return `${new Intl.NumberFormat(LOCALE, { minimumFractionDigits: decimalsOf(number), maximumFractionDigits: decimalsOf(number) }).format(Number(number))}%`;
};

/** The text of the definition a list of the page gives for `label`. */
const definitionOf = (page: Page, block: string, label: string) =>
  page
    .locator(`${block} div`)
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .textContent();

describeInBrowser("an entry's document rendered in the console, and its PDF", () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let api: ReturnType<typeof client>;
  let offline: { outside: string[]; problems: string[] };
  let violations: string[];
  const pdfRequests: { url: string; authorization?: string }[] = [];
  let closed = false;

  const open = async (id: string) => {
    await page.goto(`${t.url}/console/entries/${id}`);
    await page.locator('.document h2').waitFor();
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startServer();
    token = await tokenFor(newWorkspace());
    api = client(t.url, token);
    browser = await launchChromium({ offline: true });
    const context = await browser.newContext({ locale: LOCALE, viewport: { width: 1100, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    offline = await watchOffline(page);
    violations = await watchPolicyViolations(page);
    page.on('request', (request) => {
      if (request.url().includes('/pdf')) pdfRequests.push({ url: request.url(), authorization: request.headers().authorization });
    });
    await page.goto(consoleLink('127.0.0.1', new URL(t.url).port, token));
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    if (!closed) await t?.close();
  });

  test('an invoice shows its payable amount, tax rows and parties as the stored envelope holds them', async () => {
    const made = await api.post('/silo/v1/entries', { data: invoiceToRead() });
    expect(made.status).toBe(200);
    const stored = (await api.get(`/silo/v1/entries/${made.body.id}`)).body.data.doc;
    await open(made.body.id);

    expect(await page.locator('.document h2').textContent()).toBe('Invoice CON-0007');
    expect(await definitionOf(page, '.document-totals', 'Payable')).toBe(money(stored.totals.payable, stored.currency));
    expect(await definitionOf(page, '.document-totals', 'Total with tax')).toBe(money(stored.totals.total_with_tax, stored.currency));

    const rates = stored.totals.taxes.categories.flatMap((category: any) =>
      category.rates.map((rate: any) => ({ category: category.code, ...rate })),
    );
    expect(rates).toHaveLength(2);
    const taxRows = page.getByRole('table', { name: 'Taxes' }).locator('tbody tr');
    expect(await taxRows.count()).toBe(2);
    for (const [index, rate] of rates.entries()) {
      const cells = await taxRows.nth(index).locator('th, td').allTextContents();
      expect(cells[0]).toBe(rate.category);
      expect(cells.slice(2)).toEqual([money(rate.base, stored.currency), percent(rate.percent), money(rate.amount, stored.currency)]);
    }
    expect(await page.getByRole('table', { name: 'Lines' }).locator('tbody tr').count()).toBe(3);

    for (const [role, party] of [
      ['Supplier', stored.supplier],
      ['Customer', stored.customer],
    ]) {
      const block = page.locator(`.party[data-role="${role}"]`);
      expect(await block.getByRole('heading', { level: 3 }).textContent()).toBe(party.name);
      expect(await block.locator('.party-lines li').allTextContents()).toContain(`Tax ID: ${party.tax_id.country} ${party.tax_id.code}`);
    }
    await page.getByRole('heading', { name: 'Payment terms' }).waitFor();
    await page.getByText('General: Thank you for your business.').waitFor();

    // The JSON is still there, behind its disclosure, and opens from the keyboard.
    expect(await page.locator('[data-field="json"]').isVisible()).toBe(false);
    await page.locator('.json-details summary').focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('[data-field="json"]').isVisible()).toBe(true);
    expect(JSON.parse((await page.locator('[data-field="json"]').textContent())!).doc).toEqual(stored);

    await page.screenshot({ path: path.join(SHOTS, 'document.png'), fullPage: true });
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test('"Download PDF" saves the route\'s PDF, asked for with the token in a header, never in the URL', async () => {
    const made = await api.post('/silo/v1/entries', { data: invoiceToRead() });
    await open(made.body.id);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    const saved = readFileSync((await download.path())!);
    expect(download.suggestedFilename()).toBe('CON-0007.pdf');
    expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const answered = await fetch(`${t.url}/silo/v1/entries/${made.body.id}/pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect(answered.status).toBe(200);
    expect(saved.length).toBe((await answered.arrayBuffer()).byteLength);

    expect(pdfRequests).toEqual([{ url: `${t.url}/silo/v1/entries/${made.body.id}/pdf`, authorization: `Bearer ${token}` }]);
    await page.getByRole('button', { name: 'Download PDF' }).waitFor();
  });

  test('a party entry shows its name and tax id', async () => {
    const made = await api.post('/silo/v1/entries', {
      data: { $schema: 'https://gobl.org/draft-0/org/party', name: 'Sample Consumer', tax_id: { country: 'ES', code: '54387763P' } },
    });
    expect(made.status).toBe(200);
    await open(made.body.id);
    const block = page.locator('.party').first();
    expect(await block.getByRole('heading', { level: 3 }).textContent()).toBe('Sample Consumer');
    expect(await block.locator('.party-lines li').allTextContents()).toContain('Tax ID: ES 54387763P');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test("an invalid invoice's faults stand beside the block they point at, the others in a list at the top", async () => {
    // No supplier (a fault at a part the page cannot show), and a customer's tax id that fails its check.
    const data = invoice({
      supplier: undefined,
      customer: { name: 'Sample Consumer', tax_id: { country: 'ES', code: 'X0000000' } },
      lines: [{ quantity: '2', item: { name: 'Hours', price: '10.00' } }],
    });
    const made = await api.post('/silo/v1/entries', { data, allow_invalid: true });
    expect(made.status).toBe(200);
    const faults = made.body.faults as { code: string; paths: string[] }[];
    await open(made.body.id);
    const top = page.locator('.document > .faults');
    expect(await top.textContent()).toContain('GOBL-BILL-INVOICE-05');
    expect(await top.textContent()).not.toContain('GOBL-ES-TAX-IDENTITY-01');
    const customerFault = faults.find((fault) => fault.paths.some((p) => p.startsWith('$.doc.customer')));
    expect(customerFault).toBeDefined();
    expect(await page.locator('.party[data-role="Customer"] .fault-notes').textContent()).toContain(customerFault!.code);
    await page.screenshot({ path: path.join(SHOTS, 'document-faults.png'), fullPage: true });
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test('a download that fails says so, and the button can be used again', async () => {
    const made = await api.post('/silo/v1/entries', { data: invoiceToRead() });
    await open(made.body.id);
    // The service goes away with the page still open: the PDF's request fails for real.
    await t.close();
    closed = true;
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Could not download the PDF: / })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Download PDF' }).getAttribute('aria-disabled')).toBe('false');
  });

  test('the pages reached nothing outside this machine, raised no error and broke no policy', () => {
    expect(offline.outside).toEqual([]);
    expect(offline.problems).toEqual([]);
    expect(violations).toEqual([]);
  });
});
