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
const LOCALE = 'en-GB';
const euros = (amount: number) =>
  new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(amount);

describeInBrowser('the document forms of the console', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;
  let offline: { outside: string[]; problems: string[] };
  let violations: string[];
  const payable = () =>
    page
      .locator('.calculated .document-totals div')
      .filter({ has: page.locator('dt', { hasText: /^Payable$/ }) })
      .locator('dd');
  const entries = async () => (await api.get('/silo/v1/entries?limit=100')).body.list as { id: string }[];
  /** Waits for the JSON text to hold `needle` (polled from here: the page's policy refuses eval). */
  const textContaining = async (needle: string) => {
    for (let tries = 0; tries < 300 && !(await page.getByLabel('Document (GOBL JSON)').inputValue()).includes(needle); tries += 1)
      await page.waitForTimeout(100);
  };
  /** Screenshots of the page at a desktop's width and a phone's. */
  const shoot = async (name: string) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startServer();
    const token = await tokenFor(newWorkspace());
    api = client(t.url, token);
    browser = await launchChromium({ offline: true });
    const context = await browser.newContext({ locale: LOCALE, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
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

  test('the service serves the JSON Schema of a document type, and 404 for another name', async () => {
    const found = await api.get('/silo/v1/gobl/schemas/bill/invoice');
    expect(found.status).toBe(200);
    expect(found.body.properties.lines).toEqual({ title: 'Lines', type: 'array', items: { $ref: '#/definitions/bill.line' } });
    expect(found.body.definitions['org.party'].properties.name).toMatchObject({ type: 'string' });
    expect(found.body.properties.totals.readOnly).toBe(true);
    expect((await api.get('/silo/v1/gobl/schemas/bill/nothing')).status).toBe(404);
  });

  test('an invoice written in the form is calculated as one types, its fault shown at its field, then stored', async () => {
    await page.goto(`${t.url}/console/new`);
    await page.locator('[data-form-type="bill/invoice"]').waitFor();
    // The JSON text is filled first with the parts the form has no quick way to add; then the form is used.
    await page
      .getByLabel('Document (GOBL JSON)')
      .fill(JSON.stringify(invoice({ code: 'FORM-1', supplier: { name: 'Provide One S.L.' }, lines: [] }), null, 2));
    await page.locator('#root_supplier_name').waitFor();
    await page.locator('#root_supplier_name').fill('Provide One S.L.');
    // A line, added through the form.
    await page.locator('#root_lines').getByRole('button', { name: 'Add' }).last().click();
    await page.locator('#root_lines_0_quantity').fill('3');
    await page.locator('#root_lines_0_item_name').fill('Consulting');
    await page.locator('#root_lines_0_item_price').fill('100.00');
    // Live: no button pressed.
    await page.locator('.calculated').waitFor();
    expect(await payable().textContent()).toBe(euros(300));
    const text = JSON.parse(await page.getByLabel('Document (GOBL JSON)').inputValue());
    expect(text.lines).toEqual([{ quantity: '3', item: { name: 'Consulting', price: '100.00' } }]);
    expect(await entries()).toEqual([]);

    // A wrong Spanish tax code: the fault appears beside that field of the form.
    await page.locator('#root_customer_tax_id_country').fill('ES');
    await page.locator('#root_customer_tax_id_code').fill('X0000000');
    await page.locator('#root_customer_tax_id .error-detail, #root_customer_tax_id_code + .error-detail, .has-error').first().waitFor();
    expect(await page.locator('.schema-form').textContent()).toContain('GOBL-ES-TAX-IDENTITY');
    await shoot('form-invoice-fault');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.locator('#root_customer_tax_id_code').fill('54387763P');
    await page.locator('.calculated').waitFor();
    await page.getByRole('button', { name: 'Store' }).click();
    await page.waitForURL(/\/console\/entries\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() as string;
    const stored = (await api.get(`/silo/v1/entries/${id}`)).body;
    expect(stored.data.doc.code).toBe('FORM-1');
    // The line was added without taxes.
    expect(stored.data.doc.totals.payable).toBe('300.00');
  });

  test('"Edit" opens the form with the document; Save makes a new version of the version shown, and a stale one is refused', async () => {
    const made = (await api.post('/silo/v1/entries', { data: invoice({ code: 'EDIT-1' }) })).body;
    await page.goto(`${t.url}/console/entries/${made.id}`);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(/\/edit$/);
    await page.locator('#root_lines_0_quantity').waitFor();
    expect(await page.locator('#root_lines_0_quantity').inputValue()).toBe('20');
    await page.locator('#root_lines_0_quantity').fill('2');
    await page.locator('.calculated').waitFor();
    await shoot('form-edit');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/console/entries/${made.id}$`));
    const now = (await api.get(`/silo/v1/entries/${made.id}`)).body;
    expect(now.version).not.toBe(made.version);
    expect(now.data.doc.lines[0].quantity).toBe('2');

    // Edited elsewhere meanwhile: the save is refused, nothing written.
    await page.goto(`${t.url}/console/entries/${made.id}/edit`);
    await page.locator('#root_lines_0_quantity').waitFor();
    expect(
      (await api.send('PATCH', `/silo/v1/entries/${made.id}`, { data: invoice({ code: 'EDIT-1', notes: [{ text: 'elsewhere' }] }) }))
        .status,
    ).toBe(200);
    const between = (await api.get(`/silo/v1/entries/${made.id}`)).body.version;
    await page.locator('#root_lines_0_quantity').fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#edit-text-problems').waitFor();
    expect(page.url()).toMatch(/\/edit$/);
    expect((await api.get(`/silo/v1/entries/${made.id}`)).body.version).toBe(between);
  });

  test('"Duplicate" starts a new draft without the uuid and code; "Create credit note" starts GOBL\'s credit note of the invoice', async () => {
    const made = (await api.post('/silo/v1/entries', { data: invoice({ code: 'DUP-1' }) })).body;
    await page.goto(`${t.url}/console/entries/${made.id}`);
    await page.getByRole('link', { name: 'Duplicate' }).click();
    await page.locator('[data-field="draft-origin"]', { hasText: 'A copy of' }).waitFor();
    await textContaining('Development services');
    const copy = JSON.parse(await page.getByLabel('Document (GOBL JSON)').inputValue());
    expect(copy.uuid).toBeUndefined();
    expect(copy.code).toBeUndefined();
    expect(copy.lines[0].item.name).toBe('Development services');

    await page.goto(`${t.url}/console/entries/${made.id}`);
    await page.getByRole('link', { name: 'Create credit note' }).click();
    await page.locator('[data-field="draft-origin"]', { hasText: 'A credit note of' }).waitFor();
    await textContaining('credit-note');
    const note = JSON.parse(await page.getByLabel('Document (GOBL JSON)').inputValue());
    expect(note.type).toBe('credit-note');
    expect(note.preceding[0].uuid).toBe(made.data.doc.uuid);
    await page.locator('.calculated').waitFor();
    await shoot('form-credit-note');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByLabel('Key (optional)').fill('credit-dup-1');
    await page.getByRole('button', { name: 'Store' }).click();
    await page.waitForURL(/\/console\/entries\/[0-9a-f-]{36}$/);
    const stored = (await api.get('/silo/v1/entries/key/credit-dup-1')).body;
    expect(stored.data.doc.type).toBe('credit-note');
  });

  test('a party and a message have forms of their own', async () => {
    await page.goto(`${t.url}/console/new`);
    await page.locator('[data-form-type="bill/invoice"]').waitFor();
    await page.getByLabel('Document type').selectOption('note/message');
    await page.locator('[data-form-type="note/message"] #root_title').fill('Hello');
    await page.locator('#root_content').fill('A first message');
    expect(JSON.parse(await page.getByLabel('Document (GOBL JSON)').inputValue())).toEqual({
      $schema: 'https://gobl.org/draft-0/note/message',
      title: 'Hello',
      content: 'A first message',
    });
    await page.getByLabel('Document type').selectOption('org/party');
    await page.locator('[data-form-type="org/party"] #root_name').fill('Sample Party');
    expect(JSON.parse(await page.getByLabel('Document (GOBL JSON)').inputValue()).name).toBe('Sample Party');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test('the pages reached nothing outside this machine, raised no error and broke no policy', () => {
    expect(offline.outside).toEqual([]);
    expect(offline.problems).toEqual([]);
    expect(violations).toEqual([]);
  });
});
