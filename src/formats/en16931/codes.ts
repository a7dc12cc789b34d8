import type { JsonObject } from '../../document';
import { UNTDID } from '../../document/addons/eu-en16931';
import { VAT_CATEGORY_BY_KEY } from '../../document/addons/eu-en16931/tax-combo';
import { objects, str } from '../../document/rules/values';
import { getExt } from '../../document/tax/extensions';

/** GOBL's units and their UN/ECE Recommendation 20 and 21 codes (the codes EN 16931 takes for a quantity's unit). */
const UNIT_CODES: Record<string, string> = {
  one: 'C62',
  g: 'GRM',
  kg: 'KGM',
  t: 'TNE',
  mm: 'MMT',
  cm: 'CMT',
  m: 'MTR',
  km: 'KMT',
  in: 'INH',
  ft: 'FOT',
  m2: 'MTK',
  m3: 'MTQ',
  cl: 'CLT',
  l: 'LTR',
  w: 'WTT',
  kw: 'KWT',
  kwh: 'KWH',
  day: 'DAY',
  s: 'SEC',
  h: 'HUR',
  min: 'MIN',
  piece: 'H87',
  item: 'EA',
  service: 'E48',
  activity: 'ACT',
  bag: 'XBG',
  box: 'XBX',
  bin: 'XBI',
  can: 'XCA',
  tub: 'XTB',
  case: 'XCS',
  tray: 'XDS',
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
  bunch: 'XBH',
  pallet: 'XPX',
  reel: 'XRL',
  sack: 'XSA',
  sheet: 'XST',
  envelope: 'XEN',
};

/** A unit's UN/ECE code: GOBL's own units by their key; any other is a UN/ECE code itself (GOBL refuses a unit that is neither). */
export const unitCode = (unit: string): string => (unit === '' ? 'C62' : (UNIT_CODES[unit] ?? unit));

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
