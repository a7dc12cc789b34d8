import { v5 as uuidv5 } from 'uuid';
import type { EntryService } from '../entries/entries.service';
import type { Attachment } from '../entries/model/entry';
import { putMadeFile } from './made-file';
import type { FilesService } from './files.service';

/**
 * The namespace of the attached PDFs' file ids (a fixed random UUID: it only has to differ from other uses of
 * UUIDv5 in the service).
 */
const ENTRY_PDF_NAMESPACE = '5f0c8a52-3d61-4c1e-9a7b-2e4f6d1c8b90';

/**
 * The id of an entry's attached PDF: UUIDv5 of the entry's id. Being fixed per entry, each attach is a PUT of
 * the same file, so it replaces the one before under the entry's lock (concurrent attaches each keep the one
 * before as a version) without reading first, and a file of the same name or category uploaded by a client is
 * never taken for it.
 */
export const entryPdfFileId = (entryId: string): string => uuidv5(entryId.toLowerCase(), ENTRY_PDF_NAMESPACE);

/**
 * Attaches an entry's PDF to it: the same PDF as `GET …/pdf` (of its current version, or of `version`),
 * stored as its `format` file `<name>.pdf`. Every refusal of the PDF (unknown entry or version, too complex)
 * comes before anything is written; the file's write brings its `entry.file_added` event, as any upload's.
 */
export class EntryPdfFiles {
  constructor(
    private readonly entries: Pick<EntryService, 'entryPdf'>,
    private readonly files: Pick<FilesService, 'putFile'>,
  ) {}

  async attach(
    workspaceId: string,
    entryId: string,
    options: { version?: string; signal?: AbortSignal; meta?: Record<string, string> } = {},
  ): Promise<Attachment> {
    const { pdf, name } = await this.entries.entryPdf(workspaceId, entryId, options);
    const file = { id: entryPdfFileId(entryId), name: `${name}.pdf`, mime: 'application/pdf', meta: options.meta };
    return putMadeFile(this.files, workspaceId, entryId, file, Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  }
}
