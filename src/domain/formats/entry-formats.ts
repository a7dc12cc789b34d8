import { FORMATS, type FormatName } from '../../formats';
import type { DocumentEngine } from '../documents/document-pipeline';
import type { EntryService } from '../entries/entries.service';

/** An entry's document written in a format: the text, its media type, and the file name it is downloaded as. */
export interface EntryFormat {
  text: string;
  mediaType: string;
  fileName: string;
}

/**
 * The e-invoice formats of entries (src/formats/): an entry's invoice, of one of its versions or the current one,
 * written by the engine's threads with a create's time and memory budget, so a huge invoice never holds another
 * workspace's requests. A document the format cannot express validly is refused (422, the format's rules named).
 */
export class EntryFormats {
  constructor(
    private readonly entries: EntryService,
    private readonly engine: DocumentEngine,
  ) {}

  async write(
    workspaceId: string,
    id: string,
    format: FormatName,
    options: { version?: string; signal?: AbortSignal } = {},
  ): Promise<EntryFormat> {
    const { envelopeJson } = await this.entries.storedEnvelope(workspaceId, id, options.version);
    const { text, name } = await this.engine.renderFormat({ workspaceId, format, envelopeJson }, { signal: options.signal });
    const { mediaType, extension } = FORMATS[format];
    return { text, mediaType, fileName: `${name ?? id.toLowerCase()}.${extension}` };
  }
}
