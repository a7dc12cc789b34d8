import { randomUUID } from 'node:crypto';
import { invoice } from './documents';

/**
 * An entry as heavy as the write bounds allow, built through the public REST API only (no table written
 * directly): what one tenant can make an entry hold today. Used by the adversarial suite and by the bench's
 * noisy neighbour, each with its own limits (pass the server's).
 */
export interface HeavyEntryLimits {
  /** ENTRY_FILES_LIMIT: files of the entry. */
  files: number;
  /** FILE_VERSIONS_LIMIT: one file is replaced once more than this. */
  fileVersions: number;
  /** ENTRY_META_LIMIT: meta rows of the entry. */
  metaRows: number;
  /** ENTRY_REFS_LIMIT: UUIDs the entry's document names (its own included). */
  refs: number;
  /**
   * ENTRY_PARTS_LIMIT, or the byte total to stop at where the server has no such bound: the stored JSON of the
   * files' `meta` and the meta rows' `value`. Half goes to files, half to meta rows, each near 64 KiB.
   */
  partsBytes: number;
  /** Versions of the entry: its create, then PATCH updates (more than the 100 a read shows). */
  entryVersions: number;
}

export const DEFAULT_HEAVY_ENTRY_LIMITS: HeavyEntryLimits = {
  files: 1000,
  fileVersions: 100,
  metaRows: 1000,
  refs: 10_000,
  partsBytes: 8 * 1024 * 1024,
  entryVersions: 150,
};

export interface HeavyEntry {
  id: string;
  /** The invoices of the workspace its document names: what its related list shows. */
  relatedIds: string[];
  /** Its files, the replaced one first. */
  fileIds: string[];
  metaKeys: string[];
  /** A word of its first meta row, indexed when the parts budget holds a heavy row: a search for it finds the entry. */
  searchWord: string;
  /** What was stored: the parts' weight as a server counts it (ENTRY_PARTS_LIMIT), indexed rows, and rows that fell back to a small value. */
  stored: { partsBytes: number; heavyFiles: number; heavyMetaRows: number; indexedMetaRows: number; fileReplacements: number };
  buildMs: number;
}

/** Under the 64 KiB each `meta` or `value` may be as JSON, with room for the member's name. */
const PART_BYTES = 63 * 1024;
const SMALL = (n: number) => ({ n: String(n) });
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
/**
 * What a server weighs a row at besides its `meta` or `value` (ENTRY_PARTS_LIMIT counts every text of the row and a
 * few hundred bytes for its fixed fields): set aside for each row, so the plan stays under the server's own count.
 */
const ROW_WEIGHT = 700;
const weightOf = (value: unknown) => bytesOf(value) + ROW_WEIGHT;
/** A SHA-256 a placeholder declares: its bytes never come. */
const PLACEHOLDER_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** A file `meta` of about PART_BYTES: few long strings (a form field each). */
function fileMeta(n: number): Record<string, string> {
  return { n: String(n), filler: 'f'.repeat(PART_BYTES - 40) };
}

/** A meta `value` of about PART_BYTES of distinct words (thousands of search terms when indexed). */
function wordsValue(tag: string, row: number): { text: string } {
  const words: string[] = [];
  let length = 0;
  for (let i = 0; length < PART_BYTES - 40; i++) {
    const word = `${tag}r${row.toString(36)}w${i.toString(36)}`;
    words.push(word);
    length += word.length + 1;
  }
  return { text: words.join(' ') };
}

/** Runs `tasks` on `concurrency` lanes; the first failure is thrown once every lane has stopped. */
async function inLanes(tasks: (() => Promise<void>)[], concurrency: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

interface Answer {
  status: number;
  body: any;
}

/** Builds one heavy entry in the workspace of `token` on the service at `url`. */
export async function buildHeavyEntry(
  url: string,
  token: string,
  limits: HeavyEntryLimits,
  options: { concurrency?: number; related?: number } = {},
): Promise<HeavyEntry> {
  const started = Date.now();
  const concurrency = options.concurrency ?? 4;
  const send = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const must = async (method: string, path: string, body?: unknown): Promise<any> => {
    const answer = await send(method, path, body);
    if (answer.status !== 200)
      throw new Error(`heavy entry: ${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer.body;
  };
  const tag = `hv${randomUUID().slice(0, 6)}`;

  // Invoices of the workspace the entry's document names, then the entry: a credit note, its versions made
  // while its document is small, the last one naming as many documents as ENTRY_REFS_LIMIT allows.
  const related = Math.min(options.related ?? 12, limits.refs - 1);
  const invoices: { id: string; uuid: string }[] = [];
  await inLanes(
    Array.from({ length: related }, (_, i) => async () => {
      const body = await must('POST', '/silo/v1/entries', { data: invoice({ code: `${tag}-${i}` }) });
      invoices.push({ id: body.id, uuid: body.data.doc.uuid });
    }),
    concurrency,
  );
  const preceding = (uuids: string[]) => uuids.map((uuid, i) => ({ uuid, code: `P-${i}`, issue_date: '2026-11-20' }));
  const note = (uuids: string[], version: number) => ({
    data: invoice({
      type: 'credit-note',
      code: `${tag}-CN`,
      preceding: preceding(uuids),
      notes: [{ key: 'general', text: `version ${version}` }],
    }),
    allow_invalid: true,
  });
  const named = invoices.map((inv) => inv.uuid);
  const id: string = (await must('POST', '/silo/v1/entries', note(named, 1))).id;
  for (let version = 2; version < limits.entryVersions; version++) await must('PATCH', `/silo/v1/entries/${id}`, note(named, version));
  // Its own uuid is one of the documents it names.
  const others = Array.from({ length: limits.refs - 1 - named.length }, () => randomUUID());
  await must(
    'PATCH',
    `/silo/v1/entries/${id}`,
    note([...others.slice(0, others.length >> 1), ...named, ...others.slice(others.length >> 1)], limits.entryVersions),
  );

  // Files and meta rows. The heavy ones are paid from the parts budget; the rest are small, their bytes set aside first.
  const stored = { partsBytes: 0, heavyFiles: 0, heavyMetaRows: 0, indexedMetaRows: 0, fileReplacements: 0 };
  const smallBytes = (limits.files + limits.metaRows) * weightOf(SMALL(limits.files + limits.metaRows));
  // Room for what a server's own count may weigh besides (the replaced file's versions' meta, say).
  const slack = Math.min(64 * 1024, limits.partsBytes / 32);
  let filesBudget = Math.max(0, (limits.partsBytes - smallBytes - slack) / 2);
  let metaBudget = filesBudget;
  /** A server's own parts bound (ENTRY_PARTS_LIMIT, where it has one) is met first: then what is left is small. */
  const overParts = (answer: Answer) => [413, 422].includes(answer.status) && /PARTS/i.test(JSON.stringify(answer.body));

  const fileIds: string[] = [];
  const replacedId = randomUUID();
  const file = (n: number, meta: Record<string, string>) => ({
    name: `${tag}-${n}.pdf`,
    mime: 'application/pdf',
    sha256: PLACEHOLDER_HASH,
    size: 0,
    meta,
  });
  await must('PUT', `/silo/v1/entries/${id}/files/${replacedId}`, file(0, SMALL(0)));
  stored.partsBytes += weightOf(SMALL(0));
  fileIds.push(replacedId);
  // One file replaced once more than FILE_VERSIONS_LIMIT (past it the oldest goes): one lane, in turn.
  const replacements = async () => {
    for (let i = 1; i <= limits.fileVersions + 1; i++) {
      const content = Buffer.from(`${tag} version ${i}`);
      await must('PUT', `/silo/v1/entries/${id}/files/${replacedId}`, {
        name: `${tag}-0.txt`,
        mime: 'text/plain',
        data: content.toString('base64'),
        meta: SMALL(0),
      });
      stored.fileReplacements++;
    }
  };
  const addFile = (n: number) => async () => {
    const heavy = fileMeta(n);
    if (weightOf(heavy) <= filesBudget) {
      filesBudget -= weightOf(heavy);
      const answer = await send('POST', `/silo/v1/entries/${id}/files`, file(n, heavy));
      if (answer.status === 200) {
        fileIds.push(answer.body.id);
        stored.heavyFiles++;
        stored.partsBytes += weightOf(heavy);
        return;
      }
      if (!overParts(answer))
        throw new Error(`heavy entry: file ${n} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      filesBudget = 0;
    }
    fileIds.push((await must('POST', `/silo/v1/entries/${id}/files`, file(n, SMALL(n)))).id);
    stored.partsBytes += weightOf(SMALL(n));
  };
  const metaKeys: string[] = [];
  let indexing = true;
  const putMeta = (n: number) => async () => {
    const key = `${tag}-${n}`;
    const value = wordsValue(tag, n);
    if (weightOf(value) <= metaBudget) {
      metaBudget -= weightOf(value);
      // Indexed while the entry's search terms allow (ENTRY_SEARCH_TERMS_LIMIT refuses the row past them), then not.
      let answer = indexing ? await send('PUT', `/silo/v1/entries/${id}/meta/${key}`, { value, indexed: true }) : undefined;
      if (answer?.status === 200) stored.indexedMetaRows++;
      else if (answer === undefined || (answer.status === 422 && /SEARCH_TERMS/.test(JSON.stringify(answer.body)))) {
        indexing = false;
        answer = await send('PUT', `/silo/v1/entries/${id}/meta/${key}`, { value, indexed: false });
      }
      if (answer.status === 200) {
        metaKeys.push(key);
        stored.heavyMetaRows++;
        stored.partsBytes += weightOf(value);
        return;
      }
      if (!overParts(answer))
        throw new Error(`heavy entry: meta row ${n} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      metaBudget = 0;
    }
    await must('PUT', `/silo/v1/entries/${id}/meta/${key}`, { value: SMALL(n) });
    metaKeys.push(key);
    stored.partsBytes += weightOf(SMALL(n));
  };
  // The first meta row goes first, indexed, so that searchWord finds the entry whatever the order of the rest.
  await putMeta(0)();
  const tasks = [replacements];
  for (let n = 1; n < Math.max(limits.files, limits.metaRows); n++) {
    if (n < limits.files) tasks.push(addFile(n));
    if (n < limits.metaRows) tasks.push(putMeta(n));
  }
  await inLanes(tasks, concurrency);
  return {
    id,
    relatedIds: invoices.map((inv) => inv.id),
    fileIds,
    metaKeys,
    searchWord: `${tag}r0w0`,
    stored,
    buildMs: Date.now() - started,
  };
}
