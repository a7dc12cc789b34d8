import type { Fault, JsonObject } from '../../base/types';
import { normalizeSpanishInvoice } from '../es-common/invoice-normalize';
import { docTypeFaults, generalNoteFaults, identifiedCustomerFaults, precedingFaults } from '../es-common/invoice-checks';
import { canConvertTo } from '../../currency/exchange';
import { identityWithExt } from '../../org/identities';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { docTaxExt, getExt } from '../../tax/extensions';
import { K } from './extensions';

export function normalizeVerifactuInvoice(doc: JsonObject): void {
  normalizeSpanishInvoice(doc, K, { selfBilled: { [K.issuerType]: 'D' }, thirdParty: { [K.issuerType]: 'T' } });
}

const f = faultMaker('GOBL-ES-VERIFACTU-BILL-INVOICE');

function isSimplified(doc: JsonObject): boolean {
  return ['F2', 'R5'].includes(docTaxExt(doc, K.docType));
}

export function validateVerifactuInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f('16', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  out.push(...precedingFaults(doc, path, f, { missing: '01', issueDate: '02', tax: '03' }));
  const customer = obj(doc, 'customer');
  if (isSimplified(doc)) {
    if (customer) {
      if (customer.tax_id !== undefined && customer.tax_id !== null) {
        out.push(f('04', 'a simplified invoice cannot carry a customer tax ID', `${path}.customer.tax_id`));
      }
      if (identityWithExt(customer, K.identityType)) {
        out.push(f('05', 'a simplified invoice cannot carry a customer identity type', `${path}.customer`));
      }
    }
  } else {
    out.push(...identifiedCustomerFaults(customer, path, K.identityType, f, { missing: '06', identified: '07', taxIdCode: '08' }));
    objects(customer, 'identities').forEach((id, i) => {
      const code = getExt(id, K.identityType);
      if (code !== '' && code !== '02' && !present(id, 'country')) {
        out.push(f('17', 'an identity of this type needs a country', `${path}.customer.identities[${i}].country`));
      }
    });
  }
  out.push(...docTypeFaults(doc, path, K, f, { tax: '09', docType: '10', correctionType: '13', standard: '11', corrective: '12' }));
  out.push(...generalNoteFaults(doc, path, f, '14'));
  objects(doc, 'lines').forEach((line, i) => {
    const cats = objects(line, 'taxes').map((c) => str(c, 'cat'));
    if (!cats.some((c) => ['VAT', 'IGIC', 'IPSI'].includes(c))) {
      out.push(f('15', 'each line needs VAT, IGIC or IPSI', `${path}.lines[${i}].taxes`));
    }
  });
  return out;
}
