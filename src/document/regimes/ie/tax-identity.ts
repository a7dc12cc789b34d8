import { cleanTaxId } from '../../tax/identity-normalize';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

const CHECK_CHARS = 'WABCDEFGHIJKLMNOPQRSTUV';
const OLD_FORMAT = /^(\d)([A-Z+*])(\d{5})([A-Z])$/;
const NEW_FORMAT = /^(\d{7})([A-W])([AH]?)$/;

/** Irish VAT numbers, old (digit, letter or symbol, five digits, letter) and new (seven digits, one or two letters) layouts. */
export function irishVatValid(code: string): boolean {
  let m = OLD_FORMAT.exec(code);
  if (m) {
    const five = m[3];
    const sum = 7 * +five[0] + 6 * +five[1] + 5 * +five[2] + 4 * +five[3] + 3 * +five[4] + 2 * +m[1];
    return CHECK_CHARS[sum % 23] === m[4];
  }
  m = NEW_FORMAT.exec(code);
  if (m) {
    const seven = m[1];
    let sum = 0;
    for (let i = 0; i < 7; i++) sum += (8 - i) * Number(seven[i]);
    if (m[3] === 'A') sum += 9;
    else if (m[3] === 'H') sum += 72;
    return CHECK_CHARS[sum % 23] === m[2];
  }
  return false;
}

export const ieIdentity: TaxIdentityDef = {
  country: 'IE',
  normalize: cleanTaxId,
  check: (code) => failIf(irishVatValid(code), 'GOBL-IE-TAX-IDENTITY-01'),
};
