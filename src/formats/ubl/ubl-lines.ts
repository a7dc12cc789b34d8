import type { Fault, JsonObject } from '../../document';
import { obj, objects, str } from '../../document/rules/values';
import { ruleFault } from '../format-result';
import type { XmlElement } from '../xml-tree';
import { allowanceCharge } from './ubl-allowances';
import { unitCode, vatCombo } from '../en16931/codes';
import { money, taxCategory } from './ubl-taxes';

/** A GOBL line as an InvoiceLine or CreditNoteLine: the quantity in its UN/ECE unit, the net amount GOBL summed, the item and its net price. */
export function ublLine(line: JsonObject, index: number, credit: boolean, currency: string, faults: Fault[]): XmlElement {
  const path = `$.doc.lines[${index}]`;
  const item = obj(line, 'item');
  const unit = str(item, 'unit');
  const combo = vatCombo(line);
  if (!combo) faults.push(ruleFault('BR-CO-04', `${path}.taxes`, 'each line needs its VAT category'));
  const base = str(line, 'sum');
  return {
    'cbc:ID': String(line.i ?? index + 1),
    [credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity']: { '@unitCode': unitCode(unit), '#': str(line, 'quantity') },
    'cbc:LineExtensionAmount': money(str(line, 'total'), currency),
    'cac:AllowanceCharge': [
      ...objects(line, 'charges').map((charge, c) =>
        allowanceCharge(charge, 'charge', { level: 'line', path: `${path}.charges[${c}]`, base, currency }, faults),
      ),
      ...objects(line, 'discounts').map((discount, d) =>
        allowanceCharge(discount, 'discount', { level: 'line', path: `${path}.discounts[${d}]`, base, currency }, faults),
      ),
    ],
    'cac:Item': {
      'cbc:Description': str(item, 'description') || undefined,
      'cbc:Name': str(item, 'name'),
      'cac:SellersItemIdentification': str(item, 'ref') ? { 'cbc:ID': str(item, 'ref') } : undefined,
      'cac:OriginCountry': str(item, 'origin') ? { 'cbc:IdentificationCode': str(item, 'origin') } : undefined,
      'cac:ClassifiedTaxCategory': taxCategory(combo),
    },
    'cac:Price': { 'cbc:PriceAmount': money(str(item, 'price'), currency) },
  };
}
