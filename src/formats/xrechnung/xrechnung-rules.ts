import type { Fault, JsonObject } from '../../document';
import { obj } from '../../document/rules/values';
import { EAS_CODES } from '../en16931/codes';
import { endpointOf, type PartyRole } from '../en16931/semantics';
import { ruleFault } from '../format-result';
import { germanFaults, xrechnungRuleId } from './german-rules';

/**
 * XRechnung 3.0's rules beyond EN 16931 that a GOBL document can miss: Germany's rules (BR-DE-n), and both parties'
 * electronic addresses, which XRechnung 3.0 makes mandatory (BT-34, BT-49) though its Schematron does not test them.
 */

/** A party's electronic address: its inbox (an e-mail among them), else an identity or VAT number with an EAS code. */
export const xrechnungEndpoint = (party: JsonObject, role: PartyRole) => endpointOf(party, role, EAS_CODES, true);

function endpointFaults(doc: JsonObject, role: PartyRole): Fault[] {
  const party = obj(doc, role);
  if (!party) return [];
  const endpoint = xrechnungEndpoint(party, role);
  if (!endpoint) {
    const message = `XRechnung needs the ${role}'s electronic address: an inbox, an identity with an ISO 6523 scheme, or a VAT number`;
    return [ruleFault('xrechnung-electronic-address', `$.doc.${role}.inboxes`, message)];
  }
  if (EAS_CODES.has(endpoint.scheme)) return [];
  return [ruleFault('BR-CL-25', `${endpoint.path}.scheme`, `${endpoint.scheme} is not an electronic address scheme of the CEF list`)];
}

/** What XRechnung asks beyond EN 16931 that the document does not say, naming the rule and the GOBL path. */
export const xrechnungFaults = (doc: JsonObject): Fault[] => [
  ...endpointFaults(doc, 'supplier'),
  ...endpointFaults(doc, 'customer'),
  ...germanFaults(doc, xrechnungRuleId),
];
