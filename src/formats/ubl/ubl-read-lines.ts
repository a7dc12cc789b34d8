import type { ReadId, ReadLine } from '../en16931/read-terms';
import type { ReadCursor } from '../read-cursor';
import { ublAllowanceCharge, ublDate, ublId, ublVat } from './ubl-read-party';

/** A UBL invoice line (cac:InvoiceLine) or credit note line (cac:CreditNoteLine) read as EN 16931's terms. */

/** The document type code of a line's reference to the object it invoices (BT-128). */
const INVOICED_OBJECT = '130';

export function ublLine(line: ReadCursor): ReadLine {
  const quantity = line.one('cbc:InvoicedQuantity') ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity';
  const item = line.one('cac:Item');
  const price = line.one('cac:Price');
  const object = line
    .all('cac:DocumentReference')
    .find((reference) => (reference.text('cbc:DocumentTypeCode') ?? INVOICED_OBJECT) === INVOICED_OBJECT);
  return {
    notes: line.texts('cbc:Note'),
    quantity: line.decimal(quantity),
    unitCode: line.attribute(quantity, 'unitCode'),
    price: price?.decimal('cbc:PriceAmount'),
    baseQuantity: price?.decimal('cbc:BaseQuantity'),
    object: ublId(object, 'cbc:ID'),
    orderLine: line.text('cac:OrderLineReference/cbc:LineID'),
    accountingCost: line.text('cbc:AccountingCost'),
    period: {
      start: line.date('cac:InvoicePeriod/cbc:StartDate', ublDate),
      end: line.date('cac:InvoicePeriod/cbc:EndDate', ublDate),
    },
    allowancesCharges: line.all('cac:AllowanceCharge').map(ublAllowanceCharge),
    vat: ublVat(item?.one('cac:ClassifiedTaxCategory')),
    name: item?.text('cbc:Name'),
    description: item?.text('cbc:Description'),
    sellerId: item?.text('cac:SellersItemIdentification/cbc:ID'),
    buyerId: item?.text('cac:BuyersItemIdentification/cbc:ID'),
    standardId: ublId(item, 'cac:StandardItemIdentification/cbc:ID'),
    classifications: (item?.all('cac:CommodityClassification') ?? []).flatMap((classification): ReadId[] => {
      const code = classification.text('cbc:ItemClassificationCode');
      return code === undefined ? [] : [{ id: code, scheme: classification.attribute('cbc:ItemClassificationCode', 'listID') }];
    }),
    origin: item?.text('cac:OriginCountry/cbc:IdentificationCode'),
    attributes: (item?.all('cac:AdditionalItemProperty') ?? []).flatMap((property) => {
      const [name, value] = [property.text('cbc:Name'), property.text('cbc:Value')];
      return name !== undefined && value !== undefined ? [{ name, value }] : [];
    }),
  };
}
