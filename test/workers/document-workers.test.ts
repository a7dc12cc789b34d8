import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DocumentJob, JobOutcome } from '../../src/domain/documents/document-pipeline';
import { envelopeOf, type Entry } from '../../src/domain/entries/model/entry';
import { DomainError } from '../../src/domain/shared/errors';
import { DocumentWorkers } from '../../src/workers/document-workers';
import { SigningKeys } from '../../src/signing/signing-keys';
import { invoice, invoiceOfLines, invoiceWithoutSupplier, party } from '../helpers/documents';

const dataDir = mkdtempSync(path.join(tmpdir(), 'document-workers-'));
SigningKeys.load(undefined, dataDir); // the server creates the key before its threads read it

const job = (data: unknown, workspaceId = 'ws', extra: Record<string, unknown> = {}): DocumentJob => ({
  workspaceId,
  body: JSON.stringify(data === undefined ? extra : { data, ...extra }),
  now: new Date('2026-11-23T10:00:00Z'),
});

/** The entry an outcome holds, asserting it is one. */
const entryOf = (outcome: JobOutcome): Entry => {
  if (!('entry' in outcome)) throw new Error(`expected an entry, got ${JSON.stringify(outcome)}`);
  return outcome.entry;
};

const pool = (
  options: {
    threads?: number;
    timeLimitMs?: number;
    memoryMb?: number;
    queueLimit?: number;
    workspaceQueueLimit?: number;
    observeSeconds?: (s: number) => void;
  } = {},
) =>
  new DocumentWorkers({
    threads: 1,
    timeLimitMs: 10_000,
    memoryMb: 512,
    nice: 0,
    ...options,
    worker: { signingKeys: SigningKeys.load(undefined, dataDir).material() },
  });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Until a thread has taken every queued job (a fresh pool's thread may still be starting). */
async function untilTaken(engine: DocumentWorkers): Promise<void> {
  while (engine.waiting > 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('DocumentWorkers', () => {
  it('processes a document in a worker thread, signing with the service key', async () => {
    const engine = pool();
    try {
      const entry = entryOf(await engine.run(job(invoice(), 'ws', { sign: true })));
      const envelope = envelopeOf(entry)!;
      expect(entry.faults).toEqual([]);
      expect(entry.signed).toBe(true);
      expect(envelope.doc.totals).toMatchObject({ payable: '2178.00' });
      expect(envelope.sigs).toHaveLength(1);
      expect(JSON.parse(Buffer.from(envelope.sigs![0].split('.')[0], 'base64url').toString()).kid).toBe(
        SigningKeys.load(undefined, dataDir).kid,
      );
    } finally {
      await engine.close();
    }
  });

  it('carries a domain error back as a DomainError with its key and details', async () => {
    const engine = pool();
    try {
      const failure = await engine.run(job({ $schema: 'https://gobl.org/draft-0/nothing' })).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(DomainError);
      expect(failure).toMatchObject({ key: 'unknown-schema' });
      const invalid = await engine.run(job(invoiceWithoutSupplier())).catch((e: unknown) => e);
      expect(invalid).toMatchObject({ key: 'validation', details: { faults: expect.any(Array) } });
    } finally {
      await engine.close();
    }
  });

  it('asks for the previous entry of a derived document, then derives from the text it is given', async () => {
    const engine = pool();
    try {
      const first = entryOf(await engine.run(job(party('Original'))));
      const derived = job(undefined, 'ws', {
        previous_id: first.id,
        content_type: 'application/merge-patch+json',
        data: { doc: { name: 'Renamed' } },
      });
      expect(await engine.run(derived)).toEqual({ needsPrevious: first.id });
      const entry = entryOf(await engine.run({ ...derived, previousJson: first.dataJson }));
      expect(entry.snippet.title).toBe('Renamed');
      expect(entry.id).not.toBe(first.id);
    } finally {
      await engine.close();
    }
  });

  it('derives at once from a previous entry read ahead, and refuses one read ahead as absent with not-found', async () => {
    const engine = pool();
    try {
      const first = entryOf(await engine.run(job(party('Original'))));
      const body = { previous_id: first.id, content_type: 'application/merge-patch+json', data: { doc: { name: 'Renamed' } } };
      const decoy = '0190c000-0000-7000-8000-00000000000d';
      const derived = job(undefined, 'ws', body);
      const entry = entryOf(await engine.run({ ...derived, previousReadAhead: { [decoy]: null, [first.id]: first.dataJson! } }));
      expect(entry.snippet.title).toBe('Renamed');
      expect(entry.refs).toContainEqual({ uuid: first.id, context: 'previous' });
      const absent = await engine.run({ ...derived, previousReadAhead: { [first.id]: null } }).catch((e: unknown) => e);
      expect(absent).toBeInstanceOf(DomainError);
      expect(absent).toMatchObject({ key: 'not-found' });
      // Read ahead for another id only: the engine asks for the one the body names.
      expect(await engine.run({ ...derived, previousReadAhead: { [decoy]: null } })).toEqual({ needsPrevious: first.id });
    } finally {
      await engine.close();
    }
  });

  it('stops a document past the time limit with too-complex, and the next document is served by a fresh thread', async () => {
    const engine = pool({ timeLimitMs: 50 });
    try {
      const failure = await engine.run(job(invoiceOfLines(8000))).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(DomainError);
      expect(failure).toMatchObject({ key: 'too-complex' });
      expect((failure as Error).message).toMatch(/longer than 0.05 s/);
      const after = entryOf(await engine.run(job(party('after'))));
      expect(after.snippet.title).toBe('after');
    } finally {
      await engine.close();
    }
  });

  it('refuses a document that ran past the limit while the HTTP thread was too busy to stop it', async () => {
    const engine = pool({ timeLimitMs: 100 });
    try {
      await engine.run(job(party('warm'))); // the thread is up and idle, so the next job starts at once
      const running = engine.run(job(invoiceOfLines(20_000))).catch((e: unknown) => e);
      // This thread holds on (no watchdog tick) until the engine's thread has long finished the document.
      const began = Date.now();
      while (Date.now() - began < 4_000);
      const failure = await running;
      expect(failure).toBeInstanceOf(DomainError);
      expect(failure).toMatchObject({ key: 'too-complex' });
    } finally {
      await engine.close();
    }
  });

  it('runs the GOBL tools in its threads, under the same time limit, with the same errors', async () => {
    const engine = pool();
    const hasty = pool({ timeLimitMs: 50 });
    const gobl = (tool: 'build' | 'sign' | 'correct', data: unknown, on = engine) =>
      on.runGobl({ tool, workspaceId: 'ws', body: JSON.stringify({ data, envelop: true }), now: new Date('2026-11-23T10:00:00Z') });
    try {
      const built = JSON.parse((await gobl('build', party('Acme'))).dataJson);
      expect(built).toMatchObject({ $schema: 'https://gobl.org/draft-0/envelope', doc: { name: 'Acme' } });
      const signed = JSON.parse((await gobl('sign', party('Acme'))).dataJson);
      expect(signed.sigs).toHaveLength(1);
      expect(await gobl('build', invoiceWithoutSupplier()).catch((e: unknown) => e)).toMatchObject({ key: 'validation' });
      const slow = await gobl('build', invoiceOfLines(8000), hasty).catch((e: unknown) => e);
      expect(slow).toBeInstanceOf(DomainError);
      expect(slow).toMatchObject({ key: 'too-complex' });
    } finally {
      await Promise.all([engine.close(), hasty.close()]);
    }
  });

  it('counts the time limit from when a thread starts, so queued documents are not cut short', async () => {
    // One thread, a limit each document keeps alone, and a queue that together takes far longer.
    const engine = pool({ timeLimitMs: 3_000 });
    try {
      const results = await Promise.all(Array.from({ length: 8 }, () => engine.run(job(invoiceOfLines(600)))));
      expect(results.every((r) => entryOf(r).faults.length === 0)).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it('lets another workspace through while one workspace has a queue of heavy documents', async () => {
    const engine = pool();
    try {
      const finished: string[] = [];
      const heavy = Array.from({ length: 5 }, (_, i) =>
        engine.run(job(invoiceOfLines(1500), 'busy')).then(() => finished.push(`busy-${i}`)),
      );
      const light = engine.run(job(party('quick'), 'quiet')).then(() => finished.push('quiet'));
      await Promise.all([...heavy, light]);
      // Round robin: the quiet workspace waits for at most the one busy document already running, plus one turn.
      expect(finished.indexOf('quiet')).toBeLessThanOrEqual(2);
    } finally {
      await engine.close();
    }
  });

  it("holds a workspace to its share of the threads: a neighbour's document takes the thread left free, not a turn behind", async () => {
    const engine = pool({ threads: 2 });
    try {
      // Both threads started and warm first: what is measured is the share, not how long a cold thread takes to start
      // (on a loaded machine, longer than a 1,500-line invoice on a warm one).
      await Promise.all([engine.run(job(party('warm'), 'warm-1')), engine.run(job(party('warm'), 'warm-2'))]);
      const finished: string[] = [];
      const heavy = Array.from({ length: 4 }, (_, i) =>
        engine.run(job(invoiceOfLines(1500), 'busy')).then(() => finished.push(`busy-${i}`)),
      );
      // Two threads, a share of one: the busy workspace runs one document at a time, the rest wait in its line.
      expect(engine.waiting).toBe(3);
      const light = engine.run(job(party('quick'), 'quiet')).then(() => finished.push('quiet'));
      await Promise.all([...heavy, light]);
      expect(finished[0]).toBe('quiet');
    } finally {
      await engine.close();
    }
  });

  it("keeps a thread from PDFs: two workspaces' long PDFs leave a third's document a thread", async () => {
    const engine = pool({ threads: 2 });
    try {
      const envelopeJson = JSON.stringify(envelopeOf(entryOf(await engine.run(job(invoiceOfLines(1500), 'setup')))));
      const finished: string[] = [];
      const pdfs = ['a', 'b', 'a', 'b'].map((workspaceId, i) =>
        engine
          .renderPdf({ workspaceId, entryId: '0190a0b0-0000-7000-8000-000000000001', envelopeJson })
          .then(() => finished.push(`pdf-${i}`)),
      );
      expect(engine.waiting).toBe(3); // one PDF at a time on two threads
      const create = engine.run(job(party('quick'), 'quiet')).then(() => finished.push('quiet'));
      await Promise.all([...pdfs, create]);
      expect(finished[0]).toBe('quiet');
    } finally {
      await engine.close();
    }
  });

  it('bounds its queue: past the limit, or past a workspace share, a job is refused 503 unavailable at once', async () => {
    const engine = pool({ queueLimit: 3, workspaceQueueLimit: 2 });
    try {
      const running = engine.run(job(invoiceOfLines(1500), 'busy')); // the thread's
      await untilTaken(engine);
      const waiting = [engine.run(job(party('1'), 'busy')), engine.run(job(party('2'), 'busy'))];
      expect(engine.waiting).toBe(2);
      const overShare = await engine.run(job(party('3'), 'busy')).catch((e: unknown) => e);
      expect(overShare).toMatchObject({
        key: 'unavailable',
        message: expect.stringMatching(/too many documents waiting for this workspace/),
      });
      waiting.push(engine.run(job(party('4'), 'other'))); // another workspace still gets in
      const overAll = await engine
        .runGobl({ tool: 'build', workspaceId: 'third', body: JSON.stringify({ data: party('5') }), now: new Date() })
        .catch((e: unknown) => e);
      expect(overAll).toMatchObject({ key: 'unavailable', message: expect.stringMatching(/too many documents waiting;/) });
      await Promise.all([running, ...waiting]);
      expect(engine.waiting).toBe(0);
      expect(entryOf(await engine.run(job(party('after'), 'busy'))).snippet.title).toBe('after');
    } finally {
      await engine.close();
    }
  });

  it('drops a waiting job whose request was abandoned, before a thread takes it; a running one finishes', async () => {
    const ran: number[] = [];
    const engine = pool({ observeSeconds: (s) => ran.push(s) });
    try {
      const first = new AbortController();
      const running = engine.run(job(invoiceOfLines(1500)), { signal: first.signal });
      await untilTaken(engine);
      const second = new AbortController();
      const queued = engine.run(job(party('never')), { signal: second.signal }).catch((e: unknown) => e);
      expect(engine.waiting).toBe(1);
      second.abort();
      first.abort(); // already on a thread: it runs to its end
      expect(await queued).toMatchObject({ key: 'unavailable', message: expect.stringMatching(/closed the connection/) });
      expect(engine.waiting).toBe(0);
      expect(entryOf(await running).faults).toEqual([]);
      expect(ran).toHaveLength(1); // the abandoned job never ran
      const late = new AbortController();
      late.abort();
      expect(await engine.run(job(party('late')), { signal: late.signal }).catch((e: unknown) => e)).toMatchObject({ key: 'unavailable' });
      expect(ran).toHaveLength(1);
    } finally {
      await engine.close();
    }
  });

  it('refuses a document that exhausts its thread heap with too-complex', async () => {
    // No time limit to speak of: near its heap limit a thread collects garbage again and again before it gives up,
    // which on a busy machine took longer than the usual 10 s.
    const engine = pool({ memoryMb: 64, timeLimitMs: 110_000 });
    try {
      // Far past what 64 MB holds: its text alone is 42 MB (200,000 lines once finished within 64 MB on Node 20).
      // An outcome would be a 90 MB envelope: a failed expectation names it in a few words rather than print it.
      const failure = await engine.run(job(invoiceOfLines(400_000))).then(
        () => 'the document was processed',
        (e: unknown) => e,
      );
      expect(failure).toMatchObject({ key: 'too-complex' });
      expect((failure as Error).message).toMatch(/more than 64 MB/);
      const after = entryOf(await engine.run(job(party('after'))));
      expect(after.snippet.title).toBe('after');
    } finally {
      await engine.close();
    }
  }, 120_000);
});
