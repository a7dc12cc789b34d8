import type { AllowanceCharge } from '../en16931/semantics';
import type { XmlElement } from '../xml-tree';
import { money, taxCategory } from './ubl-taxes';

/** A discount or charge as UBL's cac:AllowanceCharge; on the document, with its VAT category. */
export const ublAllowanceCharge = (read: AllowanceCharge, level: 'document' | 'line', currency: string): XmlElement => ({
  'cbc:ChargeIndicator': read.charge ? 'true' : 'false',
  'cbc:AllowanceChargeReasonCode': read.code,
  'cbc:AllowanceChargeReason': read.reason,
  'cbc:MultiplierFactorNumeric': read.percent,
  'cbc:Amount': money(read.amount, currency),
  'cbc:BaseAmount': read.base === undefined ? undefined : money(read.base, currency),
  'cac:TaxCategory': level === 'document' ? taxCategory(read.vat) : undefined,
});
