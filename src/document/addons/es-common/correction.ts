import { CORRECTIVE_INVOICE_TYPES, invoiceType } from '../../bill/invoice-type';
import { isObject } from '../../rules/values';
import { docTaxExt, mergeDocTaxExt, setExt } from '../../tax/extensions';
import type { CorrectionNormalizer } from '../../tax/addon-def';
import type { JsonObject } from '../../base/types';

/** Correction type and default corrective document type, as VERI*FACTU and SII set them. */
export function normalizeCorrection(
  doc: JsonObject,
  docTypeKey: string,
  correctionKey: string,
  mergeTax: (v: Record<string, string>) => void,
): void {
  const type = invoiceType(doc);
  if (type === 'credit-note' || type === 'debit-note') mergeTax({ [correctionKey]: 'I' });
  else if (type === 'corrective') mergeTax({ [correctionKey]: 'S' });
  if (CORRECTIVE_INVOICE_TYPES.includes(type)) {
    if (!['R2', 'R3', 'R4', 'R5'].includes(docTaxExt(doc, docTypeKey))) mergeTax({ [docTypeKey]: 'R1' });
  }
}

/** On a corrective document the document type moves off the preceding reference; a type given in the options goes to the tax. */
export function moveDocTypeOnCorrection(key: string): CorrectionNormalizer {
  return (invoice, optionsExt) => {
    const ref = Array.isArray(invoice.preceding) ? invoice.preceding[0] : undefined;
    if (!isObject(ref)) return;
    setExt(ref, key, '');
    if (optionsExt[key]) mergeDocTaxExt(invoice, { [key]: optionsExt[key] });
  };
}
