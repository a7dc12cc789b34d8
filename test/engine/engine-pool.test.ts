import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCreateEntryInput } from '../../src/domain/create-entry.input';
import type { DocumentJob } from '../../src/domain/document-pipeline';
import { DomainError } from '../../src/domain/errors';
import { EnginePool } from '../../src/engine/engine-pool';
import { SigningKeys } from '../../src/signing/signing-keys';
import { invoice, invoiceOfLines, invoiceWithoutSupplier, party } from '../helpers/documents';

const dataDir = mkdtempSync(path.join(tmpdir(), 'engine-pool-'));
SigningKeys.load(undefined, dataDir); // the server creates the key before its threads read it

const job = (data: unknown, workspaceId = 'ws', extra: Record<string, unknown> = {}): DocumentJob => ({
  workspaceId,
  input: parseCreateEntryInput({ data, ...extra }),
  now: new Date('2026-11-23T10:00:00Z'),
});

const pool = (options: { threads?: number; timeLimitMs?: number; memoryMb?: number } = {}) =>
  new EnginePool({ threads: 1, timeLimitMs: 10_000, memoryMb: 512, ...options, worker: { dataDir } });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('EnginePool', () => {
  it('processes a document in a worker thread, signing with the service key', async () => {
    const engine = pool();
    try {
      const { envelope, faults } = await engine.run(job(invoice(), 'ws', { sign: true }));
      expect(faults).toEqual([]);
      expect(envelope.doc.totals).toMatchObject({ payable: '2178.00' });
      expect(envelope.sigs).toHaveLength(1);
      expect(JSON.parse(Buffer.from(envelope.sigs![0].split('.')[0], 'base64url').toString()).kid).toBe(SigningKeys.load(undefined, dataDir).kid);
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

  it('stops a document past the time limit with too-complex, and the next document is served by a fresh thread', async () => {
    const engine = pool({ timeLimitMs: 50 });
    try {
      const failure = await engine.run(job(invoiceOfLines(8000))).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(DomainError);
      expect(failure).toMatchObject({ key: 'too-complex' });
      expect((failure as Error).message).toMatch(/longer than 0.05 s/);
      const after = await engine.run(job(party('after')));
      expect(after.envelope.doc.name).toBe('after');
    } finally {
      await engine.close();
    }
  });

  it('counts the time limit from when a thread starts, so queued documents are not cut short', async () => {
    // One thread, a limit each document keeps alone, and a queue that together takes far longer.
    const engine = pool({ timeLimitMs: 3_000 });
    try {
      const results = await Promise.all(Array.from({ length: 8 }, () => engine.run(job(invoiceOfLines(600)))));
      expect(results.every((r) => r.faults.length === 0)).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it('lets another workspace through while one workspace has a queue of heavy documents', async () => {
    const engine = pool();
    try {
      const finished: string[] = [];
      const heavy = Array.from({ length: 5 }, (_, i) => engine.run(job(invoiceOfLines(1500), 'busy')).then(() => finished.push(`busy-${i}`)));
      const light = engine.run(job(party('quick'), 'quiet')).then(() => finished.push('quiet'));
      await Promise.all([...heavy, light]);
      // Round robin: the quiet workspace waits for at most the one busy document already running, plus one turn.
      expect(finished.indexOf('quiet')).toBeLessThanOrEqual(2);
    } finally {
      await engine.close();
    }
  });

  it('refuses a document that exhausts its thread heap with too-complex', async () => {
    const engine = pool({ memoryMb: 64 });
    try {
      const failure = await engine.run(job(invoiceOfLines(60_000))).catch((e: unknown) => e);
      expect(failure).toMatchObject({ key: 'too-complex' });
      expect((failure as Error).message).toMatch(/more than 64 MB/);
      const after = await engine.run(job(party('after')));
      expect(after.envelope.doc.name).toBe('after');
    } finally {
      await engine.close();
    }
  }, 60_000);
});
