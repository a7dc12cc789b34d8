import { isObject } from '../json';
import type { JsonObject } from '../types';

/** The options a correction normalizer reads: the extensions the client gave. */
interface CorrectionExtensions {
  ext?: Record<string, string>;
}

/**
 * Runs after a corrective invoice is built: decides which given extensions belong to the preceding
 * reference and which to the new document. Mutates `doc` and `preceding`.
 */
export type CorrectionNormalizer = (doc: JsonObject, preceding: JsonObject, options: CorrectionExtensions) => void;

function taxExtOf(doc: JsonObject): JsonObject {
  if (!isObject(doc.tax)) doc.tax = {};
  const tax = doc.tax as JsonObject;
  if (!isObject(tax.ext)) tax.ext = {};
  return tax.ext as JsonObject;
}

function precedingExt(preceding: JsonObject): JsonObject {
  if (!isObject(preceding.ext)) preceding.ext = {};
  return preceding.ext as JsonObject;
}

/** The document type given for the correction describes the new invoice, not the one it corrects. */
const docTypeToDocument =
  (key: string): CorrectionNormalizer =>
  (doc, preceding, options) => {
    delete precedingExt(preceding)[key];
    const given = options.ext?.[key];
    if (given) taxExtOf(doc)[key] = given;
  };

/**
 * As above, and the corrected invoice's own tax extensions (its document type, concept...) are
 * recorded in the preceding reference, under any the client gave.
 */
const docTypeToDocumentKeepingOriginal =
  (key: string): CorrectionNormalizer =>
  (doc, preceding, options) => {
    const ext = precedingExt(preceding);
    delete ext[key];
    const original = isObject(doc.tax) && isObject(doc.tax.ext) ? doc.tax.ext : {};
    preceding.ext = { ...structuredClone(original), ...ext };
    const given = options.ext?.[key];
    if (given) taxExtOf(doc)[key] = given;
  };

/** Correction normalizers by addon key. */
export const correctionNormalizers: Record<string, CorrectionNormalizer> = {
  'es-sii-v1': docTypeToDocument('es-sii-doc-type'),
  'es-verifactu-v1': docTypeToDocument('es-verifactu-doc-type'),
  'ar-arca-v4': docTypeToDocumentKeepingOriginal('ar-arca-doc-type'),
};
