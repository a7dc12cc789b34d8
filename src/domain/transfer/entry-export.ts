import type { EntryFault, SignatureVerdict, Snippet } from '../entries/model/entry';
import { LineRefusal } from './entry-line-checks';
import type { EntryBundle, TransferContent } from './entry-transfer-store';

export { LineRefusal } from './entry-line-checks';
export { importRecordOf, type BytesOf } from './entry-line-read';

/**
 * The export format, version 1 (docs/operations.md, "Moving data"): NDJSON, a header line, one line per entry oldest first,
 * and an end line. Written by `npm run export`, read by `npm run import`; `copy-from` writes it too.
 */
export const EXPORT_FORMAT = 'silo-entries';
export const EXPORT_VERSION = 1;

export interface ExportHeader {
  format: string;
  version: number;
  service: string;
  workspace: string;
  exported_at: string;
  since?: string;
  after?: string;
  count?: number;
  files: 'inline' | 'dir';
  /** Set by a remote copy: the remote API the lines were read from (its version ids are kept as given). */
  origin?: string;
}

export interface EndLine {
  type: 'end';
  count: number;
}

interface VersionLine {
  version: string;
  at: string;
  invalid: boolean;
  signed: boolean;
  src: string;
  src_id?: string;
  envelope: string;
}

interface StateLine {
  id: string;
  key: string;
  notes?: string;
  meta?: Record<string, string>;
  src: string;
  src_id?: string;
  at: string;
  created_at: string;
}

interface MetaLine {
  src: string;
  key: string;
  value?: Record<string, unknown>;
  ref?: string;
  owner_id?: string;
  owned: boolean;
  indexed: boolean;
  secure: boolean;
  shared: boolean;
  link_scope?: string;
  link_url?: string;
  created_at: string;
  updated_at: string;
}

export interface PreviousContentLine {
  id: string;
  created_at: string;
  sha256: string;
  size: number;
  data?: string;
}

export interface FileLine {
  id: string;
  name: string;
  desc?: string;
  key?: string;
  category?: string;
  mime: string;
  size: number;
  sha256: string;
  stored: boolean;
  embeddable?: boolean;
  private?: boolean;
  url?: string;
  meta?: Record<string, unknown>;
  created_at: string;
  content_id?: string;
  data?: string;
  previous: PreviousContentLine[];
}

export interface EntryLine {
  type: 'entry';
  id: string;
  key?: string;
  folder: string;
  created_at: string;
  updated_at: string;
  state?: string;
  doc_schema: string;
  env_schema: string;
  signed: boolean;
  invalid: boolean;
  digest: { alg: string; val: string };
  version: string;
  snippet: Snippet;
  tags: string[];
  faults: EntryFault[];
  signature?: SignatureVerdict;
  /** Not in the first draft of the format: the entry `previous_id` named, a reference its envelope does not hold. */
  previous_id?: string;
  envelope: string;
  versions: VersionLine[];
  states: StateLine[];
  meta: MetaLine[];
  files: FileLine[];
}

/** Drops undefined members, so that absent fields are absent from the line, not null. */
const present = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
const time = (date: Date) => date.toISOString();

export function headerLine(fields: Omit<ExportHeader, 'format' | 'version'>): string {
  return JSON.stringify(present({ format: EXPORT_FORMAT, version: EXPORT_VERSION, ...fields }));
}

export const endLine = (count: number): string => JSON.stringify({ type: 'end', count } satisfies EndLine);

/** An entry as its line; `inline` puts the bytes of its files in it (base64), else the caller writes them apart. */
export function entryLineOf(bundle: EntryBundle, options: { inline: boolean }): EntryLine {
  const { entry } = bundle;
  if (entry.dataJson === undefined) throw new Error(`entry ${entry.id} was read without its envelope`);
  const versions: VersionLine[] = bundle.versions.length
    ? bundle.versions.map(({ version, data }) => ({
        version: version.version,
        at: time(version.at),
        invalid: version.invalid,
        signed: version.signed,
        src: version.src,
        ...(version.srcId ? { src_id: version.srcId } : {}),
        envelope: data,
      }))
    : // Never changed: its one version is the row itself.
      [
        {
          version: entry.version!,
          at: time(entry.createdAt),
          invalid: entry.invalid,
          signed: entry.signed,
          src: 'api',
          envelope: entry.dataJson,
        },
      ];
  const data = (content: TransferContent | undefined) => (options.inline && content?.bytes ? content.bytes.toString('base64') : undefined);
  return present({
    type: 'entry' as const,
    id: entry.id,
    key: entry.key,
    folder: entry.folder,
    created_at: time(entry.createdAt),
    updated_at: time(entry.updatedAt),
    state: entry.state,
    doc_schema: entry.docSchema,
    env_schema: entry.envSchema,
    signed: entry.signed,
    invalid: entry.invalid,
    digest: { alg: entry.digest.alg, val: entry.digest.val },
    version: entry.version!,
    snippet: entry.snippet,
    tags: entry.tags,
    faults: entry.faults,
    signature: entry.signature,
    previous_id: bundle.previousId,
    envelope: entry.dataJson,
    versions,
    states: [...bundle.states]
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((s) =>
        present({
          id: s.id,
          key: s.key,
          notes: s.notes,
          meta: s.meta,
          src: s.src,
          src_id: s.srcId,
          at: time(s.at),
          created_at: time(s.createdAt),
        }),
      ),
    meta: bundle.meta.map((m) =>
      present({
        src: m.src,
        key: m.key,
        value: m.value,
        ref: m.ref,
        owner_id: m.ownerId,
        owned: m.owned,
        indexed: m.indexed,
        secure: m.secure,
        shared: m.shared,
        link_scope: m.linkScope,
        link_url: m.linkUrl,
        created_at: time(m.createdAt),
        updated_at: time(m.updatedAt),
      }),
    ),
    files: bundle.files.map(({ file, current, previous }) =>
      present({
        id: file.id,
        name: file.name,
        desc: file.desc,
        key: file.key,
        category: file.category,
        mime: file.mime,
        size: file.size,
        sha256: file.hash,
        stored: file.stored,
        embeddable: file.embeddable,
        private: file.private,
        url: file.url,
        meta: file.meta,
        created_at: time(file.createdAt),
        content_id: file.contentId,
        data: data(current),
        previous: previous.map((p) => present({ id: p.id, created_at: time(p.createdAt), sha256: p.hash, size: p.size, data: data(p) })),
      }),
    ),
  });
}

/** Reads the header line; refuses an unknown format or version. */
export function parseHeader(text: string): ExportHeader {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LineRefusal('unknown export format: the first line is not JSON');
  }
  const header = value as Partial<ExportHeader> | null;
  if (typeof header !== 'object' || header === null || header.format !== EXPORT_FORMAT || header.version !== EXPORT_VERSION) {
    throw new LineRefusal(`unknown export format (expected "format":"${EXPORT_FORMAT}","version":${EXPORT_VERSION})`);
  }
  return header as ExportHeader;
}
