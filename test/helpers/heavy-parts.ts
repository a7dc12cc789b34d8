import type { DataSource } from 'typeorm';
import { AttachmentEntity } from '../../src/storage/entities/attachment.entity';
import { MetaEntity } from '../../src/storage/entities/meta.entity';

export const MiB = 1024 ** 2;

/** What makeHeavy writes: files and meta rows of `mib` MiB of JSON each (under MariaDB's 16 MiB packet). */
export interface HeavyParts {
  files: number;
  metaRows: number;
  mib: number;
}

export const HEAVY: HeavyParts = { files: 6, metaRows: 4, mib: 4 };

/** Bytes of stored JSON makeHeavy gives one entry. */
export const heavyBytes = (parts: HeavyParts = HEAVY) => (parts.files + parts.metaRows) * parts.mib * MiB;

/**
 * Gives an entry files whose `meta` and meta rows whose `value` are megabytes of JSON each, written straight
 * to their tables as a version before the caps on them could have stored them (legacy data).
 */
export async function makeHeavy(dataSource: DataSource, workspaceId: string, entryId: string, parts: HeavyParts = HEAVY): Promise<void> {
  const json = JSON.stringify({ filler: 'x'.repeat(parts.mib * MiB - 20) });
  const now = Date.now();
  for (let n = 0; n < parts.files; n++) {
    await dataSource.getRepository(AttachmentEntity).insert({
      workspaceId,
      entryId,
      id: `heavy-${n}`,
      name: `heavy-${n}.pdf`,
      desc: null,
      mime: 'application/pdf',
      size: 0,
      hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      stored: false,
      url: null,
      meta: json,
      createdAt: now + n,
    });
  }
  for (let n = 0; n < parts.metaRows; n++) {
    await dataSource.getRepository(MetaEntity).insert({
      workspaceId,
      entryId,
      src: 'api',
      key: `heavy-${n}`,
      value: json,
      ref: null,
      ownerId: null,
      owned: false,
      indexed: false,
      secure: false,
      shared: false,
      linkScope: null,
      linkUrl: null,
      createdAt: now + n,
      updatedAt: now + n,
    });
  }
}

/**
 * The most the heap grew over its level before `run`, sampled every few milliseconds while it runs (the
 * server answers in this process): what a request made the server hold at once.
 */
export async function heapPeakDuring<T>(run: () => Promise<T>): Promise<{ result: T; peakMiB: number }> {
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 2);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { result, peakMiB: (peak - before) / MiB };
  } finally {
    clearInterval(sampler);
  }
}
