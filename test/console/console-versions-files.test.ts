import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, watchOffline, watchPolicyViolations } from '../helpers/browser';
import { invoice } from '../helpers/documents';
import { readPdf } from '../helpers/pdf-read';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';
import { ensureConsoleBuilt } from './console-build';
import { accessibilityProblems } from './accessibility';

const SHOTS = path.resolve(__dirname, '..', '..', 'test-output', 'console');
const DROP_ZONE = '[data-field="drop-zone"]';
const CHOOSE = 'Drop a file here or choose one';

/** The bytes behind a link of the page, fetched as a plain client would (a file's signed url needs no token). */
async function bytesBehind(page: Page, name: string): Promise<Buffer> {
  const href = await page.getByRole('link', { name }).getAttribute('href');
  const reply = await fetch(href!);
  expect(reply.status).toBe(200);
  return Buffer.from(await reply.arrayBuffer());
}

describeInBrowser("an entry's versions with a diff, and files uploaded in the console", () => {
  let t: TestServer;
  let small: TestServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let api: ReturnType<typeof client>;
  let entryId: string;
  let offline: { outside: string[]; problems: string[] };
  let violations: string[];
  /** Every upload request the page made: where to, and whether it carried the token in its header. */
  const uploads: { url: string; authorization?: string }[] = [];

  const signIn = async (server: TestServer, id: string) => {
    await page.goto(`${server.url}/console#token=${token}`);
    await page.locator('.entry-row').first().waitFor();
    await page.goto(`${server.url}/console/entries/${id}`);
    await page.locator('.document h2').waitFor();
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startServer();
    // A server whose files may be 1 KiB at most, for the refusal the console must show.
    small = await startServer({ FILE_SIZE_LIMIT: '1024' });
    token = await tokenFor(newWorkspace());
    api = client(t.url, token);
    const made = await api.post('/silo/v1/entries', { data: invoice() });
    expect(made.status).toBe(200);
    entryId = made.body.id;
    // Updated twice: three versions, the code going 0001, 0002, 0003.
    for (const code of ['0002', '0003']) {
      const updated = await api.send('PATCH', `/silo/v1/entries/${entryId}`, {
        content_type: 'application/merge-patch+json',
        data: { doc: { code } },
      });
      expect(updated.status).toBe(200);
    }
    browser = await launchChromium({ offline: true });
    page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
    page.setDefaultTimeout(10_000);
    offline = await watchOffline(page);
    violations = await watchPolicyViolations(page);
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/files$/.test(new URL(request.url()).pathname))
        uploads.push({ url: request.url(), authorization: request.headers().authorization });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await small?.close();
  });

  test("the versions list shows three; versions 1 and 3 compared show the code's old line removed and its new one added", async () => {
    await signIn(t, entryId);
    const stored = await api.get(`/silo/v1/entries/${entryId}`);
    const versions = (stored.body.versions as { version: string }[]).map((v) => v.version);
    expect(versions).toHaveLength(3);
    const rows = page.locator('table.versions tbody tr');
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    // Newest first, numbered down from 3, each with its version id.
    expect(await rows.locator('td:first-child').allTextContents()).toEqual(['3', '2', '1']);
    expect(await rows.locator('td.digest').allTextContents()).toEqual(versions);

    // At first the previous and the current versions are compared: the code went from 0002 to 0003.
    expect(await page.getByLabel('From version', { exact: true }).inputValue()).toBe(versions[1]);
    expect(await page.getByLabel('To version', { exact: true }).inputValue()).toBe(versions[0]);
    const codeRow = page.locator('[data-field="diff"] tbody tr', { has: page.locator('th', { hasText: /^code$/ }) });
    await codeRow.locator('del', { hasText: '0002' }).waitFor();

    await page.getByLabel('From version', { exact: true }).selectOption(versions[2]);
    await codeRow.locator('del', { hasText: '0001' }).waitFor();
    // The field, what became of it, and its value before and after: marked by words and by <del>/<ins>, not only by colour.
    expect(await codeRow.locator('th, td').allTextContents()).toEqual(['code', 'changed', '0001', '0003']);
    expect(await page.locator('[data-field="diff-summary"]').textContent()).toMatch(
      /^From version 1 to 3: \d+ fields? changed, \d+ added, \d+ removed\.$/,
    );
    // Every field listed is one that differs between the two stored documents, with the values they hold.
    const oldest = await api.get(`/silo/v1/entries/${entryId}/versions/${versions[2]}`);
    const newest = await api.get(`/silo/v1/entries/${entryId}/versions/${versions[0]}`);
    const valueAt = (doc: unknown, fieldPath: string) =>
      fieldPath
        .split(/\.|\[|\]\.?/)
        .filter(Boolean)
        .reduce<any>((at, key) => at?.[key], doc);
    const rowsListed = (await page.evaluate(
      `[...document.querySelectorAll('[data-field="diff"] tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent))`,
    )) as string[][];
    expect(rowsListed.length).toBeGreaterThan(0);
    for (const [fieldPath, kind, before, after] of rowsListed) {
      if (kind === 'changed') {
        expect(String(valueAt(oldest.body.data.doc, fieldPath!))).toBe(before);
        expect(String(valueAt(newest.body.data.doc, fieldPath!))).toBe(after);
      }
    }
    // No raw JSON lines any more.
    expect(await page.locator('[data-field="diff"]').textContent()).not.toContain('"code":');

    await page.screenshot({ path: path.join(SHOTS, 'entry-versions.png'), fullPage: true });
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test('a file dropped on the zone is uploaded, listed with a link to the same bytes, and REST lists it', async () => {
    const text = 'dropped in the console ✓';
    // The drop event carries a DataTransfer holding a File, both made in the page as a real drop would.
    const transfer = await page.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([${JSON.stringify(text)}], 'dropped.txt', { type: 'text/plain' }));
      return transfer;
    })()`);
    await page.locator(DROP_ZONE).dispatchEvent('dragover', { dataTransfer: transfer });
    await page.locator(DROP_ZONE).dispatchEvent('drop', { dataTransfer: transfer });
    await page.getByRole('link', { name: 'dropped.txt' }).waitFor();
    await page.getByText('Uploaded dropped.txt.').waitFor();
    expect((await bytesBehind(page, 'dropped.txt')).toString('utf8')).toBe(text);
    const stored = await api.get(`/silo/v1/entries/${entryId}`);
    expect(stored.body.attachments).toEqual([
      expect.objectContaining({ name: 'dropped.txt', mime: 'text/plain', size: Buffer.byteLength(text) }),
    ]);
  });

  test('a file chosen with the input, by its label, is uploaded too: the same bytes come back', async () => {
    const bytes = randomBytes(50_000);
    // The keyboard's way in is the input itself, with the console's focus ring.
    await page.getByLabel(CHOOSE).focus();
    expect(await page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).toBe('solid');
    expect(await page.evaluate('document.activeElement.type')).toBe('file');
    await page.getByLabel(CHOOSE).setInputFiles({ name: 'scan.bin', mimeType: 'application/octet-stream', buffer: bytes });
    await page.getByRole('link', { name: 'scan.bin' }).waitFor();
    expect((await bytesBehind(page, 'scan.bin')).equals(bytes)).toBe(true);
    const stored = await api.get(`/silo/v1/entries/${entryId}`);
    const names = (stored.body.attachments as { name: string; hash: string }[]).map((file) => file.name).sort();
    expect(names).toEqual(['dropped.txt', 'scan.bin']);
    // The token went in the Authorization header of each upload, never in its address.
    expect(uploads).toHaveLength(2);
    for (const upload of uploads) {
      expect(upload.authorization).toBe(`Bearer ${token}`);
      expect(upload.url).not.toContain(token);
    }
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test('"Attach PDF to entry", by keyboard, lists the entry\'s PDF among its files; again, it stays one file with a version', async () => {
    const attach = page.getByRole('button', { name: 'Attach PDF to entry' });
    await attach.focus();
    await page.keyboard.press('Enter');
    const link = page.getByRole('link', { name: 'F-0003.pdf' });
    await link.waitFor();
    await page.getByText('Attached as F-0003.pdf.').waitFor();
    const bytes = await bytesBehind(page, 'F-0003.pdf');
    expect((await readPdf(bytes)).text).toContain('Invoice F-0003');
    const pdfFiles = async () =>
      ((await api.get(`/silo/v1/entries/${entryId}`)).body.attachments as { id: string; name: string; category?: string }[]).filter(
        (file) => file.name.endsWith('.pdf'),
      );
    const [file] = await pdfFiles();
    expect(file).toMatchObject({ name: 'F-0003.pdf', category: 'format', size: bytes.length });

    await attach.click();
    // Done when the service kept the first PDF as a version of the file.
    const previousOf = async () => (await api.get(`/silo/v1/entries/${entryId}/files/${file.id}/meta`)).body.previous.length as number;
    const deadline = Date.now() + 10_000;
    while ((await previousOf()) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await previousOf()).toBe(1);
    await page.getByRole('button', { name: 'Attach PDF to entry' }).waitFor();
    await page.getByText('Attached as F-0003.pdf.').waitFor();
    expect(await pdfFiles()).toHaveLength(1);
    expect(await page.getByRole('link', { name: 'F-0003.pdf' }).count()).toBe(1);
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  test("a refused attach shows the service's message in an alert, and lists nothing new", async () => {
    // The service's refusal of a PDF too complex to make, answered in its place: a real one takes many seconds.
    const refusal = {
      data: null,
      errors: [{ message: 'the document is too complex to lay out', extensions: { code: 'DOCUMENT_TOO_COMPLEX', key: 'too-complex' } }],
    };
    await page.route('**/graphql', (route) =>
      route.request().postData()?.includes('attachEntryPdf')
        ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(refusal) })
        : route.fallback(),
    );
    try {
      const before = await page.locator('ul.files li').count();
      await page.getByRole('button', { name: 'Attach PDF to entry' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Could not attach the PDF' });
      await alert.waitFor();
      expect(await alert.textContent()).toBe('Could not attach the PDF: the document is too complex to lay out');
      expect(await page.locator('ul.files li').count()).toBe(before);
      await page.screenshot({ path: path.join(SHOTS, 'entry-attach-pdf-refused.png') });
      expect(await accessibilityProblems(page)).toEqual([]);
    } finally {
      await page.unroute('**/graphql');
    }
  });

  test.each([
    ['streamed past the limit', 4_000],
    ['refused from its length, before it is read', 300_000],
  ])("a file over the server's limit (%s) shows the service's 413 message", async (_how, size) => {
    const smallApi = client(small.url, token);
    const made = await smallApi.post('/silo/v1/entries', { data: invoice() });
    expect(made.status).toBe(200);
    const bytes = randomBytes(size);
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'too-big.bin');
    const refused = await smallApi.post(`/silo/v1/entries/${made.body.id}/files`, form);
    expect(refused.status).toBe(413);
    expect(refused.body.key).toBe('payload-too-large');

    await signIn(small, made.body.id);
    await page.getByLabel(CHOOSE).setInputFiles({ name: 'too-big.bin', mimeType: 'application/octet-stream', buffer: bytes });
    const alert = page.getByRole('alert').filter({ hasText: 'Could not upload too-big.bin' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(`Could not upload too-big.bin: ${refused.body.message}`);
    expect(await page.getByText('No files.').count()).toBe(1);
    expect((await smallApi.get(`/silo/v1/entries/${made.body.id}`)).body.attachments).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'entry-upload-refused.png') });
  });

  test('nothing was fetched from elsewhere, no script failed, no policy was broken', () => {
    expect(offline.outside).toEqual([]);
    expect(offline.problems).toEqual([]);
    expect(violations).toEqual([]);
  });
});
