import type { JsonObject } from '../../document';
import { UNTDID } from '../../document/addons/eu-en16931';
import { VAT_CATEGORY_BY_KEY } from '../../document/addons/eu-en16931/tax-combo';
import { objects, str } from '../../document/rules/values';
import { getExt } from '../../document/tax/extensions';

/**
 * GOBL's units and their UN/ECE Recommendation 20 and 21 codes (the codes EN 16931 takes for a quantity's unit): every
 * unit of GOBL's list that has one. GOBL's few units that have none (`portion`, `6pack`, `tetrabrik`) are written as
 * mutually defined (ZZ) by `unitCode`, and stay out of this table so that a ZZ read back stays ZZ.
 */
export const UNIT_CODES: Readonly<Record<string, string>> = {
  mg: 'MGM',
  cg: 'CGM',
  g: 'GRM',
  kg: 'KGM',
  t: 'TNE',
  mm: 'MMT',
  cm: 'CMT',
  dm: 'DMT',
  m: 'MTR',
  lm: 'LM',
  km: 'KMT',
  in: 'INH',
  ft: 'FOT',
  lft: 'LF',
  mm2: 'MMK',
  cm2: 'CMK',
  dm2: 'DMK',
  m2: 'MTK',
  ac: 'ACR',
  ha: 'HAR',
  mm3: 'MMQ',
  cm3: 'CMQ',
  dm3: 'DMQ',
  m3: 'MTQ',
  ml: 'MLT',
  cl: 'CLT',
  dl: 'DLT',
  l: 'LTR',
  kl: 'K6',
  w: 'WTT',
  kw: 'KWT',
  kwh: 'KWH',
  rate: 'A9',
  yr: 'ANN',
  mon: 'MON',
  wk: 'WEE',
  day: 'DAY',
  s: 'SEC',
  h: 'HUR',
  min: 'MIN',
  piece: 'H87',
  item: 'EA',
  pair: 'PR',
  dozen: 'DZN',
  assortment: 'AS',
  service: 'E48',
  job: 'E51',
  activity: 'ACT',
  trip: 'E54',
  group: '10',
  outfit: '11',
  kit: 'KT',
  basebox: 'BB',
  pk: 'AB',
  one: 'C62',
  bag: 'XBG',
  box: 'XBX',
  bin: 'XBI',
  can: 'XCA',
  tub: 'XTB',
  case: 'XCS',
  tray: 'XDS',
  set: 'SET',
  roll: 'XRO',
  carton: 'XCT',
  cylinder: 'XCY',
  barrel: 'XBA',
  jerrican: 'XJY',
  carboy: 'XCO',
  demijohn: 'XDJ',
  bottle: 'XBO',
  canister: 'XCI',
  pkg: 'XPK',
  pkt: 'XPA',
  bunch: 'XBH',
  bdl: 'XBE',
  blk: 'XOK',
  pallet: 'XPX',
  reel: 'XRL',
  sack: 'XSA',
  sheet: 'XST',
  envelope: 'XEN',
  lot: 'XLT',
  unit: 'XUN',
};

/**
 * A unit's UN/ECE code: GOBL's own units by their key; a UN/ECE code itself as it is (GOBL accepts one); mutually
 * defined (ZZ) for GOBL's units that have no code, as a unit code is required (BT-130) and must be one of the lists.
 */
export const unitCode = (unit: string): string =>
  unit === '' ? 'C62' : (UNIT_CODES[unit] ?? (/^[A-Z0-9]{2,3}$/.test(unit) ? unit : 'ZZ'));

/** A VAT identifier as EN 16931 writes it: the country's prefix (Greece's is EL), then the code. */
export function vatIdentifier(country: string, code: string): string {
  const prefix = country === 'GR' ? 'EL' : country;
  return code.toUpperCase().startsWith(prefix) ? code : `${prefix}${code}`;
}

/** A GOBL percentage (`19%`, `7.5%`) as the number EN 16931 writes (`19`, `7.5`). */
export const percentNumber = (percent: string): string => percent.replace(/%$/, '').trim();

/** The UNTDID 5305 category of a VAT combo or rate: the addon's code, else the one its key stands for. */
export const categoryOf = (node: JsonObject | undefined): string =>
  getExt(node, UNTDID.taxCategory) || VAT_CATEGORY_BY_KEY[str(node, 'key') || 'standard'] || '';

/** The VAT combo of a line, a discount or a charge (the only tax EN 16931 writes there). */
export const vatCombo = (node: JsonObject | undefined): JsonObject | undefined =>
  objects(node, 'taxes').find((combo) => str(combo, 'cat') === 'VAT');

/** The CEF Electronic Address Scheme codes EN 16931 accepts for an electronic address's scheme (BR-CL-25). */
export const EAS_CODES: ReadonlySet<string> = new Set(
  (
    '0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 0188 0190 0191 ' +
    '0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 0213 0215 0216 0217 0218 ' +
    '0219 0220 0221 0225 0230 0235 0240 0242 0244 0245 0246 0248 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 ' +
    '9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 ' +
    '9949 9950 9951 9952 9953 9957 9959 AN AQ AS AU EM'
  ).split(' '),
);

/** The EAS code of a country's VAT number, where the list has one: a VAT number is then also an electronic address. */
const VAT_EAS: Record<string, string> = Object.fromEntries(
  (
    'AD:9922 AL:9923 AT:9914 BA:9924 BE:9925 BG:9926 CH:9927 CY:9928 CZ:9929 DE:9930 EE:9931 ES:9920 FI:0213 FR:9957 ' +
    'GB:9932 GR:9933 HR:9934 HU:9910 IE:9935 IT:0211 LI:9936 LT:9937 LU:9938 LV:9939 MC:9940 ME:9941 MK:9942 MT:9943 ' +
    'NL:9944 PL:9945 PT:9946 RO:9947 RS:9948 SI:9949 SK:9950 SM:9951 TR:9952 VA:9953'
  )
    .split(' ')
    .map((pair) => pair.split(':')),
);

/** The EAS code under which a country's VAT number is an electronic address, or '' where there is none. */
export const vatEasScheme = (country: string): string => VAT_EAS[country] ?? '';
