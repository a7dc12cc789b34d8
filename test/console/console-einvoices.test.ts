import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, watchOffline, watchPolicyViolations } from '../helpers/browser';
import { einvoice } from '../helpers/documents';
import { EINVOICE_DIR, RULES_CACHE } from '../helpers/einvoice-judge';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';
import { ensureConsoleBuilt } from './console-build';
import { accessibilityProblems } from './accessibility';

/** The service's artefacts when the tests have them: the received entry's validation report is then shown too. */
const ARTEFACTS: Record<string, string> = EINVOICE_DIR ? { EINVOICE_ARTEFACTS_DIR: EINVOICE_DIR } : {};

describeInBrowser('e-invoices in the console: a format downloaded, a received one imported and shown', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let api: ReturnType<typeof client>;
  let offline: { outside: string[]; problems: string[] };
  let violations: string[];
  const folder = mkdtempSync(path.join(tmpdir(), 'entries-einvoices-'));

  beforeAll(async () => {
    ensureConsoleBuilt();
    t = await startServer(ARTEFACTS, { einvoiceRulesDir: RULES_CACHE });
    await t.server.einvoices.prepare();
    token = await tokenFor(newWorkspace());
    api = client(t.url, token);
    browser = await launchChromium({ offline: true });
    page = await (await browser.newContext({ viewport: { width: 1100, height: 900 }, acceptDownloads: true })).newPage();
    page.setDefaultTimeout(15_000);
    offline = await watchOffline(page);
    violations = await watchPolicyViolations(page);
    await page.goto(`${t.url}/console#token=${token}`);
    await page.getByRole('heading', { name: 'Entries' }).waitFor();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('an invoice downloads in the format chosen, as the route writes it; a format that cannot express it says why', async () => {
    const made = await api.post('/silo/v1/entries', { data: einvoice() });
    await page.goto(`${t.url}/console/entries/${made.body.id}`);
    const format = page.getByLabel('E-invoice format');
    const button = page.getByRole('button', { name: 'Download e-invoice' });

    await format.selectOption('cii');
    const [cii] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(cii.suggestedFilename()).toBe('F-0001.xml');
    const written = await fetch(`${t.url}/silo/v1/entries/${made.body.id}/formats/cii`, { headers: { authorization: `Bearer ${token}` } });
    expect(readFileSync((await cii.path())!, 'utf8')).toBe(await written.text());

    await format.selectOption('facturx');
    const [facturx] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(facturx.suggestedFilename()).toBe('F-0001.pdf');
    expect(
      readFileSync((await facturx.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // XRechnung asks for a buyer reference (BR-DE-15) and a seller contact this invoice does not have.
    await format.selectOption('xrechnung-cii');
    await button.click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Could not download the XRechnung 3\.0, CII document: / })
      .waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test("a received e-invoice dropped on the list becomes an entry, shown with its original and the sender's figures beside ours", async () => {
    const sent = await api.post('/silo/v1/entries', { data: einvoice() });
    const response = await fetch(`${t.url}/silo/v1/entries/${sent.body.id}/formats/ubl`, { headers: { authorization: `Bearer ${token}` } });
    // The sender's payable is off by a cent: the entry shows both figures and the difference.
    const xml = (await response.text()).replace(/(<cbc:PayableAmount currencyID="EUR">)[^<]+/, '$12178.01');
    const file = path.join(folder, 'received.xml');
    writeFileSync(file, xml);

    await page.goto(`${t.url}/console`);
    await page.getByLabel('Import an e-invoice (UBL or CII XML, or a Factur-X PDF)').setInputFiles(file);
    await page.getByRole('heading', { name: 'Received e-invoice' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/console\/entries\/[0-9a-f-]{36}$/);

    const totals = page.getByRole('table', { name: "The sender's figures beside ours" });
    const payable = await totals
      .getByRole('row', { name: /Amount due/ })
      .locator('td')
      .allTextContents();
    expect(payable).toEqual(['2178.01', '2178.00', '-0.01']);
    const tax = await totals.getByRole('row', { name: /^VAT/ }).locator('td').allTextContents();
    expect(tax).toEqual(['378.00', '378.00', 'none']);

    const original = await page.getByRole('link', { name: 'Download the original (received.xml)' }).getAttribute('href');
    expect(await (await fetch(original!)).text()).toBe(xml);
    if (EINVOICE_DIR) await page.getByText(/^Not valid by the XML Schema and en16931-ubl: 1 errors/).waitFor();
    if (EINVOICE_DIR) await page.getByText(/^BR-CO-16 \(fatal\)/).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test("a file that is no e-invoice is refused, in the service's words", async () => {
    const file = path.join(folder, 'notes.xml');
    writeFileSync(file, '<notes><note>hello</note></notes>');
    await page.goto(`${t.url}/console`);
    await page.getByLabel('Import an e-invoice (UBL or CII XML, or a Factur-X PDF)').setInputFiles(file);
    await page
      .getByRole('alert')
      .filter({ hasText: /^Could not import it: not an e-invoice: the root element is notes/ })
      .waitFor();
  });

  test('the pages reached nothing outside this machine, raised no error and broke no policy', () => {
    expect(offline.outside).toEqual([]);
    expect(offline.problems).toEqual([]);
    expect(violations).toEqual([]);
  });
});
