import type { Fault, JsonObject } from '../../document';
import { obj, str } from '../../document/rules/values';
import { allowancesAndChargesOf, lineVatOf } from '../en16931/semantics';
import { optional, type XmlElement } from '../xml-tree';
import { ublAllowanceCharge } from './ubl-allowances';
import { unitCode } from '../en16931/codes';
import { money, taxCategory } from './ubl-taxes';

/** A GOBL line as an InvoiceLine or CreditNoteLine: the quantity in its UN/ECE unit, the net amount GOBL summed, the item and its net price. */
export function ublLine(line: JsonObject, index: number, credit: boolean, currency: string, faults: Fault[]): XmlElement {
  const item = obj(line, 'item');
  const combo = lineVatOf(line, index, faults);
  const allowances = allowancesAndChargesOf(line, 'line', `$.doc.lines[${index}]`, str(line, 'sum'), faults);
  return {
    'cbc:ID': String(line.i ?? index + 1),
    [credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity']: { '@unitCode': unitCode(str(item, 'unit')), '#': str(line, 'quantity') },
    'cbc:LineExtensionAmount': money(str(line, 'total'), currency),
    'cac:AllowanceCharge': allowances.map((read) => ublAllowanceCharge(read, 'line', currency)),
    'cac:Item': {
      'cbc:Description': optional(str(item, 'description')),
      'cbc:Name': str(item, 'name'),
      'cac:SellersItemIdentification': str(item, 'ref') ? { 'cbc:ID': str(item, 'ref') } : undefined,
      'cac:OriginCountry': str(item, 'origin') ? { 'cbc:IdentificationCode': str(item, 'origin') } : undefined,
      'cac:ClassifiedTaxCategory': taxCategory(combo),
    },
    'cac:Price': { 'cbc:PriceAmount': money(str(item, 'price'), currency) },
  };
}
