import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { getExt, hasExt, setExtIfEmpty } from '../../tax/extensions';
import { extensionValid, K, validCode } from './extensions';

/** Regimes whose issuers use CSOSN codes (Simples Nacional, MEI), and those that use CST codes. */
export const SIMPLES_REGIMES = ['1', '4'];
export const NORMAL_REGIMES = ['2', '3'];
/** Fuel CSTs a Simples Nacional issuer may still use. */
export const FUEL_CST = ['02', '15', '53', '61'];
/** Situation codes that carry no tax: their combo percent must be zero. */
const NO_VALUE_CSOSN = ['102', '103', '202', '203', '300', '400', '500'];
const NO_VALUE_CST = ['40', '41', '50', '60'];
const NO_VALUE_PIS_COFINS = ['04', '05', '06', '07', '08', '09'];

/** ICMS gets CST 00 (unless it has a CSOSN) and national origin; PIS and COFINS get CST 01. */
export function normalizeNfeCombo(combo: JsonObject): void {
  switch (str(combo, 'cat')) {
    case 'ICMS':
      if (!hasExt(combo, K.icmsCsosn)) setExtIfEmpty(combo, K.icmsCst, '00');
      setExtIfEmpty(combo, K.icmsOrigin, '0');
      break;
    case 'PIS':
      setExtIfEmpty(combo, K.pisCst, '01');
      break;
    case 'COFINS':
      setExtIfEmpty(combo, K.cofinsCst, '01');
      break;
    default:
  }
}
const fc = faultMaker('GOBL-BR-NFE-TAX-COMBO');

/** A non-zero percent, as GOBL's equality to zero sees it (an absent or empty percent passes). */
function nonZeroPercent(combo: JsonObject): boolean {
  const p = combo.percent;
  return typeof p === 'string' && /[1-9]/.test(p);
}

/** PIS and COFINS are checked alike, each in its own CST extension and under its own fault codes. */
function contributionFaults(
  combo: JsonObject,
  path: string,
  tax: 'PIS' | 'COFINS',
  cstKey: string,
  codes: { missing: string; valid: string; zero: string },
): Fault[] {
  const out: Fault[] = [];
  const ext = `${path}.ext`;
  if (!hasExt(combo, cstKey)) out.push(fc(codes.missing, `${tax} needs '${cstKey}'`, ext));
  if (!extensionValid(combo, cstKey)) out.push(fc(codes.valid, validCode(cstKey), ext));
  if (NO_VALUE_PIS_COFINS.includes(getExt(combo, cstKey)) && nonZeroPercent(combo)) {
    out.push(fc(codes.zero, `${tax} CST 04 to 09 carry no ${tax}: the percent must be zero`, `${path}.percent`));
  }
  return out;
}

export function validateNfeCombo(combo: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const ext = `${path}.ext`;
  const percent = `${path}.percent`;
  switch (str(combo, 'cat')) {
    case 'ICMS': {
      const cst = getExt(combo, K.icmsCst);
      const csosn = getExt(combo, K.icmsCsosn);
      if (cst === '' && csosn === '') out.push(fc('01', `ICMS needs '${K.icmsCst}' or '${K.icmsCsosn}'`, ext));
      if (!hasExt(combo, K.icmsOrigin)) out.push(fc('02', `ICMS needs '${K.icmsOrigin}'`, ext));
      if (cst !== '' && csosn !== '') out.push(fc('05', `ICMS takes '${K.icmsCst}' or '${K.icmsCsosn}', not both`, ext));
      if (!extensionValid(combo, K.icmsCst)) out.push(fc('10', validCode(K.icmsCst), ext));
      if (!extensionValid(combo, K.icmsCsosn)) out.push(fc('11', validCode(K.icmsCsosn), ext));
      if (!extensionValid(combo, K.icmsOrigin)) out.push(fc('12', validCode(K.icmsOrigin), ext));
      if (NO_VALUE_CSOSN.includes(csosn) && nonZeroPercent(combo)) {
        out.push(fc('06', 'CSOSN 102, 103, 202, 203, 300, 400 and 500 carry no ICMS: the percent must be zero', percent));
      }
      if (NO_VALUE_CST.includes(cst) && nonZeroPercent(combo)) {
        out.push(fc('07', 'CST 40, 41, 50 and 60 carry no ICMS: the percent must be zero', percent));
      }
      break;
    }
    case 'PIS':
      out.push(...contributionFaults(combo, path, 'PIS', K.pisCst, { missing: '03', valid: '13', zero: '08' }));
      break;
    case 'COFINS':
      out.push(...contributionFaults(combo, path, 'COFINS', K.cofinsCst, { missing: '04', valid: '14', zero: '09' }));
      break;
    default:
  }
  return out;
}
