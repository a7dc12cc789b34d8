import type { JsonObject } from '../../base/types';
import type { CorrectionNormalizer } from '../../tax/addon-def';
import { isObject } from '../../rules/values';
import { docTax, extMap, setExt, writeExt } from '../../tax/extensions';

/** On a corrective document the document type moves off the preceding reference, which keeps a copy of the invoice's tax extensions under its own. */
export const correctArca: CorrectionNormalizer = (invoice, optionsExt) => {
  const ref = Array.isArray(invoice.preceding) ? invoice.preceding[0] : undefined;
  if (!isObject(ref)) return;
  setExt(ref, 'ar-arca-doc-type', '');
  const taxExt = extMap(docTax(invoice, false));
  if (Object.keys(taxExt).length > 0) writeExt(ref, { ...taxExt, ...extMap(ref) });
  if (optionsExt['ar-arca-doc-type']) setExt(docTax(invoice, true) as JsonObject, 'ar-arca-doc-type', optionsExt['ar-arca-doc-type']);
};
