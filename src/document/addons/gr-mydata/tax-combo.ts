import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { inEU } from '../../tax/eu-members';
import { deleteExt, extMap, getExt, setExt, setExtOneOf } from '../../tax/extensions';
import { EXEMPT_RATE, K } from './extensions';

const VAT_RATES: Record<string, string> = {
  general: '1',
  reduced: '2',
  'super-reduced': '3',
  'general+island': '4',
  'reduced+island': '5',
  'super-reduced+island': '6',
};

const OUTSIDE_SCOPE = ['1', '2', '3', '4', '24', '29', '30', '31'];
const EXEMPT = ['7', '5', '6', '9', '10', '11', '12', '13', '15', '17', '18', '19', '20', '21', '22', '23', '25', '26', '27'];
const EXPORT = ['8', '28'];

function comboKeyFromExemption(code: string): string {
  if (OUTSIDE_SCOPE.includes(code)) return 'outside-scope';
  if (EXEMPT.includes(code)) return 'exempt';
  if (EXPORT.includes(code)) return 'export';
  if (code === '14') return 'intra-community';
  if (code === '16') return 'reverse-charge';
  return 'standard';
}

export function normalizeMydataCombo(combo: JsonObject): void {
  if (str(combo, 'cat') !== 'VAT') return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'EL') {
    setExt(combo, K.exemption, inEU(country) ? '30' : '29');
    setExt(combo, K.vatRate, EXEMPT_RATE);
    combo.key = 'outside-scope';
    return;
  }
  if (str(combo, 'key') === '') combo.key = comboKeyFromExemption(getExt(combo, K.exemption));
  switch (str(combo, 'key')) {
    case 'standard':
    case 'zero': {
      const code = VAT_RATES[str(combo, 'rate')];
      if (code) setExt(combo, K.vatRate, code);
      deleteExt(combo, K.exemption);
      break;
    }
    case 'outside-scope':
      setExtOneOf(combo, K.exemption, OUTSIDE_SCOPE[0], OUTSIDE_SCOPE.slice(1));
      setExt(combo, K.vatRate, EXEMPT_RATE);
      break;
    case 'exempt':
      setExtOneOf(combo, K.exemption, EXEMPT[0], EXEMPT.slice(1));
      setExt(combo, K.vatRate, EXEMPT_RATE);
      break;
    case 'export':
      setExtOneOf(combo, K.exemption, '8', ['28']);
      setExt(combo, K.vatRate, EXEMPT_RATE);
      break;
    case 'intra-community':
      setExt(combo, K.exemption, '14');
      setExt(combo, K.vatRate, EXEMPT_RATE);
      break;
    case 'reverse-charge':
      setExt(combo, K.exemption, '16');
      setExt(combo, K.vatRate, EXEMPT_RATE);
      break;
  }
}
const fc = faultMaker('GOBL-GR-MYDATA-TAX-COMBO');

export function validateMydataCombo(combo: JsonObject, path: string): Fault[] {
  if (str(combo, 'cat') !== 'VAT') return [];
  const out: Fault[] = [];
  const ext = extMap(combo);
  const at = `${path}.ext`;
  if (!ext[K.vatRate]) out.push(fc('01', `'${K.vatRate}' is needed`, at));
  if ((combo.percent === undefined || combo.percent === null) && !ext[K.exemption]) out.push(fc('02', `'${K.exemption}' is needed`, at));
  if ((ext[K.incomeCat] || ext[K.incomeType]) && !(ext[K.incomeCat] && ext[K.incomeType])) {
    out.push(fc('03', `'${K.incomeCat}' and '${K.incomeType}' go together`, at));
  }
  return out;
}
