import type { Fault, JsonObject } from '../../document';
import { vatCombo } from '../en16931/codes';
import { allowanceChargeOf } from '../en16931/semantics';
import type { XmlElement } from '../xml-tree';
import { money, taxCategory } from './ubl-taxes';

/** A GOBL discount or charge as UBL's cac:AllowanceCharge; on the document, with its VAT category. */
export function allowanceCharge(
  node: JsonObject,
  kind: 'discount' | 'charge',
  at: { level: 'document' | 'line'; path: string; base: string; currency: string },
  faults: Fault[],
): XmlElement {
  const read = allowanceChargeOf(node, kind, at, faults);
  return {
    'cbc:ChargeIndicator': read.charge ? 'true' : 'false',
    'cbc:AllowanceChargeReasonCode': read.code,
    'cbc:AllowanceChargeReason': read.reason,
    'cbc:MultiplierFactorNumeric': read.percent,
    'cbc:Amount': money(read.amount, at.currency),
    'cbc:BaseAmount': read.base === undefined ? undefined : money(read.base, at.currency),
    'cac:TaxCategory': at.level === 'document' ? taxCategory(vatCombo(node)) : undefined,
  };
}
