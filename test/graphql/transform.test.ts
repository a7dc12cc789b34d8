import { randomUUID } from 'node:crypto';
import { createClient, type Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { einvoice } from '../helpers/documents';
import { startServer, type TestServer } from '../helpers/server';
import {
  CreateJobDocument,
  EntriesWithJobsDocument,
  GetJobByKeyDocument,
  GetJobDocument,
  GetWorkflowDocument,
  ListJobsDocument,
  ListWorkflowsDocument,
  SaveWorkflowDocument,
  UpdateWorkflowDocument,
  type CreateJobInput,
  type SaveWorkflowInput,
} from './generated/graphql';
import { apisFor, firstError, recordQueries } from './graphql-client';

/**
 * Workflows and jobs through GraphQL: the same workflows and jobs as REST's /transform/v1, over the same services.
 * Workflows saved with their steps checked by the domain, versions, jobs run (and waited for) with their intents,
 * faults, files and entry, an entry's jobs read for a whole page at once, and `jobEvents` over graphql-ws.
 */
let t: TestServer;
let apis: Awaited<ReturnType<typeof apisFor>>;
const sockets: WsClient[] = [];
beforeAll(async () => {
  t = await startServer();
});
beforeEach(async () => {
  apis = await apisFor(t.url);
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await t.close();
});

const step = (provider: string, config: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  name: provider,
  provider,
  config,
  ...extra,
});

async function saveWorkflow(input: Partial<SaveWorkflowInput>, id: string | null = randomUUID()) {
  const reply = await apis.gql.run(SaveWorkflowDocument, { id, input: { name: 'Test', steps: [], ...input } });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data!.saveWorkflow.workflow;
}

async function createEntry(data: Record<string, unknown> = einvoice({ code: undefined })): Promise<string> {
  const reply = await apis.rest.post('/silo/v1/entries', { data });
  expect(reply.status).toBe(200);
  return reply.body.id;
}

async function runJob(input: CreateJobInput) {
  const reply = await apis.gql.run(CreateJobDocument, { input: { wait: 30, ...input } });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data!.createJob.job;
}

async function until(check: () => boolean, ms = 10_000, what = 'condition') {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('a workflow is saved with its steps checked by the domain; provider and action are both read; updateWorkflow makes a version', async () => {
  const first = step('silo.state', { state: 'processing' });
  const onKo = step('silo.folder', { folder: 'review' });
  const sign = { id: randomUUID(), name: 'Sign', action: 'silo.close', next: [{ status: 'KO', steps: [onKo] }] };
  const rescue = step('silo.state', { state: 'error' });
  const id = randomUUID();
  const input = { name: 'Issue', schema: 'bill/invoice', steps: [first, sign], rescue: [rescue] };
  const saved = await apis.gql.run(SaveWorkflowDocument, { id, input: { ...input, clientMutationId: 's1' } });
  expect(saved.body.errors).toBeUndefined();
  const { workflow, clientMutationId } = saved.body.data!.saveWorkflow;
  expect(clientMutationId).toBe('s1');
  expect(workflow).toMatchObject({ id, name: 'Issue', schema: 'bill/invoice', draft: false, disabled: false, version: 1 });
  const unset = { summary: null, notes: null };
  const onKoShown = { id: onKo.id, name: 'silo.folder', provider: 'silo.folder', config: { folder: 'review' } };
  const branch = { status: 'KO', code: null, stepId: null, stop: null, steps: [onKoShown] };
  expect(workflow.steps).toEqual([
    { ...unset, id: first.id, name: 'silo.state', provider: 'silo.state', action: 'silo.state', config: { state: 'processing' }, next: [] },
    { ...unset, id: sign.id, name: 'Sign', provider: 'silo.close', action: 'silo.close', config: {}, next: [branch] },
  ]);
  expect(workflow.rescue.map((s) => s.provider)).toEqual(['silo.state']);
  expect(workflow.versions.map((v) => v.version)).toEqual([1]);
  // The JSON of the steps is REST's, and saving it back is the same workflow.
  const rest = (await apis.rest.get(`/transform/v1/workflows/${id}`)).body;
  expect(workflow.stepsJson).toEqual(rest.steps);
  expect(workflow.rescueJson).toEqual(rest.rescue);
  expect(workflow.hash).toBe(rest.hash);
  const again = await saveWorkflow(
    { ...input, steps: workflow.stepsJson as Record<string, unknown>[], rescue: workflow.rescueJson as Record<string, unknown>[] },
    id,
  );
  expect(again).toEqual(workflow);
  expect((await apis.gql.run(GetWorkflowDocument, { id })).body.data!.workflow).toEqual(workflow);

  // Refusals are the domain's, through the one mapping.
  const other = await apis.gql.run(SaveWorkflowDocument, { id, input: { ...input, steps: [first] } });
  expect(firstError(other)).toMatchObject({ path: ['saveWorkflow'], extensions: { code: 'CONFLICT', key: 'conflict' } });
  const unknown = await apis.gql.run(SaveWorkflowDocument, { id: randomUUID(), input: { name: 'Bad', steps: [step('teleport.now')] } });
  expect(firstError(unknown).message).toContain('unknown provider teleport.now');
  expect(firstError(unknown).extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'input', fields: { steps: expect.any(String) } });
  const badConfig = await apis.gql.run(SaveWorkflowDocument, { input: { name: 'Bad', steps: [step('silo.state', { state: 'flying' })] } });
  expect(firstError(badConfig).message).toContain('steps[0] (silo.state): state must be one of');
  const dangling = await apis.gql.run(SaveWorkflowDocument, {
    input: { name: 'Bad', steps: [step('silo.close', {}, { next: [{ status: 'OK', step_id: randomUUID() }] })] },
  });
  expect(firstError(dangling).message).toContain('is no step of the workflow');

  const updated = await apis.gql.run(UpdateWorkflowDocument, {
    id,
    input: { steps: [first], description: 'Shorter', clientMutationId: 'u1' },
  });
  expect(updated.body.errors).toBeUndefined();
  expect(updated.body.data!.updateWorkflow).toMatchObject({ clientMutationId: 'u1', workflow: { version: 2, description: 'Shorter' } });
  expect(updated.body.data!.updateWorkflow.workflow.versions.map((v) => v.version)).toEqual([2, 1]);
  const missing = await apis.gql.run(UpdateWorkflowDocument, { id: randomUUID(), input: { name: 'x' } });
  expect(firstError(missing).extensions.code).toBe('NOT_FOUND');

  // Without an id, a new one.
  const fresh = await saveWorkflow({ name: 'Fresh', steps: [step('silo.close')] }, null);
  expect(fresh.id).not.toBe(id);
});

test('workflows are listed newest first, by schema, a page at a time; their versions shown', async () => {
  const ids = [];
  for (let i = 0; i < 3; i++) {
    ids.push((await saveWorkflow({ name: `W${i}`, schema: 'bill/invoice', steps: [step('silo.close')] })).id);
    await new Promise((resolve) => setTimeout(resolve, 5)); // distinct creation times: the list pages by them
  }
  await saveWorkflow({ name: 'Parties', schema: 'org/party', steps: [step('silo.close')] });
  const first = await apis.gql.run(ListWorkflowsDocument, { first: 2, schema: 'bill/invoice' });
  expect(first.body.errors).toBeUndefined();
  const page = first.body.data!.workflows;
  expect(page.edges.map((edge) => edge.node.id)).toEqual([ids[2], ids[1]]);
  expect(page.edges[0].node.versions).toEqual([{ version: 1 }]);
  expect(page.pageInfo.hasNextPage).toBe(true);
  const second = await apis.gql.run(ListWorkflowsDocument, { first: 2, schema: 'bill/invoice', after: page.pageInfo.endCursor });
  expect(second.body.data!.workflows.edges.map((edge) => edge.node.id)).toEqual([ids[0]]);
  expect(second.body.data!.workflows.pageInfo.hasNextPage).toBe(false);
  // REST's next_created_at is the same cursor.
  const rest = await apis.rest.get('/transform/v1/workflows?limit=2&schema=bill/invoice');
  expect(rest.body.next_created_at).toBe(page.pageInfo.endCursor);
  const tooMany = await apis.gql.run(ListWorkflowsDocument, { first: 101 });
  expect(firstError(tooMany).extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { limit: expect.any(String) } });
});

test('createJob runs a workflow over an entry and, with wait, answers it ended: its intents, files, workflow and entry; read by id and key', async () => {
  const workflow = await saveWorkflow({
    name: 'Issue',
    steps: [
      step('silo.state', { state: 'processing' }),
      step('sequence.enumerate', { name: 'Sales', prefix: 'INV-', padding: 5 }),
      step('silo.close'),
      step('ubl.generate', { doc_type: 'en16931-v2017' }),
      step('pdf'),
      step('silo.state', { state: 'sent' }),
    ],
  });
  const entryId = await createEntry();
  const key = `job-${randomUUID()}`;
  const created = await apis.gql.run(CreateJobDocument, {
    input: { workflowId: workflow.id, siloEntryId: entryId, key, args: { note: 'one' }, tags: ['gql'], wait: 30, clientMutationId: 'j1' },
  });
  expect(created.body.errors).toBeUndefined();
  const { job, clientMutationId } = created.body.data!.createJob;
  expect(clientMutationId).toBe('j1');
  expect(job).toMatchObject({
    status: 'COMPLETED',
    key,
    workflowId: workflow.id,
    siloEntryId: entryId,
    args: { note: 'one' },
    tags: ['gql'],
    faults: [],
  });
  expect(job.intents.map((i) => [i.provider, i.events.map((e) => e.status), i.completed])).toEqual([
    ['silo.state', ['RUN', 'OK'], true],
    ['sequence.enumerate', ['RUN', 'OK'], true],
    ['silo.close', ['RUN', 'OK'], true],
    ['ubl.generate', ['RUN', 'OK'], true],
    ['pdf', ['RUN', 'OK'], true],
    ['silo.state', ['RUN', 'OK'], true],
  ]);
  expect(job.intents[1].events[1].code).toBe('INV-00001');
  expect(job.attachments.map((f) => f.mime).sort()).toEqual(['application/pdf', 'application/xml']);
  expect(job.attachments.every((f) => f.url?.startsWith(`${t.url}/`))).toBe(true);
  expect(job.workflow).toEqual({ id: workflow.id, name: 'Issue', version: 1 });
  expect(job.entry).toMatchObject({ id: entryId, state: 'sent', data: { doc: { code: 'INV-00001' } } });
  expect(job.completedAt).not.toBeNull();

  // As REST shows it.
  const rest = (await apis.rest.get(`/transform/v1/jobs/${job.id}`)).body;
  expect(rest).toMatchObject({ id: job.id, status: 'completed', silo_entry_id: entryId, key });
  expect(rest.intents.map((i: { id: string }) => i.id)).toEqual(job.intents.map((i) => i.id));
  expect(rest.attachments.map((f: { id: string }) => f.id).sort()).toEqual(job.attachments.map((f) => f.id).sort());
  // A file's link is signed with its expiry, to the second: two reads a second apart differ only there.
  const unsigned = <T extends { attachments: { url?: string | null }[] }>(read: T) => ({
    ...read,
    attachments: read.attachments.map((file) => ({ ...file, url: file.url?.replace(/[?&](expires|signature)=[^&]*/g, '') })),
  });
  const { workflow: _w, entry: _e, ...fields } = job;
  expect(unsigned((await apis.gql.run(GetJobDocument, { id: job.id })).body.data!.job!)).toEqual(unsigned(fields));
  expect(unsigned((await apis.gql.run(GetJobByKeyDocument, { key })).body.data!.jobByKey!)).toEqual(unsigned(fields));
  // The same key again answers the same job, and runs nothing again.
  const again = await runJob({ workflowId: workflow.id, siloEntryId: entryId, key });
  expect(again.id).toBe(job.id);
  const listed = await apis.gql.run(ListJobsDocument, { entryId });
  expect(listed.body.data!.jobs.edges.map((edge) => edge.node.id)).toEqual([job.id]);
  // Its end is an event of the feed, with the job.
  const events = await apis.gql.query(
    'query ($entryId: ID) { events(entryId: $entryId, types: [JOB_COMPLETED]) { edges { node { type job { id status } } } } }',
    {
      entryId,
    },
  );
  expect(events.body.data.events.edges).toEqual([{ node: { type: 'JOB_COMPLETED', job: { id: job.id, status: 'COMPLETED' } } }]);
});

test('a failure no next handles runs the rescue steps: FAILED with its faults; data becomes the entry; refusals through the one mapping', async () => {
  const workflow = await saveWorkflow({
    steps: [step('silo.modify', { data: { doc: { supplier: null } } }), step('silo.state', { state: 'sent' })],
    rescue: [step('silo.state', { state: 'error' })],
  });
  const job = await runJob({ workflowId: workflow.id, data: einvoice() });
  expect(job.status).toBe('FAILED');
  expect(job.faults).toEqual([expect.objectContaining({ provider: 'silo.modify' })]);
  expect(job.intents.map((i) => i.provider)).toEqual(['silo.modify', 'silo.state']);
  expect(job.entry).toMatchObject({ id: job.siloEntryId, state: 'error' });

  const unknown = await apis.gql.run(CreateJobDocument, { input: { workflowId: randomUUID(), data: einvoice() } });
  expect(firstError(unknown)).toMatchObject({ path: ['createJob'], extensions: { code: 'NOT_FOUND', key: 'not-found' } });
  const draft = await saveWorkflow({ draft: true, steps: [step('silo.close')] });
  const drafted = await apis.gql.run(CreateJobDocument, { input: { workflowId: draft.id, data: einvoice() } });
  expect(firstError(drafted).extensions).toMatchObject({ code: 'VALIDATION_FAILED', key: 'validation' });
  const tooLong = await apis.gql.run(CreateJobDocument, { input: { workflowId: workflow.id, data: einvoice(), wait: 61 } });
  expect(firstError(tooLong).extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { wait: expect.any(String) } });
  const nothing = await apis.gql.run(CreateJobDocument, { input: { workflowId: workflow.id } });
  expect(firstError(nothing).extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { silo_entry_id: expect.any(String) } });
  const badTags = await apis.gql.run(CreateJobDocument, {
    input: { workflowId: workflow.id, data: einvoice(), tags: Array(17).fill('t') },
  });
  expect(firstError(badTags).extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { tags: expect.any(String) } });
  expect(firstError(await apis.gql.run(GetJobDocument, { id: randomUUID() })).extensions.code).toBe('NOT_FOUND');
  expect(firstError(await apis.gql.run(GetJobByKeyDocument, { key: 'none' })).extensions.code).toBe('NOT_FOUND');
  // Another workspace sees none of it.
  const stranger = await apisFor(t.url);
  expect(firstError(await stranger.gql.run(GetJobDocument, { id: job.id })).extensions.code).toBe('NOT_FOUND');
  expect((await stranger.gql.run(ListJobsDocument, {})).body.data!.jobs.edges).toEqual([]);
});

test("Entry.jobs: a page of entries reads its entries' jobs in one statement; a page past them is read after its cursor", async () => {
  const workflow = await saveWorkflow({ steps: [step('silo.state', { state: 'processing' })] });
  const [a, b] = [await createEntry(), await createEntry()];
  const aJobs = [];
  for (let i = 0; i < 3; i++) aJobs.push(await runJob({ workflowId: workflow.id, siloEntryId: a }));
  const bJob = await runJob({ workflowId: workflow.id, siloEntryId: b });
  await createEntry();

  const recorder = recordQueries(t.server.dataSource);
  const reply = await apis.gql.run(EntriesWithJobsDocument, { first: 3, jobs: 2 });
  // (The runner's polls read transform_jobs too, by due_at: only reads by entry count here.)
  const jobReads = recorder.queries.filter((query) => /FROM transform_jobs WHERE workspace_id = \? AND silo_entry_id/.test(query));
  recorder.restore();
  expect(reply.body.errors).toBeUndefined();
  expect(jobReads).toHaveLength(1);
  const [c, ofB, ofA] = reply.body.data!.entries.edges.map((edge) => edge.node);
  expect([ofA.id, ofB.id]).toEqual([a, b]);
  expect(c.jobs).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  expect(ofB.jobs.edges.map((edge) => edge.node.id)).toEqual([bJob.id]);
  expect(ofA.jobs.edges.map((edge) => edge.node.id)).toEqual([aJobs[2].id, aJobs[1].id]);
  expect(ofA.jobs.pageInfo.hasNextPage).toBe(true);

  // The cursors are those of jobs(entryId:) and of REST's list.
  const listed = (await apis.gql.run(ListJobsDocument, { entryId: a, first: 2 })).body.data!.jobs;
  expect(listed.pageInfo.endCursor).toBe(ofA.jobs.pageInfo.endCursor);
  const rest = await apis.rest.get(`/transform/v1/jobs?entry_id=${a}&limit=2`);
  expect(rest.body.next_cursor).toBe(ofA.jobs.pageInfo.endCursor);
  const after = await apis.gql.run(EntriesWithJobsDocument, { first: 3, jobs: 2, after: ofA.jobs.pageInfo.endCursor });
  const pastA = after.body.data!.entries.edges.find((edge) => edge.node.id === a)!.node.jobs;
  expect(pastA.edges.map((edge) => edge.node.id)).toEqual([aJobs[0].id]);
  expect(pastA.pageInfo.hasNextPage).toBe(false);
  const tooMany = await apis.gql.run(EntriesWithJobsDocument, { first: 1, jobs: 101 });
  expect(firstError(tooMany).extensions.code).toBe('BAD_USER_INPUT');
});

describe('Subscription.jobEvents', () => {
  const wsUrl = () => `${t.url.replace(/^http/, 'ws')}/graphql`;
  const wsClient = (token: string) => {
    const socket = createClient({ url: wsUrl(), webSocketImpl: WebSocket, connectionParams: { token }, retryAttempts: 0, lazy: true });
    sockets.push(socket);
    return socket;
  };
  const JOB_EVENTS = `subscription ($entryId: ID, $after: String) {
    jobEvents(entryId: $entryId, after: $after) { id type entryId cursor job { id status intents { provider } faults { provider } } entry { id state } }
  }`;
  const collect = () => {
    const results: any[] = [];
    const errors: any[] = [];
    return {
      results,
      errors,
      sink: {
        next: (result: any) => (result.errors ? errors.push(...result.errors) : results.push(result.data.jobEvents)),
        error: (error: unknown) => errors.push(error),
        complete: () => undefined,
      },
    };
  };
  const feedEnd = async () => (await apis.gql.query('{ eventsEnd }')).body.data.eventsEnd as string;

  test("each job's end arrives once, with the job; filtered by entry; resumable from a cursor; no other event", async () => {
    const done = await saveWorkflow({ steps: [step('silo.state', { state: 'processing' })] });
    const failing = await saveWorkflow({ steps: [step('silo.modify', { data: { doc: { supplier: null } } })] });
    const [a, b] = [await createEntry(), await createEntry()];
    const after = await feedEnd();
    const ws = wsClient(apis.token);
    const ofA = collect();
    const all = collect();
    ws.subscribe({ query: JOB_EVENTS, variables: { entryId: a, after } }, ofA.sink);
    ws.subscribe({ query: JOB_EVENTS, variables: { after } }, all.sink);

    const completed = await runJob({ workflowId: done.id, siloEntryId: a });
    const failed = await runJob({ workflowId: failing.id, siloEntryId: b });
    expect([completed.status, failed.status]).toEqual(['COMPLETED', 'FAILED']);
    await until(() => all.results.length >= 2 && ofA.results.length >= 1, 10_000, 'the jobs’ events');
    await new Promise((resolve) => setTimeout(resolve, 300)); // nothing more comes
    expect(all.errors).toEqual([]);
    expect(all.results).toEqual([
      expect.objectContaining({
        type: 'JOB_COMPLETED',
        entryId: a,
        job: { id: completed.id, status: 'COMPLETED', intents: [{ provider: 'silo.state' }], faults: [] },
        entry: { id: a, state: 'processing' },
      }),
      expect.objectContaining({
        type: 'JOB_FAILED',
        entryId: b,
        job: { id: failed.id, status: 'FAILED', intents: [{ provider: 'silo.modify' }], faults: [{ provider: 'silo.modify' }] },
      }),
    ]);
    expect(ofA.results).toEqual([all.results[0]]);

    // From the first event's cursor: the second alone.
    const resumed = collect();
    ws.subscribe({ query: JOB_EVENTS, variables: { after: all.results[0].cursor } }, resumed.sink);
    await until(() => resumed.results.length >= 1, 10_000, 'the resumed event');
    expect(resumed.results.map((event) => event.job.id)).toEqual([failed.id]);

    const bad = collect();
    ws.subscribe({ query: JOB_EVENTS, variables: { entryId: 'not-an-id' } }, bad.sink);
    await until(() => bad.errors.length >= 1, 5_000, 'the refusal');
    expect(bad.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });

  test('bounded as entryEvents is: at most 10 at once on a connection, past them SERVICE_UNAVAILABLE for that one alone', async () => {
    const ws = wsClient(apis.token);
    const subscriptions = Array.from({ length: 11 }, () => collect());
    subscriptions.forEach((s) => ws.subscribe({ query: JOB_EVENTS, variables: {} }, s.sink));
    await until(() => subscriptions[10].errors.length >= 1, 5_000, 'the 11th refused');
    expect(subscriptions[10].errors[0]).toMatchObject({
      extensions: { code: 'SERVICE_UNAVAILABLE' },
      message: expect.stringMatching(/at most 10/),
    });
    expect(subscriptions.slice(0, 10).flatMap((s) => s.errors)).toEqual([]);
  });

  test('a subscription is costed as a query: one over the complexity limit is refused before any event', async () => {
    const ws = wsClient(apis.token);
    const costly = collect();
    // Each alias prices an entry's full page of jobs, each with its files: a dozen of them are over the limit.
    const aliases = Array.from({ length: 12 }, (_, i) => `e${i}: entry { jobs(first: 100) { edges { node { id attachments { id } } } } }`);
    ws.subscribe({ query: `subscription { jobEvents { id ${aliases.join(' ')} } }` }, costly.sink);
    await until(() => costly.errors.length >= 1, 5_000, 'the refusal');
    expect(JSON.stringify(costly.errors[0])).toMatch(/GRAPHQL_VALIDATION_FAILED|too complex/);
  });
});
