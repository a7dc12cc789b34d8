import { CORRECTIVE_INVOICE_TYPES, invoiceType } from '../../bill/invoice-type';
import { identityWithExt } from '../../org/identities';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { extMap } from '../../tax/extensions';
import type { Fault, JsonObject } from '../../base/types';

/**
 * Checks that SII and VERI*FACTU both make on an invoice, each under its own fault numbers. `f` makes the
 * addon's fault from a number; the `codes` name the number each check has in that addon.
 */
type MakeFault = (code: string, message: string, path: string) => Fault;

const CORRECTIVE_DOC_TYPES = ['R1', 'R2', 'R3', 'R4', 'R5'];

/** A corrective invoice names what it corrects, with the date and, for `corrective`, the tax data of each. */
export function precedingFaults(
  doc: JsonObject,
  path: string,
  f: MakeFault,
  codes: { missing: string; issueDate: string; tax: string },
): Fault[] {
  const out: Fault[] = [];
  const type = invoiceType(doc);
  const preceding = objects(doc, 'preceding');
  if (type === 'corrective' && preceding.length === 0)
    out.push(f(codes.missing, 'a corrective invoice needs preceding documents', `${path}.preceding`));
  preceding.forEach((ref, i) => {
    if (!present(ref, 'issue_date'))
      out.push(f(codes.issueDate, 'the preceding document needs an issue date', `${path}.preceding[${i}].issue_date`));
  });
  if (type === 'corrective') {
    preceding.forEach((ref, i) => {
      if (!present(ref, 'tax')) out.push(f(codes.tax, 'the preceding document needs its tax data', `${path}.preceding[${i}].tax`));
    });
  }
  return out;
}

/** A customer with a tax ID that has a code, or with an identity that carries the addon's identity type. */
export function identifiedCustomerFaults(
  customer: JsonObject | undefined,
  path: string,
  identityType: string,
  f: MakeFault,
  codes: { missing: string; identified: string; taxIdCode: string },
): Fault[] {
  if (!customer) return [f(codes.missing, 'a customer is needed', `${path}.customer`)];
  const out: Fault[] = [];
  if (!isObject(customer.tax_id) && !identityWithExt(customer, identityType)) {
    out.push(f(codes.identified, `the customer needs a tax ID or an identity with '${identityType}'`, `${path}.customer`));
  }
  const taxId = obj(customer, 'tax_id');
  if (taxId && !present(taxId, 'code')) out.push(f(codes.taxIdCode, 'the customer tax ID needs a code', `${path}.customer.tax_id.code`));
  return out;
}

/** The document type in `tax.ext`, its fit with the invoice's type, and the correction type corrections need. */
export function docTypeFaults(
  doc: JsonObject,
  path: string,
  keys: { docType: string; correctionType: string },
  f: MakeFault,
  codes: { tax: string; docType: string; correctionType: string; standard: string; corrective: string },
): Fault[] {
  const tax = obj(doc, 'tax');
  if (!tax) return [f(codes.tax, 'tax details are needed', `${path}.tax`)];
  const out: Fault[] = [];
  const type = invoiceType(doc);
  const ext = extMap(tax);
  const docType = ext[keys.docType] ?? '';
  if (docType === '') out.push(f(codes.docType, `'${keys.docType}' is needed`, `${path}.tax.ext`));
  // GOBL's condition "doc type is one of R1–R5" also holds when there is no doc type at all (its extension
  // checks pass on an absent key), so a document without one is asked for a correction type too.
  if ((docType === '' || CORRECTIVE_DOC_TYPES.includes(docType)) && !ext[keys.correctionType]) {
    out.push(f(codes.correctionType, `'${keys.correctionType}' is needed for corrective document types`, `${path}.tax.ext`));
  }
  if (type === 'standard' && docType !== '' && !['F1', 'F2', 'F3'].includes(docType)) {
    out.push(f(codes.standard, 'a standard invoice takes document type F1, F2 or F3', `${path}.tax.ext`));
  }
  if (CORRECTIVE_INVOICE_TYPES.includes(type) && docType !== '' && !CORRECTIVE_DOC_TYPES.includes(docType)) {
    out.push(f(codes.corrective, 'a corrective invoice takes document type R1 to R5', `${path}.tax.ext`));
  }
  return out;
}

/** A general note fits the 500 bytes the tax agency's field holds. */
export function generalNoteFaults(doc: JsonObject, path: string, f: MakeFault, code: string): Fault[] {
  const out: Fault[] = [];
  objects(doc, 'notes').forEach((note, i) => {
    if (str(note, 'key') === 'general' && Buffer.byteLength(str(note, 'text'), 'utf8') > 500) {
      out.push(f(code, 'a general note is limited to 500 characters', `${path}.notes[${i}].text`));
    }
  });
  return out;
}
