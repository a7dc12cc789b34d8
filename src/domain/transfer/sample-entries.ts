import { v7 as uuidv7 } from 'uuid';
import type { Envelope, JsonObject } from '../../document';
import { canonicalJson, sha256Hex } from '../../document/base/c14n';
import { digestOf } from '../../document/head/header';
import { envelopeOf, type Entry } from '../entries/model/entry';
import type { EntryImporter } from './entry-import';
import { versionOf } from '../entries/model/entry-history';
import { buildSnippet } from '../entries/model/snippet';

const SERVICES = ['Development services', 'Consulting', 'Hosting', 'Support plan', 'Training', 'Design work', 'Licences'];

/** A Spanish B2B invoice of `lines` lines, VAT at the general rate, every third line with a discount. */
export function sampleInvoice(lines: number, n = 1): JsonObject {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    series: 'SAMPLE',
    code: String(n).padStart(6, '0'),
    currency: 'EUR',
    issue_date: '2026-11-20',
    supplier: { name: 'Provide One S.L.', tax_id: { country: 'ES', code: 'B98602642' } },
    customer: { name: `Sample Customer ${n % 97}`, tax_id: { country: 'ES', code: '54387763P' } },
    lines: Array.from({ length: lines }, (_, i) => ({
      quantity: String((i % 7) + 1),
      item: {
        name: `${SERVICES[(i + n) % SERVICES.length]} ${i + 1}`,
        price: `${40 + ((i * 13 + n) % 160)}.${String((n + i) % 100).padStart(2, '0')}`,
      },
      ...(i % 3 === 2 ? { discounts: [{ percent: '10%', reason: 'Volume' }] } : {}),
      taxes: [{ cat: 'VAT', rate: 'general' }],
    })),
  };
}

/**
 * The n-th sample create body. Of every ten: six invoices filed in "sales" (the default folder), two
 * invoices filed in "purchases", one party, one message; invoices have 1 to 10 lines.
 */
export function sampleBody(n: number): { folder?: string; data: JsonObject } {
  const slot = n % 10;
  if (slot === 8)
    return {
      data: { $schema: 'https://gobl.org/draft-0/org/party', name: `Sample Party ${n}`, tax_id: { country: 'ES', code: 'B98602642' } },
    };
  if (slot === 9)
    return { data: { $schema: 'https://gobl.org/draft-0/note/message', title: `Sample message ${n}`, content: 'Imported sample.' } };
  const invoice = sampleInvoice((n % 10) + 1, n);
  return slot >= 6 ? { folder: 'purchases', data: invoice } : { data: invoice };
}

export interface SampleOptions {
  /** Time of the newest entry (default: now). */
  newest?: Date;
  /** Milliseconds between two entries (default 1000). */
  stepMs?: number;
  /** How many distinct bodies go through the engine (default 100; a multiple of ten keeps the mix of sampleBody). */
  templates?: number;
}

/**
 * `count` sample entries of a workspace, oldest first, `stepMs` apart up to `newest`, for demos and
 * benchmarks. Only `templates` bodies go through the engine (via the importer, as createEntry would);
 * every other entry is a copy of one of them with its own uuid, number, time and digest, so that a
 * million entries take a minute rather than an hour.
 */
export async function* sampleEntries(
  importer: EntryImporter,
  workspaceId: string,
  count: number,
  options: SampleOptions = {},
): AsyncGenerator<Entry> {
  const series = sampleSeries(await sampleTemplates(importer, workspaceId, count, options), count, options);
  for (let i = 0; i < count; i++) yield series.entry(i);
}

/** The entries `sampleEntries` copies: the first `templates` sample bodies through the engine. */
export async function sampleTemplates(
  importer: EntryImporter,
  workspaceId: string,
  count: number,
  options: Pick<SampleOptions, 'templates'> = {},
): Promise<Entry[]> {
  const templates: Entry[] = [];
  for (let n = 0; n < Math.min(options.templates ?? 100, count); n++) templates.push(await importer.prepare(workspaceId, sampleBody(n)));
  return templates;
}

/** The entries of `sampleEntries` one at a time, by position (0 the oldest), for threads that each make a range of them. */
export interface SampleSeries {
  entry(index: number): Entry;
}

/** The series `sampleEntries` walks, copying `templates`. Threads that share one series give the same `newest`. */
export function sampleSeries(
  templates: readonly Entry[],
  count: number,
  options: Pick<SampleOptions, 'newest' | 'stepMs'> = {},
): SampleSeries {
  const newest = (options.newest ?? new Date()).getTime();
  const stepMs = options.stepMs ?? 1000;
  const copied = templates.map(templateOf);
  return {
    entry(i) {
      const at = newest - (count - 1 - i) * stepMs;
      const ids = { head: uuidv7({ msecs: at }), doc: uuidv7({ msecs: at }) };
      return restamp(copied[i % copied.length], ids, String(i + 1).padStart(6, '0'), new Date(at));
    },
  };
}

/** An entry to copy, with the canonical text of its document, which copies edit instead of rebuilding it. */
interface Template {
  entry: Entry;
  canonical: string;
  /** The document's own uuid (not the envelope's), when it has one. */
  docUuid?: string;
  /** `"code":"000042"` as it appears in the canonical text, for invoices. */
  codeField?: string;
  /** Whether editing the canonical text was checked to give the digest of the copy. */
  checked: boolean;
  /** Set when the check failed: copies are then hashed from their document. */
  slow: boolean;
}

function templateOf(entry: Entry): Template {
  const doc = (envelopeOf(entry) as Envelope).doc;
  const codeField = typeof doc.code === 'string' ? `"code":${JSON.stringify(doc.code)}` : undefined;
  const docUuid = typeof doc.uuid === 'string' ? doc.uuid : undefined;
  return { entry, canonical: canonicalJson(doc), docUuid, codeField, checked: false, slow: false };
}

/** A copy of an entry under other uuids (envelope and document), number and time, with the digest of its own document. */
function restamp(template: Template, ids: { head: string; doc: string }, code: string, at: Date): Entry {
  const source = envelopeOf(template.entry) as Envelope;
  const doc: JsonObject = { ...source.doc };
  if (typeof doc.uuid === 'string') doc.uuid = ids.doc;
  if (template.codeField) doc.code = code;
  let digest = template.slow ? digestOf(doc) : { alg: 'sha256' as const, val: sha256Hex(editedCanonical(template, ids.doc, code)) };
  if (!template.checked) {
    // The first copy of each template checks the shortcut against the engine's own digest.
    template.checked = true;
    const exact = digestOf(doc);
    if (exact.val !== digest.val) {
      template.slow = true;
      digest = exact;
    }
  }
  const data: Envelope = { ...source, head: { ...source.head, uuid: ids.head, dig: digest }, doc };
  // The copy's own text and version: the template's version would name an envelope the copy is not.
  const dataJson = JSON.stringify(data);
  return {
    ...template.entry,
    id: ids.head,
    digest: { ...digest },
    snippet: buildSnippet(data),
    data,
    dataJson,
    version: versionOf(dataJson),
    createdAt: at,
    updatedAt: at,
  };
}

function editedCanonical(template: Template, docUuid: string, code: string): string {
  const text = template.docUuid ? template.canonical.split(template.docUuid).join(docUuid) : template.canonical;
  return template.codeField ? text.replace(template.codeField, `"code":${JSON.stringify(code)}`) : text;
}
