import { randomUUID } from 'node:crypto';
import { einvoice } from '../helpers/documents';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * The hosted API's transform service (/transform/v1): workflows saved with their steps checked, and jobs that run
 * them over an entry in the service's own runner: numbered, signed, formatted and moved, branching on each step's
 * status and code, the rescue steps after a failure, and the same job never run twice.
 */
let t: TestServer;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startServer();
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface StepBody {
  id: string;
  name: string;
  provider: string;
  config: Record<string, unknown>;
  next?: Record<string, unknown>[];
}
const step = (provider: string, config: Record<string, unknown> = {}, extra: Partial<StepBody> = {}): StepBody => ({
  id: randomUUID(),
  name: provider,
  provider,
  config,
  ...extra,
});

async function saveWorkflow(body: Record<string, unknown>) {
  const reply = await api.put(`/transform/v1/workflows/${randomUUID()}`, { name: 'Test', ...body });
  expect(reply.status).toBe(200);
  return reply.body as { id: string; version: string; steps: { id: string }[] };
}

async function createEntry(data: Record<string, unknown>) {
  const reply = await api.post('/silo/v1/entries', { data });
  expect(reply.status).toBe(200);
  return reply.body.id as string;
}

const runJob = async (workflowId: string, entryId: string, extra: Record<string, unknown> = {}) => {
  const reply = await api.post('/transform/v1/jobs?wait=30', { workflow_id: workflowId, silo_entry_id: entryId, ...extra });
  expect(reply.status).toBe(202);
  return reply.body;
};

test('a workflow is saved with its steps checked; provider and action are both read and both answered; PATCH makes a version', async () => {
  const first = step('silo.state', { state: 'processing' });
  const second = { id: randomUUID(), name: 'Sign', action: 'silo.close' };
  const saved = await saveWorkflow({ schema: 'bill/invoice', steps: [first, second] });
  expect(saved).toMatchObject({
    version: '1',
    steps: [
      { provider: 'silo.state', action: 'silo.state' },
      { provider: 'silo.close', action: 'silo.close' },
    ],
  });
  const unknown = await api.put(`/transform/v1/workflows/${randomUUID()}`, { name: 'Bad', steps: [step('teleport.now')] });
  expect(unknown.status).toBe(400);
  expect(unknown.body.message).toContain('unknown provider teleport.now');
  const badConfig = await api.put(`/transform/v1/workflows/${randomUUID()}`, {
    name: 'Bad',
    steps: [step('silo.state', { state: 'flying' })],
  });
  expect(badConfig.status).toBe(400);
  expect(badConfig.body.message).toContain('steps[0] (silo.state): state must be one of');
  const dangling = await api.put(`/transform/v1/workflows/${randomUUID()}`, {
    name: 'Bad',
    steps: [step('silo.close', {}, { next: [{ status: 'OK', step_id: randomUUID() }] })],
  });
  expect(dangling.body.message).toContain('is no step of the workflow');
  // As the hosted API, a step needs no id: it is given one. A fault inside a step is named where it is.
  const withoutIds = await api.put(`/transform/v1/workflows/${randomUUID()}`, {
    name: 'No ids',
    steps: [{ provider: 'silo.state', config: { state: 'sent' } }, { action: 'silo.close' }],
  });
  expect(withoutIds.status).toBe(200);
  expect(withoutIds.body.steps.map((s: { id: string }) => s.id)).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]);
  const misshapen = await api.put(`/transform/v1/workflows/${randomUUID()}`, {
    name: 'Bad',
    steps: [step('silo.close'), { provider: 'silo.state', config: 'sent' }],
  });
  expect([misshapen.status, misshapen.body.message]).toEqual([
    400,
    'steps: must be a list of steps: steps[1].config must be a single object',
  ]);
  const stray = await api.put(`/transform/v1/workflows/${randomUUID()}`, {
    name: 'Bad',
    steps: [{ ...step('silo.close'), colour: 'red' }],
  });
  expect(stray.body.message).toBe('steps: must be a list of steps: steps[0].colour is not one of its fields');
  const patched = await api.send('PATCH', `/transform/v1/workflows/${saved.id}`, { steps: [first] });
  expect(patched.status).toBe(200);
  expect(patched.body.version).toBe('2');
  expect(patched.body.versions.map((v: { version: string }) => v.version)).toEqual(['2', '1']);
  const listed = await api.get('/transform/v1/workflows?schema=bill/invoice');
  expect(listed.body.list.map((w: { id: string }) => w.id)).toContain(saved.id);
});

test('a job numbers, signs, writes the UBL and the PDF and sets states, step by step; its intents and files are answered', async () => {
  const workflow = await saveWorkflow({
    steps: [
      step('silo.state', { state: 'processing' }),
      step('sequence.enumerate', { name: 'Sales', prefix: 'INV-', padding: 5 }),
      step('silo.close'),
      step('ubl.generate', { doc_type: 'en16931-v2017' }),
      step('pdf'),
      step('silo.state', { state: 'sent' }),
    ],
  });
  const entryId = await createEntry(einvoice({ code: undefined }));
  const job = await runJob(workflow.id, entryId);
  expect(job).toMatchObject({ status: 'completed', silo_entry_id: entryId, workflow_id: workflow.id });
  expect(job.intents.map((i: { provider: string; events: { status: string }[] }) => [i.provider, i.events.map((e) => e.status)])).toEqual([
    ['silo.state', ['RUN', 'OK']],
    ['sequence.enumerate', ['RUN', 'OK']],
    ['silo.close', ['RUN', 'OK']],
    ['ubl.generate', ['RUN', 'OK']],
    ['pdf', ['RUN', 'OK']],
    ['silo.state', ['RUN', 'OK']],
  ]);
  expect(job.envelope.doc.code).toBe('INV-00001');
  expect(job.envelope.sigs).toHaveLength(1);
  expect(job.attachments.map((f: { mime: string }) => f.mime).sort()).toEqual(['application/pdf', 'application/xml']);
  const entry = await api.get(`/silo/v1/entries/${entryId}`);
  expect(entry.body.state).toBe('sent');
  // Its end is an event of the entry's feed, after the changes its steps made.
  const events = await api.get(`/silo/v1/events?entry_id=${entryId}`);
  const types = events.body.list.map((e: { type: string }) => e.type);
  expect(types[types.length - 1]).toBe('job.completed');
  expect(types).toEqual(expect.arrayContaining(['entry.state_added', 'entry.signed', 'entry.file_added']));
  expect(events.body.list[types.length - 1].data.job).toMatchObject({ id: job.id, workflow_id: workflow.id, status: 'completed' });
  // A second entry of the same series takes the next code.
  const second = await runJob(workflow.id, await createEntry(einvoice({ code: undefined })));
  expect(second.envelope.doc.code).toBe('INV-00002');
});

test('a failure no next handles runs the rescue steps and fails the job with its fault; a handled KO goes its way', async () => {
  const rescued = await saveWorkflow({
    steps: [step('silo.modify', { data: { doc: { supplier: null } } }), step('silo.state', { state: 'sent' })],
    rescue: [step('silo.state', { state: 'error' })],
  });
  const entryId = await createEntry(einvoice());
  const job = await runJob(rescued.id, entryId);
  expect(job.status).toBe('failed');
  expect(job.faults).toEqual([expect.objectContaining({ provider: 'silo.modify' })]);
  expect(job.intents.map((i: { provider: string }) => i.provider)).toEqual(['silo.modify', 'silo.state']);
  expect((await api.get(`/silo/v1/entries/${entryId}`)).body.state).toBe('error');
  const failedEvents = await api.get(`/silo/v1/events?entry_id=${entryId}&types=job.failed`);
  expect(failedEvents.body.list.map((e: { data: { job: { faults: unknown[] } } }) => e.data.job.faults)).toEqual([
    [expect.objectContaining({ provider: 'silo.modify' })],
  ]);

  const handled = step('silo.modify', { data: { doc: { supplier: null } } });
  const onKo = step('silo.folder', { folder: 'review' });
  handled.next = [{ status: 'KO', steps: [onKo] }];
  const branching = await saveWorkflow({ steps: [handled, step('silo.state', { state: 'completed' })] });
  const other = await createEntry(einvoice());
  const branched = await runJob(branching.id, other);
  expect(branched.status).toBe('completed');
  expect(branched.intents.map((i: { provider: string }) => i.provider)).toEqual(['silo.modify', 'silo.folder', 'silo.state']);
  const moved = await api.get(`/silo/v1/entries/${other}`);
  expect([moved.body.folder, moved.body.state]).toEqual(['review', 'completed']);
});

test('silo.if branches on the document: its code picks the next step, or stops', async () => {
  const isInvoice = step('silo.if', { expr: '$schema endsWith "bill/invoice"' });
  const sign = step('silo.close');
  isInvoice.next = [
    { code: 'true', step_id: sign.id },
    { code: 'false', stop: true },
  ] as never;
  const workflow = await saveWorkflow({ steps: [isInvoice, step('silo.state', { state: 'void' }), sign] });
  const job = await runJob(workflow.id, await createEntry(einvoice()));
  expect(job.intents.map((i: { provider: string; events: { code?: string }[] }) => [i.provider, i.events[1].code])).toEqual([
    ['silo.if', 'true'],
    ['silo.close', 'signed'],
  ]);
});

test('the same job id or key answers the same job; data becomes one entry; unknown and draft workflows are refused', async () => {
  const workflow = await saveWorkflow({ steps: [step('silo.state', { state: 'processing' })] });
  const id = randomUUID();
  const body = { workflow_id: workflow.id, data: einvoice(), key: `job-${id}` };
  const first = await api.put(`/transform/v1/jobs/${id}?wait=30`, body);
  const again = await api.put(`/transform/v1/jobs/${id}?wait=30`, body);
  const byKey = await api.post('/transform/v1/jobs?wait=30', body);
  expect([first.status, again.status, byKey.status]).toEqual([202, 202, 202]);
  expect(again.body.id).toBe(id);
  expect(byKey.body.id).toBe(id);
  expect(first.body.silo_entry_id).toBe(byKey.body.silo_entry_id);
  expect((await api.get(`/transform/v1/jobs/key/job-${id}`)).body.id).toBe(id);
  expect((await api.get(`/transform/v1/jobs?entry_id=${first.body.silo_entry_id}`)).body.list).toHaveLength(1);
  expect((await api.post('/transform/v1/jobs', { workflow_id: randomUUID(), data: einvoice() })).status).toBe(404);
  const draft = await saveWorkflow({ draft: true, steps: [step('silo.close')] });
  expect((await api.post('/transform/v1/jobs', { workflow_id: draft.id, data: einvoice() })).status).toBe(422);
  expect((await api.post('/transform/v1/jobs?wait=61', { workflow_id: workflow.id, data: einvoice() })).status).toBe(400);
});

/**
 * Leaves a finished job as a process killed after its only step's effect, before its record, would have: due
 * again at that step, its intent unfinished. Answers the job once it has completed again.
 */
async function rerunLastStep(job: { id: string }, stepId: string) {
  const state = JSON.parse((await t.server.dataSource.query('SELECT state FROM transform_jobs WHERE id = ?', [job.id]))[0].state);
  state.intents[0].completed = false;
  state.intents[0].events = state.intents[0].events.slice(0, 1);
  await t.server.dataSource.query(
    "UPDATE transform_jobs SET state = ?, status = 'running', next_step_id = ?, due_at = ?, completed_at = NULL, lease_owner = NULL, lease_until = NULL WHERE id = ?",
    [JSON.stringify(state), stepId, Date.now(), job.id],
  );
  let again = (await api.get(`/transform/v1/jobs/${job.id}`)).body;
  for (let i = 0; i < 100 && again.status !== 'completed'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    again = (await api.get(`/transform/v1/jobs/${job.id}`)).body;
  }
  expect(again.status).toBe('completed');
  expect(again.intents).toHaveLength(1);
  return again;
}

test('a step cut off after its effect and run again does not number twice', async () => {
  const enumerate = step('sequence.enumerate', { name: 'Resume', padding: 3 });
  const workflow = await saveWorkflow({ steps: [enumerate] });
  const entryId = await createEntry(einvoice({ code: undefined }));
  const job = await runJob(workflow.id, entryId);
  expect(job.envelope.doc.code).toBe('001');
  const again = await rerunLastStep(job, enumerate.id);
  expect(again.envelope.doc.code).toBe('001');
  const series = (await api.get('/sequence/v1/series')).body.list.filter((s: { name: string }) => s.name.startsWith('Resume'));
  expect(series.map((s: { last_index: number }) => s.last_index)).toEqual([1]);
});

test('a JSON Patch step cut off after its effect and run again is applied once; its version names the step', async () => {
  const patch = [{ op: 'add', path: '/doc/notes/-', value: { key: 'general', text: 'Added by the workflow' } }];
  const modify = step('silo.modify', { merge_type: 'application/json-patch+json', data: patch });
  const workflow = await saveWorkflow({ steps: [modify] });
  const entryId = await createEntry({ ...einvoice(), notes: [{ key: 'general', text: 'First' }] });
  const job = await runJob(workflow.id, entryId);
  const texts = (entry: { data: { doc: { notes: { text: string }[] } } }) => entry.data.doc.notes.map((note) => note.text);
  expect(texts((await api.get(`/silo/v1/entries/${entryId}`)).body)).toEqual(['First', 'Added by the workflow']);
  await rerunLastStep(job, modify.id);
  const entry = (await api.get(`/silo/v1/entries/${entryId}`)).body;
  expect(texts(entry)).toEqual(['First', 'Added by the workflow']);
  // The version the step made says so: `transform`, with the step's intent.
  expect(entry.versions[0]).toMatchObject({ src: 'transform', src_id: job.intents[0].id });
  expect(entry.versions[1]).toMatchObject({ src: 'api' });
  expect(entry.versions[1].src_id).toBeUndefined();
  const query = `{ entry(id: "${entryId}") { versions(first: 2) { edges { node { src srcId } } } } }`;
  const graphql = await api.post('/graphql', { query });
  expect(graphql.body.data.entry.versions.edges.map((edge: { node: unknown }) => edge.node)).toEqual([
    { src: 'transform', srcId: job.intents[0].id },
    { src: 'api', srcId: null },
  ]);
});

test("a workspace's backlog of jobs runs one at a time and never holds up another workspace's job", async () => {
  const busy = client(t.url, await tokenFor(newWorkspace()));
  const pdfFlow = { name: 'PDF', steps: [step('pdf'), step('silo.state', { state: 'sent' })] };
  const busyFlow = (await busy.put(`/transform/v1/workflows/${randomUUID()}`, pdfFlow)).body.id;
  const entry = (await busy.post('/silo/v1/entries', { data: einvoice() })).body.id;
  const backlog = await Promise.all(
    Array.from({ length: 40 }, () => busy.post('/transform/v1/jobs', { workflow_id: busyFlow, silo_entry_id: entry })),
  );
  expect(backlog.map((r) => r.status)).toEqual(backlog.map(() => 202));
  // Another workspace's job, started behind the backlog, ends while most of the backlog is still waiting.
  const quietFlow = await saveWorkflow(pdfFlow);
  const quiet = await runJob(quietFlow.id, await createEntry(einvoice()));
  expect(quiet.status).toBe('completed');
  const states = await Promise.all(backlog.map((r) => busy.get(`/transform/v1/jobs/${r.body.id}`)));
  const ended = states.filter((s) => s.body.status === 'completed').length;
  expect(ended).toBeLessThan(40);
  // And the backlog itself all ends.
  for (const reply of backlog) {
    let job = (await busy.get(`/transform/v1/jobs/${reply.body.id}`)).body;
    for (let i = 0; i < 300 && job.status !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await busy.get(`/transform/v1/jobs/${reply.body.id}`)).body;
    }
    expect(job.status).toBe('completed');
  }
}, 120_000);

test('ubl.import makes the job its entry from a data: URI argument; the next steps work on it', async () => {
  const source = await createEntry(einvoice());
  const ubl = await fetch(`${t.url}/silo/v1/entries/${source}/formats/ubl`, {
    headers: { authorization: `Bearer ${await tokenFor(newWorkspace())}` },
  });
  expect(ubl.status).toBe(404); // another workspace's entry: not found; read it with this workspace's token below
  const xml = (await api.send('GET', `/silo/v1/entries/${source}/formats/ubl`)).body as string;
  const workflow = await saveWorkflow({
    steps: [step('ubl.import', { arg: 'document', folder: 'received' }), step('silo.state', { state: 'received' })],
  });
  const args = { document: `data:application/xml;name=invoice.xml;base64,${Buffer.from(xml).toString('base64')}` };
  const reply = await api.post('/transform/v1/jobs?wait=30', { workflow_id: workflow.id, args });
  expect(reply.status).toBe(202);
  // EN 16931 has one invoice number: series and code come back joined.
  expect(reply.body).toMatchObject({ status: 'completed', envelope: { doc: { code: 'F-0001' } } });
  const imported = await api.get(`/silo/v1/entries/${reply.body.silo_entry_id}`);
  expect([imported.body.folder, imported.body.state]).toEqual(['received', 'received']);
  expect(imported.body.attachments.map((f: { key?: string }) => f.key)).toContain('source');
  // Without the argument: KO, nothing made.
  const missing = await api.post('/transform/v1/jobs?wait=30', { workflow_id: workflow.id, args: { other: 'text' } });
  expect(missing.body).toMatchObject({ status: 'failed', faults: [{ provider: 'ubl.import', code: 'no-document' }] });
  expect(missing.body.silo_entry_id).toBeUndefined();
});
