import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { objects, str } from '../../rules/values';
import { CodeMap, deleteExt, extMap, getExt, setExt, setExtOneOf } from '../../tax/extensions';
import { K, REGION } from './extensions';

const RATE_CODES: CodeMap = { reduced: 'RED', intermediate: 'INT', general: 'NOR', other: 'OUT' };

const REVERSE_CHARGE = ['M30', 'M31', 'M32', 'M33', 'M40', 'M41', 'M42', 'M43'];
const EXPORT = ['M05', 'M04'];
const OUTSIDE_SCOPE = ['M99', 'M44', 'M45', 'M46'];
const EXEMPT = ['M01', 'M02', 'M03', 'M06', 'M07', 'M09', 'M10', 'M11', 'M12', 'M13', 'M14', 'M15', 'M19', 'M20', 'M21', 'M25', 'M26'];

/** The tax key an exemption code implies, for combos without a key (or with the older, generic `exempt`). */
function keyFromExemption(combo: JsonObject): void {
  const key = str(combo, 'key');
  if (key !== '' && key !== 'exempt') return;
  const code = getExt(combo, K.exemption);
  if (REVERSE_CHARGE.includes(code)) combo.key = 'reverse-charge';
  else if (EXPORT.includes(code)) combo.key = 'export';
  else if (code === 'M16') combo.key = 'intra-community';
  else if (OUTSIDE_SCOPE.includes(code)) combo.key = 'outside-scope';
  else if (EXEMPT.includes(code)) combo.key = 'exempt';
  else if (key === '') combo.key = 'standard';
}

/** The rate a SAF-T tax rate code stands for, for combos without a rate. */
function rateFromCode(combo: JsonObject): void {
  if (str(combo, 'rate') !== '') return;
  const code = getExt(combo, K.taxRate);
  const rate = Object.keys(RATE_CODES).find((r) => RATE_CODES[r] === code);
  if (rate) combo.rate = rate;
}

export function normalizeSaftCombo(combo: JsonObject): void {
  if (str(combo, 'cat') !== 'VAT') return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'PT') {
    setExt(combo, K.taxRate, 'OUT');
    return;
  }
  keyFromExemption(combo);
  rateFromCode(combo);
  const exempt = (exemption: string, keep: string[]) => {
    setExt(combo, K.taxRate, 'ISE');
    setExtOneOf(combo, K.exemption, exemption, keep);
  };
  switch (str(combo, 'key')) {
    case 'standard': {
      const code = RATE_CODES[str(combo, 'rate')];
      if (code) {
        deleteExt(combo, K.exemption);
        setExt(combo, K.taxRate, code);
      }
      break;
    }
    case 'reverse-charge':
      exempt('M40', REVERSE_CHARGE);
      break;
    case 'outside-scope':
      exempt('M99', OUTSIDE_SCOPE);
      break;
    case 'intra-community':
      exempt('M16', []);
      break;
    case 'export':
      exempt('M05', EXPORT);
      break;
    case 'exempt':
    case 'zero':
      exempt('M07', EXEMPT);
      break;
    default:
  }
}
const fc = faultMaker('GOBL-PT-SAFT-TAX-COMBO');
const fct = faultMaker('GOBL-PT-SAFT-TAX-CATEGORYTOTAL');
const fn = faultMaker('GOBL-PT-SAFT-TAX-NOTE');

function rateExtFaults(ext: CodeMap, at: string, f: (c: string, m: string, p: string) => Fault): Fault[] {
  const out: Fault[] = [];
  if (!ext[REGION] || !ext[K.taxRate]) out.push(f('01', `'${REGION}' and '${K.taxRate}' are needed`, at));
  if (ext[K.taxRate] === 'ISE' && !ext[K.exemption]) out.push(f('02', `'${K.exemption}' is needed for exempt rates`, at));
  return out;
}

export function validateSaftCombo(combo: JsonObject, path: string): Fault[] {
  return str(combo, 'cat') === 'VAT' ? rateExtFaults(extMap(combo), `${path}.ext`, fc) : [];
}

/** Every rate of a VAT total carries the region and SAF-T rate; retentions (IRS, IRC) need neither. */
export function validateSaftCategoryTotal(total: JsonObject, path: string): Fault[] {
  if (str(total, 'code') !== 'VAT') return [];
  return objects(total, 'rates').flatMap((rate, j) => rateExtFaults(extMap(rate), `${path}.rates[${j}].ext`, fct));
}

/** A note on a withholding (IRS or IRC) fits SAF-T's 60 characters. */
export function validateSaftTaxNote(note: JsonObject, path: string): Fault[] {
  if (!['IRS', 'IRC'].includes(str(note, 'cat'))) return [];
  return [...str(note, 'text')].length > 60 ? [fn('02', 'the length must be at most 60', `${path}.text`)] : [];
}
