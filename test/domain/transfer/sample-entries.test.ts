import { digestOf } from '../../../src/document/head/header';
import { processDocument } from '../../../src/document';
import { versionOf } from '../../../src/domain/entries/model/entry-history';
import { EntryImporter } from '../../../src/domain/transfer/entry-import';
import type { EntryStore } from '../../../src/domain/entries/model/entry-store';
import { sampleBody, sampleEntries, sampleInvoice } from '../../../src/domain/transfer/sample-entries';
import { buildSnippet } from '../../../src/domain/entries/model/snippet';

const noStore = {} as EntryStore; // sample bodies never read the store

describe('sample entries', () => {
  test('every sample body is valid', () => {
    for (let n = 0; n < 20; n++) {
      const result = processDocument(sampleBody(n).data, { newUuid: () => '0190f0b8-0000-7000-8000-000000000001', now: new Date() });
      expect(result.ok && result.faults).toEqual([]);
    }
    expect(sampleInvoice(10).lines).toHaveLength(10);
  });

  test('copies carry their own uuids, number, time, the digest of their own document and the version of their own text', async () => {
    const entries = [];
    for await (const entry of sampleEntries(new EntryImporter(noStore), 'ws', 250, {
      templates: 20,
      newest: new Date('2026-01-01T00:00:00Z'),
      stepMs: 1000,
    })) {
      entries.push(entry);
    }
    expect(new Set(entries.map((e) => e.id)).size).toBe(250);
    expect(entries[249].createdAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(entries[0].createdAt.getTime()).toBe(Date.parse('2026-01-01T00:00:00Z') - 249_000);
    for (const entry of entries) {
      const data = entry.data!;
      expect(data.head.uuid).toBe(entry.id);
      expect(data.head.dig).toEqual(digestOf(data.doc));
      expect(entry.digest).toEqual(data.head.dig);
      expect(entry.snippet).toEqual(buildSnippet(data));
      // The version is that of the copy's own stored text, as a create's is (an export's import checks it).
      expect(entry.dataJson).toBe(JSON.stringify(data));
      expect(entry.version).toBe(versionOf(entry.dataJson!));
    }
    const invoices = entries.filter((e) => e.docSchema.endsWith('bill/invoice'));
    expect(invoices[3].data!.doc.code).not.toBe(invoices[4].data!.doc.code);
  });
});
