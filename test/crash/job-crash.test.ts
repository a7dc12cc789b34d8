import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshMysqlDatabase } from '../helpers/database-check';
import { einvoice } from '../helpers/documents';
import { recordFigures } from '../helpers/figures';
import { send } from '../helpers/http-outcome';
import { MARIADB_URL, TEST_SECRET, tokenFor } from '../helpers/server';
import { buildService, killAllServiceProcesses, startServiceProcess, type ServiceProcess } from '../helpers/service-process';

/**
 * Jobs survive the process running them: two service processes on one database, thirty jobs that number, sign,
 * attach a PDF and set a state; one process is SIGKILLed while it runs them. The other takes over each job left in
 * the middle of a step once its lease has passed, and every job ends completed with each step run once: codes 1 to
 * 30 without a gap or a repeat, each envelope signed once, each entry `sent`. And one job whose process is killed
 * in each of its steps in turn: each step's effect once (one code, one signature, one state, one version of each file).
 */
const JOBS = 30;
const databases = (process.env.TEST_DB ?? 'sqlite,mariadb').split(',').map((d) => d.trim());
const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

let main: string;
beforeAll(() => {
  main = buildService();
}, 120_000);
afterAll(() => killAllServiceProcesses());

describe.each(databases)('a process killed while running jobs, on %s', (database) => {
  let dataDir: string;
  let databaseUrl: string;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'entries-job-crash-'));
    databaseUrl = `sqlite:${path.join(dataDir, 'jobs.sqlite')}`;
    if (database === 'mariadb') {
      const db = await freshMysqlDatabase(MARIADB_URL, `jobs_${randomUUID().slice(0, 8)}`);
      databaseUrl = db.url;
      drop = db.drop;
    }
  });
  afterAll(async () => {
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test(`${JOBS} jobs, one process killed under them: the other ends each once`, async () => {
    const env = (name: string) => ({
      DATA_DIR: path.join(dataDir, name),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: TEST_SECRET,
      SIGNING_KEY: signingKey,
      JOB_STEP_TIME_LIMIT_MS: '2000',
      JOB_POLL_MS: '200',
    });
    const doomed: ServiceProcess = await startServiceProcess(main, env('doomed'));
    const survivor: ServiceProcess = await startServiceProcess(main, env('survivor'));
    const headers = { authorization: `Bearer ${await tokenFor(`jobs-${randomUUID()}`)}`, 'content-type': 'application/json' };
    const call = async (service: ServiceProcess, method: string, route: string, body?: unknown) => {
      const outcome = await send(`${service.url}${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!('status' in outcome)) throw new Error(`${method} ${route}: ${outcome.error}`);
      return outcome;
    };
    const step = (provider: string, config: Record<string, unknown> = {}) => ({ id: randomUUID(), provider, config });
    const workflowId = randomUUID();
    const steps = [
      step('sequence.enumerate', { name: 'Crash', padding: 4 }),
      step('silo.close'),
      step('pdf'),
      step('silo.state', { state: 'sent' }),
    ];
    expect((await call(doomed, 'PUT', `/transform/v1/workflows/${workflowId}`, { name: 'Issue', steps })).status).toBe(200);
    const jobIds: string[] = [];
    for (let i = 0; i < JOBS; i++) {
      const entry = await call(doomed, 'POST', '/silo/v1/entries', { data: einvoice({ code: undefined }) });
      const job = await call(doomed, 'POST', '/transform/v1/jobs', { workflow_id: workflowId, silo_entry_id: entry.body.id });
      expect(job.status).toBe(202);
      jobIds.push(job.body.id);
    }
    // Killed while its runner is in the middle of the jobs it took.
    await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 300));
    await doomed.kill('SIGKILL');

    const jobs: {
      status: string;
      intents: { provider: string; completed: boolean }[];
      envelope: { doc: { code: string }; sigs?: unknown[] };
      silo_entry_id: string;
    }[] = [];
    for (const id of jobIds) {
      let job = (await call(survivor, 'GET', `/transform/v1/jobs/${id}`)).body;
      for (let i = 0; i < 600 && job.status !== 'completed' && job.status !== 'failed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = (await call(survivor, 'GET', `/transform/v1/jobs/${id}`)).body;
      }
      jobs.push(job);
    }
    expect(jobs.map((job) => job.status)).toEqual(jobIds.map(() => 'completed'));
    // Each step once: four intents, each completed, in the workflow's order.
    for (const job of jobs) expect(job.intents.map((i) => [i.provider, i.completed])).toEqual(steps.map((s) => [s.provider, true]));
    expect(jobs.map((job) => job.envelope.doc.code).sort()).toEqual(jobIds.map((_, i) => String(i + 1).padStart(4, '0')));
    expect(jobs.filter((job) => job.envelope.sigs?.length !== 1)).toEqual([]);
    const series = (await call(survivor, 'GET', '/sequence/v1/series')).body.list;
    expect(series.map((s: { last_index: number }) => s.last_index)).toEqual([JOBS]);
    const verdict = await call(survivor, 'GET', `/sequence/v1/series/${series[0].id}/verify`);
    expect(verdict.body).toMatchObject({ valid: true, checked: JOBS });
    for (const job of jobs) expect((await call(survivor, 'GET', `/silo/v1/entries/${job.silo_entry_id}`)).body.state).toBe('sent');
    recordFigures('job-crash', database, { jobs: JOBS, completed: jobs.length });
    await survivor.kill('SIGTERM');
  }, 180_000);

  test('one job, its process killed in each of its seven steps in turn: each step done once', async () => {
    const env = {
      DATA_DIR: path.join(dataDir, 'steps'),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: TEST_SECRET,
      SIGNING_KEY: signingKey,
      JOB_STEP_TIME_LIMIT_MS: '1000',
      JOB_POLL_MS: '100',
    };
    let service = await startServiceProcess(main, env);
    const headers = { authorization: `Bearer ${await tokenFor(`steps-${randomUUID()}`)}`, 'content-type': 'application/json' };
    const call = async (method: string, route: string, body?: unknown) => {
      const outcome = await send(`${service.url}${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!('status' in outcome)) throw new Error(`${method} ${route}: ${outcome.error}`);
      return outcome;
    };
    const step = (provider: string, config: Record<string, unknown> = {}) => ({ id: randomUUID(), provider, config });
    const steps = [
      step('silo.state', { state: 'processing' }),
      step('sequence.enumerate', { name: 'Steps', padding: 4 }),
      step('silo.close'),
      step('pdf'),
      step('ubl.generate'),
      step('silo.folder', { folder: 'issued' }),
      step('silo.state', { state: 'sent' }),
    ];
    const workflowId = randomUUID();
    expect((await call('PUT', `/transform/v1/workflows/${workflowId}`, { name: 'Issue', steps })).status).toBe(200);
    const entryId = (await call('POST', '/silo/v1/entries', { data: einvoice({ code: undefined }) })).body.id as string;
    const jobId = (await call('POST', '/transform/v1/jobs', { workflow_id: workflowId, silo_entry_id: entryId })).body.id as string;
    let kills = 0;
    for (let k = 1; k <= steps.length; k++) {
      // As soon as the job is at step k (its start recorded, its effect under way or done), the process dies.
      let job = (await call('GET', `/transform/v1/jobs/${jobId}`)).body;
      for (let i = 0; i < 600 && job.intents.length < k && job.status !== 'completed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        job = (await call('GET', `/transform/v1/jobs/${jobId}`)).body;
      }
      if (job.status === 'completed') break;
      await service.kill('SIGKILL');
      kills += 1;
      service = await startServiceProcess(main, env);
    }
    let job = (await call('GET', `/transform/v1/jobs/${jobId}`)).body;
    for (let i = 0; i < 600 && job.status !== 'completed' && job.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await call('GET', `/transform/v1/jobs/${jobId}`)).body;
    }
    expect(job.status).toBe('completed');
    expect(job.intents.map((i: { provider: string }) => i.provider)).toEqual(steps.map((s) => s.provider));
    const entry = (await call('GET', `/silo/v1/entries/${entryId}`)).body;
    expect(entry.data.doc.code).toBe('0001');
    expect(entry.data.sigs).toHaveLength(1);
    expect([entry.folder, entry.state]).toEqual(['issued', 'sent']);
    // One state per state step, one version of each file: nothing done twice.
    const states = (await call('GET', `/silo/v1/entries/${entryId}/states`)).body.list.map((s: { key: string }) => s.key);
    expect(states.sort()).toEqual(['processing', 'sent']);
    const files = entry.attachments as { mime: string; previous?: unknown[] }[];
    expect(files.map((f) => [f.mime, f.previous?.length ?? 0]).sort()).toEqual([
      ['application/pdf', 0],
      ['application/xml', 0],
    ]);
    const series = (await call('GET', '/sequence/v1/series')).body.list.filter((s: { name: string }) => s.name.startsWith('Steps'));
    expect(series.map((s: { last_index: number }) => s.last_index)).toEqual([1]);
    recordFigures('job-crash-steps', database, { steps: steps.length, kills });
    await service.kill('SIGTERM');
  }, 300_000);
});
