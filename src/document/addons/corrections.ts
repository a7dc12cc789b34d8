import type { JsonObject } from '../types';
import { docTax, extOf, isObject, mergeDocTaxExt, setExt, writeExt } from './util';

/**
 * Steps some addons take when a corrective document is built from an invoice (GOBL's correction
 * normalizers). `invoice` is the new corrective document, whose `preceding[0]` points to the
 * original; `optionsExt` holds the extensions passed with the correction options.
 */
export type CorrectionNormalizer = (invoice: JsonObject, optionsExt: Record<string, string>) => void;

/** The document type moves off the preceding reference; a type given in the options goes to the tax. */
function moveDocType(key: string): CorrectionNormalizer {
  return (invoice, optionsExt) => {
    const ref = Array.isArray(invoice.preceding) ? invoice.preceding[0] : undefined;
    if (!isObject(ref)) return;
    setExt(ref, key, '');
    if (optionsExt[key]) mergeDocTaxExt(invoice, { [key]: optionsExt[key] });
  };
}

/** ARCA also copies the invoice's tax extensions onto the reference, keeping the reference's own values. */
const arcaCorrection: CorrectionNormalizer = (invoice, optionsExt) => {
  const ref = Array.isArray(invoice.preceding) ? invoice.preceding[0] : undefined;
  if (!isObject(ref)) return;
  setExt(ref, 'ar-arca-doc-type', '');
  const taxExt = extOf(docTax(invoice, false));
  if (Object.keys(taxExt).length > 0) writeExt(ref, { ...taxExt, ...extOf(ref) });
  if (optionsExt['ar-arca-doc-type']) setExt(docTax(invoice, true) as JsonObject, 'ar-arca-doc-type', optionsExt['ar-arca-doc-type']);
};

export const CORRECTION_NORMALIZERS: Record<string, CorrectionNormalizer> = {
  'es-verifactu-v1': moveDocType('es-verifactu-doc-type'),
  'es-sii-v1': moveDocType('es-sii-doc-type'),
  'ar-arca-v4': arcaCorrection,
};
