import { v5 as uuidv5 } from 'uuid';
import { FACTURX, FORMATS, type OutputFormat } from '../../formats';
import type { DocumentEngine } from '../documents/document-pipeline';
import type { FormatOutcome } from '../documents/format-job';
import type { EntryService } from '../entries/entries.service';
import type { Attachment } from '../entries/model/entry';
import { bodyText } from '../shared/json-text';
import { putMadeFile } from '../files/made-file';
import type { FilesService } from '../files/files.service';

/** A document written in a format: its bytes (UTF-8 text, or a PDF), its media type, and the file name it is downloaded as. */
export interface WrittenFormat {
  bytes: Buffer;
  mediaType: string;
  fileName: string;
}

/** The namespace of the attached formats' file ids (a fixed random UUID, apart from the PDF's). */
const ENTRY_FORMAT_NAMESPACE = '8e3b2a41-6c0d-4f57-b1a9-0d7e5c3f2a64';

/**
 * The id of an entry's attached file in a format: UUIDv5 of the entry's id and the format, fixed per entry and
 * format, so attaching again replaces that file (the earlier one kept as a version) and never adds another.
 */
export const entryFormatFileId = (entryId: string, format: OutputFormat): string =>
  uuidv5(`${entryId.toLowerCase()}/${format}`, ENTRY_FORMAT_NAMESPACE);

const written = ({ text, format, name }: FormatOutcome, fallbackName: string): WrittenFormat => ({
  bytes: Buffer.from(text, 'utf8'),
  mediaType: FORMATS[format].mediaType,
  fileName: `${name ?? fallbackName}.${FORMATS[format].extension}`,
});

/**
 * The e-invoice formats (src/formats/): an entry's invoice, of one of its versions or the current one, or a
 * document sent to be converted, written by the engine's threads with a create's time and memory budget, so a
 * huge invoice never holds another workspace's requests. A document the format cannot express validly is refused
 * (422, the format's rules named), and nothing is stored.
 */
export class EntryFormats {
  constructor(
    private readonly entries: Pick<EntryService, 'storedEnvelope' | 'entryPdf'>,
    private readonly files: Pick<FilesService, 'putFile'>,
    private readonly engine: Pick<DocumentEngine, 'renderFormat'>,
  ) {}

  async write(
    workspaceId: string,
    id: string,
    format: OutputFormat,
    options: { version?: string; signal?: AbortSignal } = {},
  ): Promise<WrittenFormat> {
    if (format === FACTURX) {
      const { pdf, name } = await this.entries.entryPdf(workspaceId, id, { ...options, facturx: true });
      return { bytes: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), mediaType: 'application/pdf', fileName: `${name}.pdf` };
    }
    const { envelopeJson } = await this.entries.storedEnvelope(workspaceId, id, options.version);
    return written(await this.engine.renderFormat({ workspaceId, format, envelopeJson }, { signal: options.signal }), id.toLowerCase());
  }

  /**
   * Attaches the entry's invoice in `format` to it as its `format` file (putMadeFile): every refusal comes before
   * anything is written.
   */
  async attach(
    workspaceId: string,
    id: string,
    format: OutputFormat,
    options: { version?: string; signal?: AbortSignal; meta?: Record<string, string> } = {},
  ): Promise<Attachment> {
    const { bytes, mediaType, fileName } = await this.write(workspaceId, id, format, options);
    const file = { id: entryFormatFileId(id, format), name: fileName, mime: mediaType, meta: options.meta };
    return putMadeFile(this.files, workspaceId, id, file, bytes);
  }

  /** A document sent in a request body (`data`, `format`), written statelessly: the body's JSON is read in the engine's threads. */
  async convert(workspaceId: string, body: unknown, options: { signal?: AbortSignal } = {}): Promise<WrittenFormat> {
    const convertBody = bodyText(body);
    return written(await this.engine.renderFormat({ workspaceId, convertBody }, options), 'document');
  }
}
