import { createHash } from 'node:crypto';
import { digestOf } from '../../../src/document/head/header';
import { legacyVersionOf, versionOf } from '../../../src/domain/entries/model/entry-history';
import { entryLineOf, importRecordOf, parseHeader, type EntryLine } from '../../../src/domain/transfer/entry-export';
import { EntryRestorer } from '../../../src/domain/transfer/entry-restorer';
import type { ImportOutcome, ImportRecord } from '../../../src/domain/transfer/entry-transfer-store';

/** The line mapping and the restorer alone, with a store that records what it is given. */

const HEADER = JSON.stringify({
  format: 'silo-entries',
  version: 1,
  service: 'x@1',
  workspace: 'w',
  exported_at: '2026-11-27T13:30:00.123Z',
  files: 'inline',
});
const T = '2026-11-27T13:30:00.123Z';

let n = 0;
function entryLine(overrides: Partial<EntryLine> = {}): EntryLine {
  const id = `0190e8a4-7b1c-7cc0-8f2a-${String(++n).padStart(12, '0')}`;
  const doc = { $schema: 'https://gobl.org/draft-0/note/message', title: `m${n}`, content: 'c' };
  const dig = digestOf(doc);
  const envelope = JSON.stringify({ $schema: 'https://gobl.org/draft-0/envelope', head: { uuid: id, dig }, doc });
  const version = versionOf(envelope);
  return {
    type: 'entry',
    id,
    folder: 'other',
    created_at: T,
    updated_at: T,
    doc_schema: doc.$schema,
    env_schema: 'https://gobl.org/draft-0/envelope',
    signed: false,
    invalid: false,
    digest: dig,
    version,
    snippet: { title: doc.title },
    tags: [],
    faults: [],
    envelope,
    versions: [{ version, at: T, invalid: false, signed: false, src: 'api', envelope }],
    states: [],
    meta: [],
    files: [],
    ...overrides,
  };
}

function recordingStore(outcomeOf: (record: ImportRecord) => ImportOutcome = () => 'imported') {
  const batches: string[][] = [];
  return {
    batches,
    importEntries: async (_ws: string, records: readonly ImportRecord[], options: { stopAtConflict: boolean }) => {
      batches.push(records.map((r) => r.entry.id));
      const outcomes: ImportOutcome[] = [];
      for (const record of records) {
        outcomes.push(outcomeOf(record));
        if (outcomes[outcomes.length - 1] === 'conflict' && options.stopAtConflict) break;
      }
      return outcomes;
    },
  };
}
const restorer = (store: ReturnType<typeof recordingStore>) =>
  new EntryRestorer(store, { newId: () => 'event-id', clock: () => new Date(T) });
const options = { recomputeVersionIds: false, bytesOf: () => undefined, newId: () => 'e', now: new Date(T) };

test('an unknown format or version is refused at line 1, and nothing after it is read', async () => {
  expect(() => parseHeader('{"format":"silo-entries","version":2}')).toThrow('unknown export format');
  expect(() => parseHeader('not json')).toThrow('unknown export format');
  const store = recordingStore();
  const report = await restorer(store).restore([JSON.stringify({ format: 'other', version: 1 }), JSON.stringify(entryLine())], 'w', {
    source: 'f',
    onConflict: 'skip',
  });
  expect(report.problems).toEqual(['f:1: unknown export format (expected "format":"silo-entries","version":1)']);
  expect(store.batches).toEqual([]);
});

test('a line is mapped back as it was written: entry ⇄ line', () => {
  const line = entryLine({
    key: 'k',
    state: 'sent',
    // A state a job's step added: its intent as `src_id`.
    states: [
      {
        id: '0190e8a4-7b1c-7cc0-8f2a-0000000000ff',
        key: 'sent',
        src: 'transform',
        src_id: '0190e8a4-7b1c-7cc0-8f2a-0000000000fe',
        at: T,
        created_at: T,
      },
    ],
  });
  const record = importRecordOf(line, 'w2', options);
  expect(record.entry).toMatchObject({ workspaceId: 'w2', id: line.id, key: 'k', dataJson: line.envelope, version: line.version });
  expect(record.versions).toEqual([]); // one version: the row itself
  expect(record.events).toEqual([
    expect.objectContaining({ type: 'entry.created', data: expect.objectContaining({ imported: true, id: line.id }) }),
  ]);
  const again = entryLineOf(
    { entry: record.entry, versions: record.versions, states: record.states, meta: record.meta, files: record.files },
    { inline: true },
  );
  expect(again).toEqual(line);
});

test("file bytes must have the sha256 and size given; a migration's version ids are recomputed from its texts", () => {
  const bytes = Buffer.from('hello');
  const file = {
    id: '0190e8a4-7b1c-7cc0-8f2a-00000000f11e',
    name: 'a.txt',
    mime: 'text/plain',
    size: 5,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    stored: true,
    created_at: T,
    previous: [],
  };
  expect(() => importRecordOf(entryLine({ files: [{ ...file, data: bytes.toString('base64') }] }), 'w', options)).not.toThrow();
  expect(() => importRecordOf(entryLine({ files: [{ ...file, data: Buffer.from('hellO').toString('base64') }] }), 'w', options)).toThrow(
    "files[0].bytes do not have the file's sha256 and size",
  );
  expect(() => importRecordOf(entryLine({ files: [file] }), 'w', options)).toThrow('files[0].bytes missing');
  const remote = entryLine();
  const renamed = { ...remote, version: 'remote1234', versions: [{ ...remote.versions[0], version: 'remote1234' }] };
  expect(() => importRecordOf(renamed, 'w', options)).toThrow('version remote1234 is not the version of its envelope');
  expect(importRecordOf(renamed, 'w', { ...options, recomputeVersionIds: true }).entry.version).toBe(remote.version);
  // An entry stored before versions existed goes by the start of its digest.
  const legacy = legacyVersionOf(remote.digest.val);
  expect(
    importRecordOf({ ...remote, version: legacy, versions: [{ ...remote.versions[0], version: legacy }] }, 'w', options).entry.version,
  ).toBe(legacy);
});

test('entries are written 100 to a batch; problems are listed in the order of their lines; a conflict with fail stops the import', async () => {
  const lines = Array.from({ length: 150 }, () => entryLine());
  const text = [HEADER, ...lines.map((l) => JSON.stringify(l))];
  text[120] = '{"type":"entry"'; // line 121: truncated
  const conflicting = lines[9].id; // line 11
  const store = recordingStore((r) => (r.entry.id === conflicting ? 'conflict' : 'imported'));
  const skipped = await restorer(store).restore([...text, '{"type":"end","count":150}'], 'w', { source: 'f', onConflict: 'skip' });
  expect(store.batches.map((b) => b.length)).toEqual([100, 49]);
  expect(skipped).toMatchObject({ imported: 148, conflicts: 1, refused: 1, complete: true });
  expect(skipped.problems).toEqual([
    `f:11: entry ${conflicting} is present with other content (digest or version differ)`,
    'f:121: not JSON (a truncated line?)',
  ]);

  const failing = recordingStore((r) => (r.entry.id === conflicting ? 'conflict' : 'imported'));
  const stopped = await restorer(failing).restore(text, 'w', { source: 'f', onConflict: 'fail' });
  expect(stopped).toMatchObject({ imported: 9, conflicts: 1, stopped: expect.stringContaining(conflicting) });
  expect(failing.batches).toHaveLength(1);

  const cut = await restorer(recordingStore()).restore(text.slice(0, 5), 'w', { source: 'f', onConflict: 'skip' });
  expect(cut).toMatchObject({ imported: 4, complete: false });
});
