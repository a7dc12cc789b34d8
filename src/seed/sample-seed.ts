import { Piscina } from 'piscina';
import type { DataSource } from 'typeorm';
import type { EntryImporter } from '../domain/transfer/entry-import';
import { sampleTemplates } from '../domain/transfer/sample-entries';
import { workerEntry } from '../worker-entry';
import { EntryRepository } from '../storage/entry.repository';
import type { NewEntryRows } from '../storage/new-entry-rows';
import type { SampleSeedTask, SampleSeedWorkerData } from './sample-seed-worker';

export interface SampleSeedOptions {
  workspace: string;
  count: number;
  batchSize: number;
  /** Threads that make the batches' rows while this one writes them (at least one). */
  threads: number;
  newest?: Date;
  onBatch?: (progress: { imported: number }) => void;
}

/**
 * `npm run seed -- --count N`: the entries of `sampleEntries`, written one transaction per batch, in order (the
 * oldest first: the database's own row order follows time, which SQLite's search leans on). The templates go
 * through the engine here; copying them into a batch's rows (new ids, hashes, the envelope packed, search terms)
 * is about three quarters of the work, so worker threads make the next batches while this thread writes one.
 * At most two batches per thread wait, made and not yet written.
 */
export async function seedSampleEntries(dataSource: DataSource, importer: EntryImporter, options: SampleSeedOptions): Promise<number> {
  const { count, batchSize } = options;
  const threads = Math.max(1, options.threads);
  const data: SampleSeedWorkerData = {
    templates: await sampleTemplates(importer, options.workspace, count),
    count,
    newestMs: (options.newest ?? new Date()).getTime(),
  };
  const pool = new Piscina<SampleSeedTask, NewEntryRows>({
    ...workerEntry(__dirname, 'sample-seed-worker', data),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  const repository = new EntryRepository(dataSource);
  const batches = Math.ceil(count / batchSize);
  const made: Promise<NewEntryRows>[] = [];
  let requested = 0;
  const request = () => {
    const from = requested++ * batchSize;
    const batch = pool.run({ from, to: Math.min(count, from + batchSize) });
    batch.catch(() => undefined); // awaited in its turn; keeps a failure met ahead of it from being unhandled
    made.push(batch);
  };
  let imported = 0;
  try {
    while (requested < Math.min(batches, threads * 2)) request();
    while (made.length > 0) {
      const rows = await (made.shift() as Promise<NewEntryRows>);
      if (requested < batches) request();
      // Structured cloning gave each packed envelope back as a plain Uint8Array: the same bytes as a Buffer again.
      for (const row of rows.entries)
        if (row.dataPacked) row.dataPacked = Buffer.from(row.dataPacked.buffer, row.dataPacked.byteOffset, row.dataPacked.byteLength);
      await repository.insertRows(rows);
      imported += rows.entries.length;
      options.onBatch?.({ imported });
    }
  } finally {
    await pool.destroy();
  }
  return imported;
}
