import type { JsonObject } from '../types';
import { deleteExt, docTaxExt, getExt, invoiceType, objects, obj, setExt, setExtOneOf, str } from './util';

/** Pieces shared by the Spanish addons (VERI*FACTU, SII, TicketBAI, FacturaE). */

export const CORRECTION_TYPES = ['corrective', 'credit-note', 'debit-note'];
export const VAT_OR_IGIC = ['VAT', 'IGIC'];

/** Identity keys of a foreign customer and the code each Spanish format gives them. */
const IDENTITY_TYPE_CODES: Record<string, string> = {
  passport: '03',
  foreign: '04',
  resident: '05',
  other: '06',
};

/**
 * A customer without a Spanish tax code is identified by its first identity: the identity's key
 * selects the identity type code under `extKey`.
 */
export function normalizeCustomerIdentityType(customer: JsonObject | undefined, extKey: string): void {
  if (!customer) return;
  const taxId = obj(customer, 'tax_id');
  if (taxId && str(taxId, 'country') === 'ES' && str(taxId, 'code') !== '') return;
  const first = objects(customer, 'identities')[0];
  if (!first) return;
  const code = IDENTITY_TYPE_CODES[str(first, 'key')];
  if (code) setExt(first, extKey, code);
}

/** The first identity carrying the extension key, as GOBL's IdentityForExtKey. */
export function identityWithExt(party: JsonObject | undefined, extKey: string): JsonObject | undefined {
  return objects(party, 'identities').find((id) => getExt(id, extKey) !== '');
}


/** Document currency is the target or an exchange rate leads to it. */
export function canConvertTo(doc: JsonObject, target: string): boolean {
  const currency = str(doc, 'currency');
  if (currency === target) return true;
  return objects(doc, 'exchange_rates').some((r) => str(r, 'from') === currency && str(r, 'to') === target);
}

/** Correction type and default corrective document type, common to VERI*FACTU and SII. */
export function normalizeCorrection(doc: JsonObject, docTypeKey: string, correctionKey: string, mergeTax: (v: Record<string, string>) => void): void {
  const type = invoiceType(doc);
  if (type === 'credit-note' || type === 'debit-note') mergeTax({ [correctionKey]: 'I' });
  else if (type === 'corrective') mergeTax({ [correctionKey]: 'S' });
  if (CORRECTION_TYPES.includes(type)) {
    if (!['R2', 'R3', 'R4', 'R5'].includes(docTaxExt(doc, docTypeKey))) mergeTax({ [docTypeKey]: 'R1' });
  }
}

/** The Spanish tax ID kind, by the shape of its code: org, national, foreigner, other or ''. */
export function spanishTaxIdKind(taxId: JsonObject | undefined): string {
  if (!taxId || str(taxId, 'country') !== 'ES') return '';
  const code = str(taxId, 'code');
  if (code === '') return '';
  const check = 'TRWAGMYFPDXBNJZSQVHLCKE';
  if (new RegExp('^[ABCDEFGHJNPQRSUVW][0-9]{7}[0-9JABCDEFGHI]$').test(code)) return 'org';
  if (new RegExp(`^[0-9]{8}[${check}]$`).test(code)) return 'national';
  if (new RegExp(`^[XYZ][0-9]{7}[${check}]$`).test(code)) return 'foreigner';
  if (new RegExp('^[KLM][0-9]{7}[0-9JABCDEFGHI]$').test(code)) return 'other';
  return '';
}


/**
 * The exemption codes VERI*FACTU and SII share for exempt, export and intra-community combos; the other
 * classification (`otherKey`) is dropped. Returns false for keys that are not exemptions.
 */
export function setExemptionCode(combo: JsonObject, key: string, exemptKey: string, otherKey: string): boolean {
  switch (key) {
    case 'exempt':
      setExtOneOf(combo, exemptKey, 'E1', ['E6']);
      break;
    case 'export':
      setExtOneOf(combo, exemptKey, 'E2', ['E3', 'E4']);
      break;
    case 'intra-community':
      setExt(combo, exemptKey, 'E5');
      break;
    default:
      return false;
  }
  deleteExt(combo, otherKey);
  return true;
}
