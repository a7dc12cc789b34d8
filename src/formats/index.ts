import type { JsonObject } from '../document';
import type { FormatResult } from './format-result';
import { writeCii } from './cii/cii-document';
import { writeUbl } from './ubl/ubl-document';

export type { FormatResult } from './format-result';

/** A format the service writes documents in: its media type, its file extension, the GOBL addons it follows. */
export interface FormatDefinition {
  mediaType: string;
  extension: string;
  /** Addons whose codes the format writes: a document is calculated with them before it is written. */
  addons: readonly string[];
  /** Writes a calculated invoice (its `doc`), or says why the format cannot express it validly. */
  write(doc: JsonObject): FormatResult;
}

/** Every format, by the name the routes take (`/formats/{format}`). */
export const FORMATS = {
  ubl: { mediaType: 'application/xml', extension: 'xml', addons: ['eu-en16931-v2017'], write: (doc) => writeUbl(doc) },
  cii: { mediaType: 'application/xml', extension: 'xml', addons: ['eu-en16931-v2017'], write: (doc) => writeCii(doc) },
} as const satisfies Record<string, FormatDefinition>;

export type FormatName = keyof typeof FORMATS;
export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];
