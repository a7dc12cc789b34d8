import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_SECRET } from '../helpers/server';
import { buildService, killAllServiceProcesses, startServiceProcess } from '../helpers/service-process';

const ROOT = path.resolve(__dirname, '../..');
const linux = process.platform === 'linux';

/** A thread's nice level, from /proc (field 19 of its stat line; the name in parentheses may hold spaces). */
function niceOf(pid: number, tid: string): number {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

function nicesOf(pid: number): { main: number; others: number[] } {
  const tasks = readdirSync(`/proc/${pid}/task`);
  return { main: niceOf(pid, String(pid)), others: tasks.filter((tid) => tid !== String(pid)).map((tid) => niceOf(pid, tid)) };
}

(linux ? describe : describe.skip)('lowerHelperThreads', () => {
  test('lowers every thread there is but the main one, and no thread started after', () => {
    // A fresh process: its threads at the call are V8's helpers and Node's own; a worker started after keeps its own.
    const script = `
      const { lowerHelperThreads } = require(${JSON.stringify(path.join(ROOT, 'src/workers/helper-threads'))});
      const { readdirSync } = require('node:fs');
      const { getPriority } = require('node:os');
      const { Worker } = require('node:worker_threads');
      const before = readdirSync('/proc/self/task');
      const lowered = lowerHelperThreads(7);
      const worker = new Worker('setTimeout(() => {}, 2000)', { eval: true });
      worker.on('online', () => {
        const nices = Object.fromEntries(readdirSync('/proc/self/task').map((tid) => [tid, getPriority(Number(tid))]));
        console.log(JSON.stringify({ pid: process.pid, before, lowered, nices }));
        process.exit(0);
      });`;
    const child = spawnSync(process.execPath, ['--require', path.join(ROOT, 'scripts/register-ts.js'), '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).toBe('');
    const { pid, before, lowered, nices } = JSON.parse(child.stdout.trim().split('\n').pop()!) as {
      pid: number;
      before: string[];
      lowered: number;
      nices: Record<string, number>;
    };
    const helpers = before.filter((tid) => tid !== String(pid));
    expect(lowered).toBe(helpers.length);
    expect(helpers.length).toBeGreaterThanOrEqual(2);
    expect(nices[String(pid)]).toBe(0);
    for (const tid of helpers) expect(nices[tid]).toBe(7);
    const later = Object.keys(nices).filter((tid) => !before.includes(tid));
    expect(later.length).toBeGreaterThan(0); // the worker and the threads it brought
    for (const tid of later) expect(nices[tid]).toBe(0);
  });

  test('nothing changes for a nice of 0', () => {
    const { lowerHelperThreads } = require('../../src/workers/helper-threads') as typeof import('../../src/workers/helper-threads');
    expect(lowerHelperThreads(0)).toBe(0);
  });
});

(linux ? describe : describe.skip)("the service's threads", () => {
  let main: string;
  let dataDir: string;
  beforeAll(() => {
    main = buildService();
    dataDir = mkdtempSync(path.join(tmpdir(), 'entries-helpers-'));
  }, 120_000);
  afterAll(async () => {
    await killAllServiceProcesses();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (env: Record<string, string>) =>
    startServiceProcess(main, {
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_SECRET,
      DATABASE_URL: `sqlite:${path.join(dataDir, `t-${Date.now()}.sqlite`)}`,
      ENGINE_THREADS: '1',
      ...env,
    });

  test("V8's helpers run at the engine's priority, the HTTP thread at its own", async () => {
    const service = await start({ ENGINE_NICE: '7' });
    try {
      const { main: http, others } = nicesOf(service.pid);
      expect(http).toBe(0);
      // Node starts four helpers for V8, and the pool one engine thread: all five (at least) at 7.
      expect(others.filter((nice) => nice === 7).length).toBeGreaterThanOrEqual(5);
    } finally {
      await service.kill('SIGTERM');
    }
  });

  test('with ENGINE_NICE=0 every thread keeps the HTTP thread’s priority', async () => {
    const service = await start({ ENGINE_NICE: '0' });
    try {
      const { main: http, others } = nicesOf(service.pid);
      expect(http).toBe(0);
      expect(others.every((nice) => nice === 0)).toBe(true);
    } finally {
      await service.kill('SIGTERM');
    }
  });
});
