import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { objects, present, str } from '../../rules/values';
import { docTax, docTaxExt, hasExt, setExt } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';
import { K } from './extensions';
import { seriesAndCodeFaults } from './series';
import { supplierTaxIdFaults } from './bill';

export function normalizeSaftDelivery(doc: JsonObject): void {
  const tax = docTax(doc, true) as JsonObject;
  if (hasExt(tax, K.movementType)) return;
  const type = str(doc, 'type');
  if (hasTag(doc, 'return')) setExt(tax, K.movementType, 'GD');
  else if (type === 'note') setExt(tax, K.movementType, 'GR');
  else if (type === 'waybill') setExt(tax, K.movementType, 'GT');
}
const fd = faultMaker('GOBL-PT-SAFT-BILL-DELIVERY');

export function validateSaftDelivery(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const docType = docTaxExt(doc, K.movementType);
  if (docType === '') out.push(fd('01', `'${K.movementType}' is needed`, path));
  out.push(...seriesAndCodeFaults(doc, path, docType, fd, ['02', '03']));
  out.push(...supplierTaxIdFaults(doc, path, fd, ['04', '05']));
  if (!present(doc, 'despatch_date')) out.push(fd('06', 'a despatch date is needed', `${path}.despatch_date`));
  const preceding = objects(doc, 'preceding');
  if (preceding.length > 1) out.push(fd('07', 'at most one preceding document', `${path}.preceding`));
  preceding.forEach((ref, i) => {
    if (!present(ref, 'series')) out.push(fd('08', 'the preceding document needs a series', `${path}.preceding[${i}].series`));
    if (!present(ref, 'code')) out.push(fd('09', 'the preceding document needs a code', `${path}.preceding[${i}].code`));
  });
  return out;
}
