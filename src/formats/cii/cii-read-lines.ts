import type { ReadId, ReadLine } from '../en16931/read-terms';
import type { ReadCursor } from '../read-cursor';
import { ciiAllowanceCharge, ciiDate, ciiId, ciiVat } from './cii-read-party';

/** A CII line (ram:IncludedSupplyChainTradeLineItem) read as EN 16931's terms. */

/** The type code of a referenced document that is the object a line invoices (BT-128). */
const INVOICED_OBJECT = '130';

export function ciiLine(line: ReadCursor): ReadLine {
  const product = line.one('ram:SpecifiedTradeProduct');
  const agreement = line.one('ram:SpecifiedLineTradeAgreement');
  const settlement = line.one('ram:SpecifiedLineTradeSettlement');
  const price = agreement?.one('ram:NetPriceProductTradePrice');
  const quantity = 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity';
  const object = settlement?.all('ram:AdditionalReferencedDocument').find((ref) => ref.text('ram:TypeCode') === INVOICED_OBJECT);
  const objectId = object?.text('ram:IssuerAssignedID');
  const period = settlement?.one('ram:BillingSpecifiedPeriod');
  return {
    notes: line.all('ram:AssociatedDocumentLineDocument/ram:IncludedNote').flatMap((note) => note.texts('ram:Content')),
    quantity: line.decimal(quantity),
    unitCode: line.attribute(quantity, 'unitCode'),
    price: price?.decimal('ram:ChargeAmount'),
    baseQuantity: price?.decimal('ram:BasisQuantity'),
    object: objectId === undefined ? undefined : { id: objectId, scheme: object?.text('ram:ReferenceTypeCode') },
    orderLine: agreement?.text('ram:BuyerOrderReferencedDocument/ram:LineID'),
    accountingCost: settlement?.text('ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID'),
    period: period && {
      start: period.date('ram:StartDateTime/udt:DateTimeString', ciiDate),
      end: period.date('ram:EndDateTime/udt:DateTimeString', ciiDate),
    },
    allowancesCharges: (settlement?.all('ram:SpecifiedTradeAllowanceCharge') ?? []).map(ciiAllowanceCharge),
    vat: ciiVat(settlement?.one('ram:ApplicableTradeTax')),
    name: product?.text('ram:Name'),
    description: product?.text('ram:Description'),
    sellerId: product?.text('ram:SellerAssignedID'),
    buyerId: product?.text('ram:BuyerAssignedID'),
    standardId: ciiId(product, 'ram:GlobalID'),
    classifications: (product?.all('ram:DesignatedProductClassification') ?? []).flatMap((classification): ReadId[] => {
      const code = classification.text('ram:ClassCode');
      return code === undefined ? [] : [{ id: code, scheme: classification.attribute('ram:ClassCode', 'listID') }];
    }),
    origin: product?.text('ram:OriginTradeCountry/ram:ID'),
    attributes: (product?.all('ram:ApplicableProductCharacteristic') ?? []).flatMap((characteristic) => {
      const [name, value] = [characteristic.text('ram:Description'), characteristic.text('ram:Value')];
      return name !== undefined && value !== undefined ? [{ name, value }] : [];
    }),
  };
}
