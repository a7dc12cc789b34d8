import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { inEU } from '../../tax/eu-members';
import { type ExtByKey, getExt, hasExt, setExt, setExtByKey } from '../../tax/extensions';
import { K } from './extensions';

const RETAINED_CATEGORIES = ['IRPEF', 'IRES', 'INPS', 'ENPAM', 'ENASARCO', 'CP'];
const REVERSE_CHARGE = ['N6.9', 'N6.1', 'N6.2', 'N6.3', 'N6.4', 'N6.5', 'N6.6', 'N6.7', 'N6.8'];

function comboKeyFromExempt(combo: JsonObject): void {
  const key = str(combo, 'key');
  if (key !== '' && key !== 'exempt') return;
  const code = getExt(combo, K.exempt);
  if (code === 'N1') {
    combo.percent = '0%';
    combo.key = 'zero';
  } else if (['N2.1', 'N2.2', 'N7'].includes(code)) combo.key = 'outside-scope';
  else if (['N3.1', 'N3.3', 'N3.4', 'N3.5'].includes(code)) combo.key = 'export';
  else if (['N3.2', 'N3.6'].includes(code)) combo.key = 'intra-community';
  else if (['N4', 'N5'].includes(code)) combo.key = 'exempt';
  else if (REVERSE_CHARGE.includes(code)) combo.key = 'reverse-charge';
  else if (code === '' && key === '') combo.key = 'standard';
}

/** The nature code (`natura`) each combo key gives. */
const EXEMPT_BY_KEY: ExtByKey = {
  standard: 'delete',
  zero: { code: 'N1' },
  'outside-scope': { code: 'N2.1', keep: ['N2.2', 'N7'] },
  export: { code: 'N3.1', keep: ['N3.3', 'N3.4', 'N3.5'] },
  'intra-community': { code: 'N3.2', keep: ['N3.6'] },
  exempt: { code: 'N4', keep: ['N5'] },
  'reverse-charge': { code: REVERSE_CHARGE[0], keep: REVERSE_CHARGE.slice(1) },
};

export function normalizeSdiCombo(combo: JsonObject): void {
  if (str(combo, 'cat') !== 'VAT') return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'IT') {
    setExt(combo, K.exempt, inEU(country) ? 'N7' : 'N2.1');
    return;
  }
  comboKeyFromExempt(combo);
  setExtByKey(combo, K.exempt, str(combo, 'key'), EXEMPT_BY_KEY);
}
const fc = faultMaker('GOBL-IT-SDI-TAX-COMBO');

export function validateSdiCombo(combo: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const cat = str(combo, 'cat');
  if (cat === 'VAT' && (combo.percent === undefined || combo.percent === null) && !hasExt(combo, K.exempt)) {
    out.push(fc('01', `'${K.exempt}' is needed without a percent`, `${path}.ext`));
  }
  if (RETAINED_CATEGORIES.includes(cat) && !hasExt(combo, K.retained)) out.push(fc('02', `'${K.retained}' is needed`, `${path}.ext`));
  return out;
}
