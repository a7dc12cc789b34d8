import type { Fault, JsonObject } from '../../base/types';
import { CORRECTIVE_INVOICE_TYPES, invoiceType } from '../../bill/invoice-type';
import { canConvertTo } from '../../currency/exchange';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { extMap, hasExt } from '../../tax/extensions';
import { K } from './extensions';

const f = faultMaker('GOBL-ES-FACTURAE-BILL-INVOICE');

export function validateFacturaeInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f('07', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  const taxId = obj(obj(doc, 'customer'), 'tax_id');
  if (taxId && str(taxId, 'country') === 'ES' && !present(taxId, 'code')) {
    out.push(f('01', 'a Spanish customer tax ID needs a code', `${path}.customer.tax_id.code`));
  }
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('02', 'tax details are needed', `${path}.tax`));
  else {
    const ext = extMap(tax);
    if (!ext[K.docType] || !ext[K.invoiceClass]) {
      out.push(f('03', `'${K.docType}' and '${K.invoiceClass}' are needed`, `${path}.tax.ext`));
    }
  }
  if (CORRECTIVE_INVOICE_TYPES.includes(invoiceType(doc))) {
    const preceding = objects(doc, 'preceding');
    if (preceding.length === 0) out.push(f('04', 'corrective documents need a preceding document', `${path}.preceding`));
    preceding.forEach((ref, i) => {
      if (!present(ref, 'issue_date'))
        out.push(f('05', 'the preceding document needs an issue date', `${path}.preceding[${i}].issue_date`));
      if (!hasExt(ref, K.correction)) out.push(f('06', `'${K.correction}' is needed`, `${path}.preceding[${i}].ext`));
    });
  }
  return out;
}
