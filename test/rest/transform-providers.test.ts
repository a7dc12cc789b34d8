import { randomBytes, randomUUID } from 'node:crypto';
import { fitForCius } from '../helpers/cius-documents';
import { einvoice } from '../helpers/documents';
import { EINVOICE_DIR, RULES_CACHE, withEinvoice } from '../helpers/einvoice-judge';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { verifies, WebhookReceiver } from '../helpers/webhook-receiver';

/**
 * `webhook.send` steps, and formats validated before they are attached: the entry POSTed with a Standard Webhooks signature that the standardwebhooks package
 * verifies, a 5xx tried again under the same webhook id, and a private address refused by the address check itself
 * (the receiver, on loopback, never hears of it).
 */
const secret = `whsec_${randomBytes(24).toString('base64')}`;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
});
afterAll(() => receiver.stop());

async function runSend(t: TestServer, url: string) {
  const api = client(t.url, await tokenFor(newWorkspace()));
  const workflowId = randomUUID();
  const send = { id: randomUUID(), name: 'Notify', provider: 'webhook.send', config: { url, secret } };
  expect((await api.put(`/transform/v1/workflows/${workflowId}`, { name: 'Notify', steps: [send] })).status).toBe(200);
  const job = await api.post('/transform/v1/jobs?wait=30', { workflow_id: workflowId, data: einvoice(), args: { channel: 'mail' } });
  expect(job.status).toBe(202);
  return job.body;
}

test('the entry is POSTed signed; a 5xx is tried again with the same webhook id; the receiver verifies it', async () => {
  const t = await startServer({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' });
  try {
    receiver.answer = (_hook, index) => (index === 0 ? 503 : 200);
    const before = receiver.hooks.length;
    const job = await runSend(t, `${receiver.base}/job`);
    expect(job.status).toBe('completed');
    expect(job.intents[0].events.map((e: { status: string; code?: string }) => [e.status, e.code])).toEqual([
      ['RUN', undefined],
      ['OK', '200'],
    ]);
    const hooks = receiver.hooks.slice(before);
    expect(hooks.map((h) => h.answered)).toEqual([503, 200]);
    expect(new Set(hooks.map((h) => h.headers['webhook-id'])).size).toBe(1);
    for (const hook of hooks) expect(verifies(hook, secret)).toBe(true);
    expect(hooks[1].payload).toMatchObject({
      type: 'transform.webhook',
      entry_id: job.silo_entry_id,
      job: { id: job.id, args: { channel: 'mail' } },
      data: { doc: { $schema: 'https://gobl.org/draft-0/bill/invoice' } },
    });
  } finally {
    await t.close();
  }
}, 60_000);

test('without WEBHOOK_ALLOW_PRIVATE a loopback URL is refused by the address check: KO, nothing sent', async () => {
  const t = await startServer({ WEBHOOK_ALLOW_HTTP: 'true' });
  try {
    const before = receiver.hooks.length;
    const job = await runSend(t, `${receiver.base}/private`);
    expect(job.status).toBe('failed');
    expect(job.faults).toEqual([expect.objectContaining({ provider: 'webhook.send', code: 'refused' })]);
    expect(receiver.hooks.length).toBe(before);
    expect(receiver.strangers).toEqual([]);
  } finally {
    await t.close();
  }
}, 60_000);

test('a webhook.send without a Standard Webhooks secret is refused when the workflow is saved', async () => {
  const t = await startServer();
  try {
    const api = client(t.url, await tokenFor(newWorkspace()));
    const step = { id: randomUUID(), provider: 'webhook.send', config: { url: 'https://example.com/hook' } };
    const refused = await api.put(`/transform/v1/workflows/${randomUUID()}`, { name: 'Bad', steps: [step] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('secret must be a Standard Webhooks secret');
  } finally {
    await t.close();
  }
});

withEinvoice.describe('ubl.generate and cii.generate validated by the official rules first', () => {
  test('a Peppol UBL and an XRechnung CII judged valid, then attached; the job says so', async () => {
    const t = await startServer({ EINVOICE_ARTEFACTS_DIR: EINVOICE_DIR! }, { einvoiceRulesDir: RULES_CACHE });
    try {
      await t.server.einvoices.prepare();
      const api = client(t.url, await tokenFor(newWorkspace()));
      const steps = [
        { id: randomUUID(), provider: 'ubl.generate', config: { doc_type: 'bis-invoice-v3', validate_ubl: true } },
        { id: randomUUID(), provider: 'cii.generate', config: { doc_type: 'xrechnung-v3', validate_cii: true } },
      ];
      const workflowId = randomUUID();
      expect((await api.put(`/transform/v1/workflows/${workflowId}`, { name: 'Validated', steps })).status).toBe(200);
      const job = await api.post('/transform/v1/jobs?wait=60', { workflow_id: workflowId, data: fitForCius(einvoice()) });
      expect(job.body.faults).toBeUndefined();
      expect(job.body.status).toBe('completed');
      expect(job.body.intents.map((i: { events: { code?: string }[] }) => i.events[1].code)).toEqual(['UBL', 'CII']);
      expect(job.body.attachments).toHaveLength(2);
    } finally {
      await t.close();
    }
  }, 300_000);
});

withEinvoice.describe("the issue's workflow, start to end", () => {
  test('set state → enumerate → sign → pdf → ubl.generate (bis-invoice-v3) → folder → webhook.send: numbered, signed, a valid Peppol file, a verified webhook', async () => {
    const t = await startServer(
      { EINVOICE_ARTEFACTS_DIR: EINVOICE_DIR!, WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' },
      { einvoiceRulesDir: RULES_CACHE },
    );
    try {
      await t.server.einvoices.prepare();
      const token = await tokenFor(newWorkspace());
      const api = client(t.url, token);
      receiver.answer = () => 200;
      const before = receiver.hooks.length;
      const step = (provider: string, config: Record<string, unknown> = {}) => ({ id: randomUUID(), provider, config });
      const steps = [
        step('silo.state', { state: 'processing' }),
        step('sequence.enumerate', { name: 'Peppol', prefix: 'PPL-', padding: 6 }),
        step('silo.close'),
        step('pdf'),
        step('ubl.generate', { doc_type: 'bis-invoice-v3', validate_ubl: true }),
        step('silo.folder', { folder: 'sent' }),
        step('webhook.send', { url: `${receiver.base}/issued`, secret }),
      ];
      const workflowId = randomUUID();
      expect((await api.put(`/transform/v1/workflows/${workflowId}`, { name: 'Peppol', steps })).status).toBe(200);
      const job = (
        await api.post('/transform/v1/jobs?wait=60', { workflow_id: workflowId, data: fitForCius(einvoice({ code: undefined })) })
      ).body;
      expect(job.faults).toBeUndefined();
      expect(job.status).toBe('completed');
      expect(job.envelope.doc.code).toBe('PPL-000001');
      expect(job.envelope.sigs).toHaveLength(1);
      const peppol = job.attachments.find((file: { mime: string }) => file.mime === 'application/xml');
      const xml = await (await fetch(peppol.url)).text();
      // The invoice number is the series and the code.
      expect(xml).toContain('<cbc:ID>F-PPL-000001</cbc:ID>');
      const judged = await fetch(`${t.url}/silo/v1/formats/validate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
        body: xml,
      });
      expect(await judged.json()).toMatchObject({ valid: true, rules: ['en16931-ubl', 'peppol-ubl'], errors: [] });
      const hooks = receiver.hooks.slice(before);
      expect(hooks).toHaveLength(1);
      expect(verifies(hooks[0], secret)).toBe(true);
      expect(hooks[0].payload.data.doc.code).toBe('PPL-000001');
      expect((await api.get(`/silo/v1/entries/${job.silo_entry_id}`)).body.folder).toBe('sent');
    } finally {
      await t.close();
    }
  }, 300_000);
});

test('a workspace has at most 1,000 jobs under way: the next is 503, a job asked for again still answers, another workspace starts its own', async () => {
  const t = await startServer({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' });
  receiver.delayMs = 60_000; // the first job's delivery is held: the workspace's others wait behind it, one step at a time
  try {
    const api = client(t.url, await tokenFor(newWorkspace()));
    const send = { id: randomUUID(), name: 'Notify', provider: 'webhook.send', config: { url: `${receiver.base}/held`, secret } };
    const workflowId = randomUUID();
    expect((await api.put(`/transform/v1/workflows/${workflowId}`, { name: 'Held', steps: [send] })).status).toBe(200);
    const entry = await api.post('/silo/v1/entries', { data: party('Jobs') });
    const start = (id = randomUUID()) => api.put(`/transform/v1/jobs/${id}`, { workflow_id: workflowId, silo_entry_id: entry.body.id });
    const firstId = randomUUID();
    expect((await start(firstId)).status).toBe(202);
    for (let batch = 0; batch < 999 / 37; batch++) {
      const replies = await Promise.all(Array.from({ length: Math.min(37, 999 - batch * 37) }, () => start()));
      expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 202));
    }
    const refusedId = randomUUID();
    const refused = await start(refusedId);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toMatchObject({ key: 'unavailable', message: expect.stringContaining('1000 jobs under way') });
    expect((await api.get(`/transform/v1/jobs/${refusedId}`)).status).toBe(404);
    // The same job asked for again is answered, as it was stored.
    expect((await start(firstId)).status).toBe(202);
    const other = client(t.url, await tokenFor(newWorkspace()));
    const otherWorkflow = randomUUID();
    await other.put(`/transform/v1/workflows/${otherWorkflow}`, {
      name: 'State',
      steps: [{ id: randomUUID(), provider: 'silo.state', config: { state: 'sent' } }],
    });
    const otherEntry = await other.post('/silo/v1/entries', { data: party('Other') });
    const done = await other.post('/transform/v1/jobs?wait=30', { workflow_id: otherWorkflow, silo_entry_id: otherEntry.body.id });
    expect(done.body).toMatchObject({ status: 'completed' });
  } finally {
    receiver.delayMs = 0;
    await t.close();
  }
}, 180_000);
