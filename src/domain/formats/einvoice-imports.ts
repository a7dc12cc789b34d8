import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { DocumentEngine } from '../documents/document-pipeline';
import type { ReadOutcome } from '../documents/read-job';
import type { EntryService } from '../entries/entries.service';
import type { Entry } from '../entries/model/entry';
import { putMadeFile } from '../files/made-file';
import type { FilesService } from '../files/files.service';
import type { EntryMetaService } from '../meta/entry-meta.service';
import { DomainError } from '../shared/errors';
import { JsonText } from '../shared/json-text';
import type { EinvoiceValidator } from './einvoice-validator';

/** How a received e-invoice is stored: the create's `key`, `folder` and `allow_invalid`, and the original's file name. */
export interface ImportOptions {
  key?: string;
  folder?: string;
  allowInvalid?: boolean;
  fileName?: string;
  signal?: AbortSignal;
}

/** The meta row that tells how an entry was received: its syntax, its CIUS, the sender's totals and where ours differ. */
export const RECEIVED_META_KEY = 'einvoice';

/** The keys of a received e-invoice's files: its original (category `attachment`) and its validation report (`verification`). */
export const SOURCE_FILE_KEY = 'source';
export const REPORT_FILE_KEY = 'validation';

/** The namespace of received documents' file ids (a fixed random UUID, apart from the formats'). */
const RECEIVED_NAMESPACE = '3f1c6e0a-9b2d-4d84-a7e5-52c0b8d1f6e3';
export const sourceFileId = (entryId: string) => uuidv5(`${entryId.toLowerCase()}/source`, RECEIVED_NAMESPACE);
export const reportFileId = (entryId: string) => uuidv5(`${entryId.toLowerCase()}/validation`, RECEIVED_NAMESPACE);

/**
 * Received e-invoices stored as entries (`POST /silo/v1/entries` with an XML body). The engine's threads read the
 * XML as a GOBL invoice; the entry is then created from it as any create is (calculated, validated, refused with
 * its faults unless `allow_invalid`). Beside it are kept: the original bytes, unchanged, as its file of key `source`; the
 * sender's stated totals and where the calculation differs from them, in its `einvoice` meta row, so a difference
 * is seen and never silently replaced; and, where the official artefacts are configured, the validation report of
 * the original as its file of key `validation`.
 */
export class EinvoiceImports {
  constructor(
    private readonly entries: Pick<EntryService, 'createEntry' | 'getEntry' | 'getEntryByKey'>,
    private readonly files: Pick<FilesService, 'putFile'>,
    private readonly metas: Pick<EntryMetaService, 'upsertMeta'>,
    private readonly engine: Pick<DocumentEngine, 'readEinvoice' | 'runGobl'>,
    private readonly validator?: Pick<EinvoiceValidator, 'validateIfReady'>,
  ) {}

  /**
   * A received e-invoice (XML, or a PDF carrying it) read into a GOBL invoice and built as `POST /silo/v1/gobl/build`
   * builds one (calculated and validated; an envelope when `envelop`), with what the import's `einvoice` meta row
   * holds: nothing is stored.
   */
  async parse(
    workspaceId: string,
    received: { xml: string } | { pdf: Uint8Array },
    options: { envelop?: boolean; signal?: AbortSignal } = {},
  ): Promise<{ dataJson: string; einvoice: Record<string, unknown> }> {
    const read = await this.engine.readEinvoice({ workspaceId, ...received }, { signal: options.signal });
    const body = `{"data":${read.docJson}${options.envelop ? ',"envelop":true' : ''}}`;
    const { dataJson } = await this.engine.runGobl({ tool: 'build', workspaceId, body, now: new Date() }, { signal: options.signal });
    return { dataJson, einvoice: receivedSummary(read) };
  }

  /** Stores a received XML e-invoice as a new entry, and answers the entry with its files and meta rows. */
  importXml(workspaceId: string, xml: string, options: ImportOptions = {}): Promise<Entry> {
    return this.import(workspaceId, { xml }, { bytes: Buffer.from(xml, 'utf8'), mime: 'application/xml', extension: 'xml' }, options);
  }

  /** Stores a received Factur-X / ZUGFeRD PDF as a new entry, from the invoice it carries; the PDF is its original. */
  importPdf(workspaceId: string, pdf: Buffer, options: ImportOptions = {}): Promise<Entry> {
    return this.import(workspaceId, { pdf }, { bytes: pdf, mime: 'application/pdf', extension: 'pdf' }, options);
  }

  private async import(
    workspaceId: string,
    received: { xml: string } | { pdf: Uint8Array },
    original: { bytes: Buffer; mime: string; extension: string },
    options: ImportOptions,
  ): Promise<Entry> {
    const read = await this.engine.readEinvoice({ workspaceId, ...received }, { signal: options.signal });
    const { entry, hasSource } = await this.created(workspaceId, read, original.bytes, options);
    if (!hasSource) {
      const name = options.fileName ?? `${read.name ?? 'received'}.${original.extension}`;
      const source = { id: sourceFileId(entry.id), name, mime: original.mime, category: 'attachment', key: SOURCE_FILE_KEY };
      await putMadeFile(this.files, workspaceId, entry.id, source, original.bytes);
    }
    await this.metas.upsertMeta(workspaceId, entry.id, RECEIVED_META_KEY, { value: receivedSummary(read) });
    const xml = 'xml' in received ? received.xml : read.embedded!.xml;
    const report = await this.validator?.validateIfReady(workspaceId, xml, { signal: options.signal });
    if (report) {
      const file = {
        id: reportFileId(entry.id),
        name: 'validation.json',
        mime: 'application/json',
        category: 'verification',
        key: REPORT_FILE_KEY,
      };
      await putMadeFile(this.files, workspaceId, entry.id, file, Buffer.from(JSON.stringify(report), 'utf8'));
    }
    return this.entries.getEntry(workspaceId, entry.id, { withData: true, withParts: true });
  }

  /**
   * The new entry; or, when its key is taken by an entry made from these same bytes (a retry after a failure
   * between the entry and its files), that entry, so the retry completes what was left undone. Another document
   * under the key is the create's 409.
   */
  private async created(
    workspaceId: string,
    read: ReadOutcome,
    bytes: Buffer,
    options: ImportOptions,
  ): Promise<{ entry: Entry; hasSource: boolean }> {
    try {
      return {
        entry: await this.entries.createEntry(workspaceId, createBody(read, options), { signal: options.signal }),
        hasSource: false,
      };
    } catch (error) {
      if (!(error instanceof DomainError && error.key === 'conflict' && options.key !== undefined)) throw error;
      const existing = await this.entries.getEntryByKey(workspaceId, options.key, { withData: false, withParts: true });
      const source = existing.attachments.find((file) => file.id === sourceFileId(existing.id));
      if (source && source.hash !== createHash('sha256').update(bytes).digest('hex')) throw error;
      return { entry: existing, hasSource: source !== undefined };
    }
  }
}

/** What a received invoice was: its syntax, CIUS, the file a PDF carried it in, the sender's totals and where ours differ. */
const receivedSummary = (read: ReadOutcome) => ({
  syntax: read.syntax,
  customization: read.customization,
  ...(read.embedded ? { embedded: read.embedded.fileName } : {}),
  stated: read.stated,
  differences: read.differences,
});

/** The create request the read invoice makes, as JSON text: the engine's threads parse it once more, as any create's. */
function createBody(read: ReadOutcome, options: ImportOptions): JsonText {
  const members = [`"data":${read.docJson}`];
  if (options.key !== undefined) members.push(`"key":${JSON.stringify(options.key)}`);
  if (options.folder !== undefined) members.push(`"folder":${JSON.stringify(options.folder)}`);
  if (options.allowInvalid) members.push('"allow_invalid":true');
  return new JsonText(`{${members.join(',')}}`);
}
