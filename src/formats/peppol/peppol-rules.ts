import type { Fault, JsonObject } from '../../document';
import { obj, objects, str } from '../../document/rules/values';
import { EAS_CODES } from '../en16931/codes';
import { endpointOf, paymentOf, typeCodeOf, vatBreakdown, type PartyRole } from '../en16931/semantics';
import { ruleFault } from '../format-result';
import { germanFaults, peppolGermanRuleId } from '../xrechnung/german-rules';
import { identifierProblem } from './peppol-identifiers';

/**
 * Peppol BIS Billing 3.0's rules beyond EN 16931 that a GOBL document can miss (the rest the writers meet by how
 * they write: one note, one tax total, no empty element, amounts in the document's currency).
 */

/** The electronic address schemes Peppol accepts (PEPPOL-EN16931-CL008): the CEF list, less those Peppol does not route. */
const NOT_ROUTED = new Set(['0219', '0220', '0242', '0244', '0245', '0246', '0248', 'AN', 'AQ', 'AS', 'AU', 'EM']);
export const PEPPOL_EAS: ReadonlySet<string> = new Set([...EAS_CODES].filter((code) => !NOT_ROUTED.has(code)));

/** A party's Peppol address: its inbox, else an identity or VAT number that Peppol routes. */
export const peppolEndpoint = (party: JsonObject, role: PartyRole) => endpointOf(party, role, PEPPOL_EAS, true);

const ENDPOINT_RULES = { supplier: 'PEPPOL-EN16931-R020', customer: 'PEPPOL-EN16931-R010' } as const;

/** Each party's electronic address: present, under a scheme Peppol routes, in the form that scheme asks. */
function endpointFaults(doc: JsonObject, role: PartyRole): Fault[] {
  const party = obj(doc, role);
  if (!party) return [];
  const endpoint = peppolEndpoint(party, role);
  if (!endpoint) {
    const message = `the ${role} needs a Peppol address: an inbox, an identity with an ISO 6523 scheme, or a VAT number`;
    return [ruleFault(ENDPOINT_RULES[role], `$.doc.${role}.inboxes`, message)];
  }
  const fromInbox = endpoint.path.includes('.inboxes[');
  if (!PEPPOL_EAS.has(endpoint.scheme)) {
    const message = `Peppol routes no address under scheme ${endpoint.scheme}`;
    return [ruleFault('PEPPOL-EN16931-CL008', fromInbox ? `${endpoint.path}.scheme` : endpoint.path, message)];
  }
  const problem = identifierProblem(endpoint.scheme, endpoint.id);
  return problem ? [ruleFault(problem.rule, fromInbox ? `${endpoint.path}.code` : endpoint.path, problem.message)] : [];
}

/** Invoice and credit note type codes of the billing process (PEPPOL-EN16931-P0100, P0101). */
const INVOICE_TYPES = new Set(
  '71 80 82 84 102 218 219 326 331 380 382 383 384 386 388 393 395 553 575 623 780 817 870 875 876 877'.split(' '),
);
const CREDIT_NOTE_TYPES = new Set(['381', '396', '81', '83', '532']);

const isGerman = (doc: JsonObject, role: PartyRole) => str(objects(obj(doc, role), 'addresses')[0], 'country') === 'DE';

function typeFaults(doc: JsonObject, betweenGermans: boolean): Fault[] {
  const code = typeCodeOf(doc);
  const credit = str(doc, 'type') === 'credit-note';
  if (!(credit ? CREDIT_NOTE_TYPES : INVOICE_TYPES).has(code)) {
    return [
      ruleFault(
        credit ? 'PEPPOL-EN16931-P0101' : 'PEPPOL-EN16931-P0100',
        '$.doc.type',
        `Peppol's billing takes no document of type ${code}`,
      ),
    ];
  }
  if (['326', '384'].includes(code) && !betweenGermans) {
    return [ruleFault('PEPPOL-EN16931-P0112', '$.doc.type', `type ${code} is only for a German seller and buyer`)];
  }
  return [];
}

/** The VAT category an exemption reason code stands for (PEPPOL-EN16931-P0104 to P0111). */
const VATEX_CATEGORIES: Record<string, [string, string]> = {
  'VATEX-EU-G': ['G', 'P0104'],
  'VATEX-EU-O': ['O', 'P0105'],
  'VATEX-EU-IC': ['K', 'P0106'],
  'VATEX-EU-AE': ['AE', 'P0107'],
  'VATEX-EU-D': ['E', 'P0108'],
  'VATEX-EU-F': ['E', 'P0109'],
  'VATEX-EU-I': ['E', 'P0110'],
  'VATEX-EU-J': ['E', 'P0111'],
};

const exemptionFaults = (doc: JsonObject): Fault[] =>
  vatBreakdown(doc, []).flatMap((row) => {
    const [category, rule] = VATEX_CATEGORIES[row.reasonCode ?? ''] ?? [row.category, ''];
    return category === row.category
      ? []
      : [ruleFault(`PEPPOL-EN16931-${rule}`, row.path, `${row.reasonCode} is for category ${category}`)];
  });

/** What Peppol BIS asks beyond EN 16931 that the document does not say, naming the rule and the GOBL path. */
export function peppolFaults(doc: JsonObject): Fault[] {
  const ordering = obj(doc, 'ordering');
  const betweenGermans = isGerman(doc, 'supplier') && isGerman(doc, 'customer');
  const faults = [...endpointFaults(doc, 'supplier'), ...endpointFaults(doc, 'customer')];
  if (str(ordering, 'code') === '' && str(objects(ordering, 'purchases')[0], 'code') === '') {
    const message = "a buyer's reference (ordering.code) or a purchase order (ordering.purchases) is needed";
    faults.push(ruleFault('PEPPOL-EN16931-R003', '$.doc.ordering.code', message));
  }
  faults.push(...typeFaults(doc, betweenGermans), ...exemptionFaults(doc));
  const paid = paymentOf(doc);
  if (['49', '59'].includes(paid.meansCode ?? '') && paid.mandate?.reference === undefined) {
    const message = "a direct debit needs its mandate's reference";
    faults.push(ruleFault('PEPPOL-EN16931-R061', '$.doc.payment.instructions.direct_debit.ref', message));
  }
  if (betweenGermans) faults.push(...germanFaults(doc, peppolGermanRuleId));
  return faults;
}
