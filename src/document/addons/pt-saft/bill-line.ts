import type { Fault, JsonObject } from '../../base/types';
import { PT_SAFT_EXEMPTION_TEXTS } from './def';
import { faultMaker } from '../../rules/fault';
import { objects, str } from '../../rules/values';
import { getExt } from '../../tax/extensions';
import { K } from './extensions';
import { exemptionNotesValid, isExemptionNote } from './exemption-notes';
import { isZero, negative } from './bill';

/** A line with an exempt combo gets a legal note giving the reason, unless it has one already. */
export function normalizeSaftLine(line: JsonObject): void {
  for (const combo of objects(line, 'taxes')) {
    const code = getExt(combo, K.exemption);
    const notes = Array.isArray(line.notes) ? line.notes : [];
    if (code === '' || notes.some(isExemptionNote) || !PT_SAFT_EXEMPTION_TEXTS[code]) continue;
    line.notes = [...notes, { key: 'legal', src: K.exemption, code, text: PT_SAFT_EXEMPTION_TEXTS[code] }];
  }
}
const fl = faultMaker('GOBL-PT-SAFT-BILL-LINE');

export function validateSaftLine(line: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const quantity = line.quantity;
  if (typeof quantity === 'string' && (negative(quantity) || isZero(quantity)))
    out.push(fl('01', 'the quantity must be positive', `${path}.quantity`));
  if (negative(line.sum)) out.push(fl('02', 'the sum cannot be negative', `${path}.sum`));
  if (negative(line.total)) out.push(fl('03', 'the total cannot be negative', `${path}.total`));
  objects(line, 'discounts').forEach((d, i) => {
    if (negative(d.amount)) out.push(fl('04', 'a discount cannot be negative', `${path}.discounts[${i}].amount`));
  });
  const vat = objects(line, 'taxes').find((c) => str(c, 'cat') === 'VAT');
  if (!exemptionNotesValid(line.notes, getExt(vat, K.exemption))) out.push(fl('05', 'the exemption notes are not valid', path));
  return out;
}
