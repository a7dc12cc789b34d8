import { randomUUID } from 'node:crypto';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * The sequence and transform calls of test/go-client/acceptance.go, on the wire: each request is the JSON that
 * invopop/client.go v0.59.0's structs marshal to (every member without `omitempty` present, zeros included; the
 * id of a series entry repeated in its body), and each answer is read as those structs read it (their JSON names
 * and Go types). Where the Go toolchain the client needs is absent, this is what judges the bodies; the program
 * itself runs in test/rest/go-client.test.ts when GO_CLIENT_ACCEPTANCE names it.
 */
let t: TestServer;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startServer();
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

/** Go's types as encoding/json reads them: a mismatch fails there with "cannot unmarshal". */
const isInt32 = (value: unknown) => Number.isInteger(value) && Math.abs(value as number) < 2 ** 31;
const optional = (value: unknown, is: (v: unknown) => boolean) => value === undefined || is(value);
const isText = (value: unknown) => typeof value === 'string';

function expectGoSeries(body: Record<string, unknown>) {
  expect(isText(body.id) && isText(body.name)).toBe(true);
  for (const name of ['prefix', 'suffix', 'last_entry_id', 'created_at']) expect(optional(body[name], isText)).toBe(true);
  for (const name of ['padding', 'start']) expect(optional(body[name], isInt32)).toBe(true);
  expect(optional(body.last_index, Number.isInteger)).toBe(true);
}

function expectGoJob(body: Record<string, any>) {
  for (const name of ['id', 'workflow_id']) expect(isText(body[name])).toBe(true);
  for (const name of ['created_at', 'updated_at', 'silo_entry_id', 'key', 'completed_at']) expect(optional(body[name], isText)).toBe(true);
  expect(optional(body.args, (args) => Object.values(args as object).every(isText))).toBe(true);
  expect(optional(body.tags, (tags) => Array.isArray(tags) && tags.every(isText))).toBe(true);
  for (const intent of body.intents ?? []) {
    for (const name of ['id', 'step_id', 'name', 'provider']) expect(isText(intent[name])).toBe(true);
    expect(optional(intent.completed, (v) => typeof v === 'boolean')).toBe(true);
    for (const event of intent.events ?? []) {
      expect(isInt32(event.index) && isText(event.status) && isText(event.at)).toBe(true);
      for (const name of ['code', 'message']) expect(optional(event[name], isText)).toBe(true);
    }
  }
  for (const fault of body.faults ?? []) expect(isText(fault.provider)).toBe(true);
  for (const file of body.attachments ?? []) expect(isText(file.id) && isText(file.name)).toBe(true);
}

/** What Job.Status() of the client says: done, and the last event of the last intent not KO. */
function goStatus(job: Record<string, any>): { done: boolean; failed: boolean } {
  if (!job.completed_at) return { done: false, failed: false };
  const intent = job.intents[job.intents.length - 1];
  return { done: true, failed: intent.events[intent.events.length - 1].status === 'KO' };
}

test('Sequence(): Create, CreateEntry (the id in the body, once and again), FetchEntry, Fetch, List', async () => {
  const seriesId = randomUUID();
  // CreateSeries marshals every member: none has omitempty.
  const series = await api.put(`/sequence/v1/series/${seriesId}`, {
    name: 'Acceptance',
    description: '',
    code: '',
    prefix: 'ACC-',
    padding: 4,
    suffix: '',
    start: 7,
  });
  expect(series.status).toBe(200);
  expectGoSeries(series.body);
  expect(series.body).toMatchObject({ id: seriesId, prefix: 'ACC-', padding: 4, start: 7 });

  const [first, second] = [randomUUID(), randomUUID()];
  const codes: string[] = [];
  for (const id of [first, second, first]) {
    const entry = await api.put(`/sequence/v1/series/${seriesId}/entries/${id}`, { id, meta: { run: 'wire' } });
    expect(entry.status).toBe(200);
    expect(isText(entry.body.id) && isText(entry.body.code)).toBe(true);
    codes.push(entry.body.code);
  }
  expect(codes).toEqual(['ACC-0007', 'ACC-0008', 'ACC-0007']);
  expect((await api.get(`/sequence/v1/series/${seriesId}/entries/${second}`)).body).toMatchObject({ id: second, code: 'ACC-0008' });

  const fetched = await api.get(`/sequence/v1/series/${seriesId}`);
  expectGoSeries(fetched.body);
  expect(fetched.body).toMatchObject({ last_index: 8, last_entry_id: second, created_at: expect.any(String) });
  const list = await api.get('/sequence/v1/series');
  expect(list.body.list.map((s: { id: string }) => s.id)).toContain(seriesId);
  list.body.list.forEach(expectGoSeries);
});

test('Transform(): Workflows().Create, Update, Fetch, List; Jobs().Create with Wait (POST and PUT), Fetch, FetchByKey', async () => {
  const workflowId = randomUUID();
  // Step marshals id, name and action always; config, notes, summary and next only when set.
  const steps = [
    { id: randomUUID(), name: 'Number', action: 'sequence.enumerate', config: { name: `wire-${workflowId}`, padding: 3 } },
    { id: randomUUID(), name: 'PDF', action: 'pdf' },
  ];
  // Workflows().Create PUTs to a new id; `rescue` has omitempty.
  const created = await api.put(`/transform/v1/workflows/${workflowId}`, { name: 'Acceptance', schema: 'bill/invoice', steps });
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ id: workflowId, name: 'Acceptance', schema: 'bill/invoice' });
  expect(created.body.steps.map((step: { id: string; action: string }) => [step.id, step.action])).toEqual(
    steps.map((step) => [step.id, step.action]),
  );
  expect(optional(created.body.version, isText)).toBe(true);

  const updated = await api.send('PATCH', `/transform/v1/workflows/${workflowId}`, { name: 'Acceptance (edited)', steps });
  expect(updated.status).toBe(200);
  expect(updated.body).toMatchObject({ name: 'Acceptance (edited)', version: expect.any(String) });
  const fetched = await api.get(`/transform/v1/workflows/${workflowId}`);
  expect(fetched.body.steps[0].config).toEqual(steps[0].config);
  const list = await api.get('/transform/v1/workflows?limit=100&schema=bill%2Finvoice');
  expect(list.body.list.map((w: { id: string }) => w.id)).toContain(workflowId);
  expect(optional(list.body.limit, isInt32)).toBe(true);

  const draft = {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    series: 'WF',
    currency: 'EUR',
    issue_date: '2026-11-20',
    supplier: { name: 'Provide One S.L.', tax_id: { country: 'ES', code: 'B98602642' } },
    customer: { name: 'Sample Consumer', tax_id: { country: 'ES', code: '54387763P' } },
    lines: [{ quantity: '2', item: { name: 'Development services', price: '90.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] }],
  };
  const key = `wire-${workflowId}`;
  // Jobs().Create without an id POSTs, with `?wait=` from Wait.
  const job = await api.post('/transform/v1/jobs?wait=30', { workflow_id: workflowId, data: draft, key, args: { run: 'wire' } });
  expect(job.status).toBe(202);
  expectGoJob(job.body);
  expect(goStatus(job.body)).toEqual({ done: true, failed: false });
  expect(job.body.intents).toHaveLength(2);
  const numbered = job.body.intents[0].events.at(-1);
  expect(numbered).toMatchObject({ status: 'OK', code: '001' });
  expect(job.body.attachments).toHaveLength(1);
  expect(job.body.attachments[0].name).toMatch(/\.pdf$/);

  const byId = await api.get(`/transform/v1/jobs/${job.body.id}`);
  expectGoJob(byId.body);
  expect(byId.body.id).toBe(job.body.id);
  const byKey = await api.get(`/transform/v1/jobs/key/${key}`);
  expect(byKey.body).toMatchObject({ id: job.body.id, key, args: { run: 'wire' } });

  // Jobs().Create with an id PUTs, on an entry that has its code already: numbering is skipped, the PDF made.
  const jobId = randomUUID();
  const again = await api.put(`/transform/v1/jobs/${jobId}?wait=30`, {
    workflow_id: workflowId,
    silo_entry_id: job.body.silo_entry_id,
    tags: ['acceptance'],
  });
  expect(again.status).toBe(202);
  expectGoJob(again.body);
  expect(again.body).toMatchObject({ id: jobId, silo_entry_id: job.body.silo_entry_id, tags: ['acceptance'] });
  expect(goStatus(again.body)).toEqual({ done: true, failed: false });
  expect(again.body.intents[0].events.at(-1)).toMatchObject({ status: 'SKIP' });
});
