import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consoleLink } from '../../src/http/console.routes';
import { describeInBrowser, launchChromium, watchOffline, watchPolicyViolations } from '../helpers/browser';
import { einvoice } from '../helpers/documents';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';
import { accessibilityProblems } from './accessibility';
import { ensureConsoleBuilt } from './console-build';

const SHOTS = path.resolve(__dirname, '..', '..', 'test-output', 'console');
const DESK = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Nothing to scroll sideways: the page is no wider than the window. */
const fitsWidth = async (page: Page) =>
  (await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')) as boolean;

const step = (name: string, provider: string, config?: Record<string, unknown>, next?: Record<string, unknown>[]) => ({
  id: randomUUID(),
  name,
  provider,
  ...(config ? { config } : {}),
  ...(next ? { next } : {}),
});

/**
 * The console's Workflows pages and an entry's jobs in a real browser against a real server: a workflow's steps,
 * branches, config, rescue steps and versions; its JSON edited, each refusal of the service shown at the step or
 * member it names, then saved as a new version; a new workflow written and saved; on an entry's page a job started
 * with "Run workflow", its steps shown as they run and the entry as they left it, and a failed job with its fault
 * and its rescue steps; each page accessible (axe-core) and without sideways scroll at 390 px.
 */
describeInBrowser('the Workflows pages and the jobs of an entry in the console', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;
  let offline: { outside: string[]; problems: string[] };
  let violations: string[];
  let entryId: string;
  let otherEntryId: string;
  const issue = {
    name: 'Issue an invoice',
    description: 'Numbers, signs and marks an invoice sent.',
    schema: 'bill/invoice',
    steps: [
      step('Processing', 'silo.state', { state: 'processing' }),
      step('Is it an invoice?', 'silo.if', { expr: '$schema endsWith "bill/invoice"' }, [
        { code: 'true', steps: [step('Into sales', 'silo.folder', { folder: 'sales' })] },
        { code: 'false', stop: true },
      ]),
      step('Number', 'sequence.enumerate', { name: 'Sales', prefix: 'INV-', padding: 5 }),
      step('Sign', 'silo.close'),
      step('Sent', 'silo.state', { state: 'sent' }),
    ],
    rescue: [step('Error', 'silo.state', { state: 'error' })],
  };
  const issueId = randomUUID();

  /** Screenshots at a desktop's width and a phone's, each checked for sideways scroll and with axe-core. */
  const shoot = async (name: string) => {
    for (const size of [DESK, PHONE]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`), fullPage: true });
      expect([size.width, await fitsWidth(page)]).toEqual([size.width, true]);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await page.setViewportSize(DESK);
  };
  const editor = () => page.getByLabel('Workflow (JSON)');
  /** The text the editor has selected: where "Go to line" took it. */
  const selected = () =>
    editor().evaluate((node) => {
      // The test's own types have no DOM: the text area's members, as the page has them.
      const area = node as unknown as { value: string; selectionStart: number; selectionEnd: number };
      return area.value.slice(area.selectionStart, area.selectionEnd);
    });
  const saveWith = async (value: unknown, button: string) => {
    await editor().fill(JSON.stringify(value, null, 2));
    await page.getByRole('button', { name: button }).click();
  };
  const faults = () => page.locator('.json-problems li');

  beforeAll(async () => {
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startServer();
    const token = await tokenFor(newWorkspace());
    api = client(t.url, token);
    expect((await api.put(`/transform/v1/workflows/${issueId}`, issue)).status).toBe(200);
    const draft = { name: 'Draft flow', draft: true, steps: [step('Void', 'silo.state', { state: 'void' })] };
    expect((await api.put(`/transform/v1/workflows/${randomUUID()}`, draft)).status).toBe(200);
    entryId = (await api.post('/silo/v1/entries', { data: einvoice({ code: undefined }) })).body.id;
    otherEntryId = (await api.post('/silo/v1/entries', { data: einvoice() })).body.id;
    browser = await launchChromium({ offline: true });
    page = await (await browser.newContext({ locale: 'en-GB', viewport: DESK })).newPage();
    page.setDefaultTimeout(20_000);
    offline = await watchOffline(page);
    violations = await watchPolicyViolations(page);
    await page.goto(consoleLink('127.0.0.1', new URL(t.url).port, token));
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('the Workflows page lists them; one shows its steps, branches, config, rescue steps and versions', async () => {
    await page.getByRole('link', { name: 'Workflows', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Workflows' }).waitFor();
    const row = page.locator(`tr[data-workflow="${issueId}"]`);
    await row.waitFor();
    expect(await page.locator('table[data-table="workflows"] tbody th a').allTextContents()).toEqual(['Draft flow', 'Issue an invoice']);
    expect(await row.locator('[data-label="Documents"]').textContent()).toBe('bill/invoice');
    expect(await row.locator('[data-label="State"]').textContent()).toBe('active');
    await shoot('workflows');

    await page.getByRole('link', { name: 'Issue an invoice' }).click();
    await page.getByRole('heading', { level: 1, name: 'Issue an invoice' }).waitFor();
    const steps = page.locator('section[aria-labelledby="steps-heading"] > ol > li');
    expect(await steps.locator('> .step-head .step-name').allTextContents()).toEqual([
      'Processing',
      'Is it an invoice?',
      'Number',
      'Sign',
      'Sent',
    ]);
    expect(await steps.locator('> .step-head .step-provider').allTextContents()).toEqual([
      'silo.state',
      'silo.if',
      'sequence.enumerate',
      'silo.close',
      'silo.state',
    ]);
    expect(await page.getByLabel('Config of Step 3 “Number”').textContent()).toBe('nameSalesprefixINV-padding5');
    const branches = page.getByRole('list', { name: 'Where Step 2 “Is it an invoice?” goes next' });
    expect(await branches.locator('> li').allTextContents()).toEqual([
      expect.stringMatching(/^when any status with code true: run these, then go on after it:Into sales silo\.folderfoldersales$/),
      'when any status with code false: stop the job',
    ]);
    expect(await page.locator('section[aria-labelledby="rescue-heading"] .step-name').allTextContents()).toEqual(['Error']);
    expect(await page.locator('table[data-table="workflow-versions"] tbody tr').count()).toBe(1);
    await shoot('workflow');
  });

  test('edited as JSON: each refusal is shown at the step it names, with a way to it; saved, it is a new version', async () => {
    const text = JSON.parse(await editor().inputValue());
    expect(text.steps.map((s: { name: string }) => s.name)).toEqual(['Processing', 'Is it an invoice?', 'Number', 'Sign', 'Sent']);
    expect(text.steps[0]).not.toHaveProperty('action');

    // A config the provider cannot run: at that step's config.
    const flying = structuredClone(text);
    flying.steps[0].config.state = 'flying';
    await saveWith(flying, 'Save changes');
    await faults().first().waitFor();
    expect(await faults().first().textContent()).toMatch(
      /^\$\.steps\[0\]\.config Step 1 “Processing” \(silo\.state\): state must be one of/,
    );
    expect(await page.evaluate("document.activeElement?.classList.contains('json-problems') ?? false")).toBe(true);
    expect(await editor().getAttribute('aria-invalid')).toBe('true');
    await faults()
      .first()
      .getByRole('button', { name: /^Go to line \d+$/ })
      .click();
    expect(await selected()).toContain('"flying"');
    await shoot('workflow-refused');

    // A branch naming no step, named by the step's id: at that branch's step_id.
    const dangling = structuredClone(text);
    const nowhere = randomUUID();
    dangling.steps[4].next = [{ status: 'KO', step_id: nowhere }];
    await saveWith(dangling, 'Save changes');
    await faults().first().filter({ hasText: nowhere }).waitFor();
    expect(await faults().first().textContent()).toContain(`Step 5 “Sent”: step_id ${nowhere} is no step of the workflow`);
    await faults()
      .first()
      .getByRole('button', { name: /^Go to line \d+$/ })
      .click();
    expect(await selected()).toBe(`"${nowhere}"`);

    // A new step without an id is given one; saved, version 2 is listed and shown.
    const renamed = structuredClone(text);
    renamed.steps[4].name = 'Mark sent';
    renamed.steps.push({ name: 'Into sales', provider: 'silo.folder', config: { folder: 'sales' } });
    await saveWith(renamed, 'Save changes');
    await page.getByText('Saved: version 2.').waitFor();
    await page.locator('table[data-table="workflow-versions"] tbody tr').nth(1).waitFor();
    expect(await page.locator('[data-field="workflow-version"]').textContent()).toMatch(/^2 /);
    const stored = await api.get(`/transform/v1/workflows/${issueId}`);
    expect(stored.body.steps.map((s: { name: string }) => s.name)).toEqual([
      ...text.steps.map((s: { name: string }) => s.name).slice(0, 4),
      'Mark sent',
      'Into sales',
    ]);
    expect(stored.body.steps[5].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(await editor().inputValue()).steps[5].id).toBe(stored.body.steps[5].id);
  });

  test('a new workflow, from the example: a refusal at the member it names, then saved and opened', async () => {
    await page.getByRole('link', { name: 'Workflows', exact: true }).click();
    await page.getByRole('link', { name: 'New workflow' }).click();
    await page.getByRole('heading', { level: 1, name: 'New workflow' }).waitFor();
    const example = JSON.parse(await editor().inputValue());
    expect(example.steps.map((s: { provider: string }) => s.provider)).toEqual([
      'silo.state',
      'sequence.enumerate',
      'silo.close',
      'silo.state',
    ]);
    await saveWith({ ...example, name: 5 }, 'Save workflow');
    await faults().first().waitFor();
    expect(await faults().first().locator('.fault-path').textContent()).toBe('$.name');
    await faults()
      .first()
      .getByRole('button', { name: /^Go to line \d+$/ })
      .click();
    expect(await selected()).toBe('5');
    await shoot('workflow-new-refused');

    const breaking = {
      name: 'Break the supplier',
      schema: 'bill/invoice',
      steps: [{ name: 'Drop the supplier', provider: 'silo.modify', config: { data: { doc: { supplier: null } } } }],
      rescue: [{ name: 'Error', provider: 'silo.state', config: { state: 'error' } }],
    };
    await saveWith(breaking, 'Save workflow');
    await page.getByRole('heading', { level: 1, name: 'Break the supplier' }).waitFor();
    expect(await page.locator('.step-name').allTextContents()).toEqual(['Drop the supplier', 'Error']);
  });

  test("on an entry's page, Run workflow starts a job: its steps show as they run, then the entry as they left it", async () => {
    await page.goto(`${t.url}/console/entries/${entryId}`);
    await page.getByRole('heading', { level: 2, name: 'Jobs' }).waitFor();
    await page.getByText('No job has run over this entry.').waitFor();
    const choose = page.getByLabel('Workflow', { exact: true });
    expect(await choose.locator('option').allTextContents()).toEqual(['Break the supplier', 'Issue an invoice']);
    // By keyboard: the workflow chosen, then the button.
    await choose.selectOption({ label: 'Issue an invoice' });
    await page.getByRole('button', { name: 'Run workflow' }).focus();
    await page.keyboard.press('Enter');
    const job = page.locator('section.job').first();
    await job.and(page.locator('[data-status="COMPLETED"]')).waitFor();
    await page.getByText('“Issue an invoice” completed.').waitFor();
    const rows = job.locator('tbody tr');
    expect(await rows.locator('[data-label="Step"]').allTextContents()).toEqual([
      'Processing',
      'Is it an invoice?',
      'Into sales',
      'Number',
      'Sign',
      'Mark sent',
      'Into sales',
    ]);
    expect(await rows.locator('[data-label="Status"]').allTextContents()).toEqual(['OK', 'NA', 'OK', 'OK', 'OK', 'OK', 'OK']);
    expect(await rows.nth(3).locator('[data-label="Code"]').textContent()).toBe('INV-00001');
    expect(await rows.nth(1).locator('[data-label="Code"]').textContent()).toBe('true');
    // The entry read again: numbered, signed and sent.
    await page.locator('[data-field="numbering"]', { hasText: 'INV-00001' }).waitFor();
    await page.locator('.badge-state', { hasText: 'sent' }).waitFor();
    await shoot('entry-job-completed');
  });

  test('a job that fails: its fault shown, and the rescue steps it ran', async () => {
    await page.goto(`${t.url}/console/entries/${otherEntryId}`);
    await page.getByText('No job has run over this entry.').waitFor();
    await page.getByLabel('Workflow', { exact: true }).selectOption({ label: 'Break the supplier' });
    await page.getByRole('button', { name: 'Run workflow' }).click();
    const job = page.locator('section.job').first();
    await job.and(page.locator('[data-status="FAILED"]')).waitFor();
    await page.getByText(/^“Break the supplier” failed/).waitFor();
    expect(await job.locator('tbody tr [data-label="Step"]').allTextContents()).toEqual(['Drop the supplier', 'Error']);
    expect(await job.locator('tbody tr [data-label="Status"]').allTextContents()).toEqual(['KO', 'OK']);
    const fault = job.locator('.job-faults li');
    expect(await fault.count()).toBe(1);
    expect(await fault.textContent()).toMatch(/^silo\.modify/);
    await page.locator('.entry-header .badge', { hasText: /^error$/ }).waitFor();
    // What the page shows is what the API answers.
    const jobs = await api.get(`/transform/v1/jobs?entry_id=${otherEntryId}`);
    expect(jobs.body.list[0]).toMatchObject({ status: 'failed', faults: [{ provider: 'silo.modify' }] });
    await shoot('entry-job-failed');
  });

  test('nothing was fetched from elsewhere, no script failed, no policy was broken', () => {
    expect(offline).toEqual({ outside: [], problems: [] });
    expect(violations).toEqual([]);
  });
});
