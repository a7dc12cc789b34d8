import type { Fault, JsonObject } from '../../document';
import { UNTDID } from '../../document/addons/eu-en16931';
import { str } from '../../document/rules/values';
import { getExt } from '../../document/tax/extensions';
import { ruleFault } from '../format-result';
import type { XmlElement } from '../xml-tree';
import { money, percentNumber } from './ubl-codes';
import { taxCategory, vatCombo } from './ubl-taxes';

/** Where an allowance or charge is, and the EN 16931 rule that asks it for a reason or a reason code. */
const REASON_RULES = {
  document: { discount: 'BR-33', charge: 'BR-38' },
  line: { discount: 'BR-42', charge: 'BR-44' },
} as const;

/**
 * A GOBL discount or charge as UBL's cac:AllowanceCharge: its reason and UNTDID code (5189 for allowances, 7161 for
 * charges), its percentage of `base`, its amount, and on the document its VAT category.
 */
export function allowanceCharge(
  node: JsonObject,
  kind: 'discount' | 'charge',
  at: { level: 'document' | 'line'; path: string; base: string; currency: string },
  faults: Fault[],
): XmlElement {
  const code = getExt(node, kind === 'discount' ? UNTDID.allowance : UNTDID.charge);
  const reason = str(node, 'reason');
  if (code === '' && reason === '') {
    faults.push(ruleFault(REASON_RULES[at.level][kind], `${at.path}.reason`, `the ${kind} needs a reason or a reason code`));
  }
  const percent = str(node, 'percent');
  const base = str(node, 'base') || at.base;
  return {
    'cbc:ChargeIndicator': kind === 'charge' ? 'true' : 'false',
    'cbc:AllowanceChargeReasonCode': code === '' ? undefined : code,
    'cbc:AllowanceChargeReason': reason === '' ? undefined : reason,
    'cbc:MultiplierFactorNumeric': percent === '' ? undefined : percentNumber(percent),
    'cbc:Amount': money(str(node, 'amount'), at.currency),
    'cbc:BaseAmount': percent === '' || base === '' ? undefined : money(base, at.currency),
    'cac:TaxCategory': at.level === 'document' ? taxCategory(vatCombo(node)) : undefined,
  };
}
