import { str } from '../base/json';
import { documentTypeOf } from '../base/schemas';
import type { Envelope, Fault } from '../base/types';

/**
 * Why the envelope's document may not be signed yet, as GOBL's envelope rule 13 says: bills need a code
 * (a status needs its issue date as well); other documents are always ready. Empty when ready.
 */
export function signingFaults(envelope: Envelope): Fault[] {
  const doc = envelope.doc;
  const type = documentTypeOf(doc.$schema);
  const missing: string[] = [];
  switch (type) {
    case 'bill/invoice':
    case 'bill/order':
    case 'bill/delivery':
    case 'bill/payment':
      if (!str(doc.code)) missing.push('code');
      break;
    case 'bill/status':
      if (!str(doc.code)) missing.push('code');
      if (!str(doc.issue_date)) missing.push('issue_date');
      break;
    default:
  }
  return missing.map((field) => ({
    code: 'GOBL-ENVELOPE-13',
    message: `the document is not ready to be signed: ${field} is required`,
    paths: [`$.doc.${field}`],
  }));
}
