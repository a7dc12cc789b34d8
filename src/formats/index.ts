import type { JsonObject } from '../document';
import type { FormatResult } from './format-result';
import { writeCii } from './cii/cii-document';
import { PEPPOL_PROFILE } from './peppol/peppol-profile';
import { writeUbl } from './ubl/ubl-document';
import { XRECHNUNG_CII_PROFILE, XRECHNUNG_UBL_PROFILE } from './xrechnung/xrechnung-profile';

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
  peppol: { mediaType: 'application/xml', extension: 'xml', addons: ['eu-en16931-v2017'], write: (doc) => writeUbl(doc, PEPPOL_PROFILE) },
  'xrechnung-ubl': {
    mediaType: 'application/xml',
    extension: 'xml',
    addons: ['eu-en16931-v2017', 'de-xrechnung-v3'],
    write: (doc) => writeUbl(doc, XRECHNUNG_UBL_PROFILE),
  },
  'xrechnung-cii': {
    mediaType: 'application/xml',
    extension: 'xml',
    addons: ['eu-en16931-v2017', 'de-xrechnung-v3'],
    write: (doc) => writeCii(doc, XRECHNUNG_CII_PROFILE),
  },
} as const satisfies Record<string, FormatDefinition>;

export type FormatName = keyof typeof FORMATS;
export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];

/**
 * Factur-X (ZUGFeRD 2.x): not a text the formats write but a PDF/A-3 (src/pdf/) carrying the invoice's CII; its name
 * sits beside the others on every route that writes an entry's invoice.
 */
export const FACTURX = 'facturx';
export type OutputFormat = FormatName | typeof FACTURX;
export const OUTPUT_FORMAT_NAMES: OutputFormat[] = [...FORMAT_NAMES, FACTURX];
