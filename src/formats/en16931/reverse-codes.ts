import { UNTDID, VATEX } from '../../document/addons/eu-en16931';
import { EU_EN16931_V2017 } from '../../document/addons/eu-en16931/def';
import { EN16931_NOTE_SUBJECTS } from '../../document/addons/eu-en16931/key-codes';
import { EN16931_PAYMENT_MEANS } from '../../document/addons/eu-en16931/pay';
import { EXEMPT_CATEGORIES, keyForCategory } from '../../document/addons/eu-en16931/tax-combo';
import type { JsonObject } from '../../document';
import { UNIT_CODES } from './codes';

/**
 * EN 16931's codes read back into GOBL's keys: each table is the reverse of the one GOBL's addon eu-en16931-v2017
 * (or the writer) codes them with, so that a document read and calculated again carries the codes it was sent with.
 */

const invert = (table: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(table).map(([key, code]) => [code, key]));

/** A GOBL invoice type, and the tags that tell apart the codes one type has (389 is a self-billed standard invoice). */
export interface InvoiceKind {
  type: string;
  tags: string[];
}

/** The addon's scenarios read backwards: each UNTDID 1001 code it sets, and the type and tags it sets it for. */
const KINDS: Record<string, InvoiceKind> = Object.fromEntries(
  EU_EN16931_V2017.scenarios!.filter((s) => s.schema === 'bill/invoice' && s.ext?.[UNTDID.documentType] && s.types?.length === 1).map(
    (s) => [s.ext![UNTDID.documentType], { type: s.types![0], tags: s.tags ?? [] }],
  ),
);

/**
 * The GOBL type of a UNTDID 1001 document type (BT-3). A commercial invoice (380) and a tax invoice (388) are both
 * GOBL's standard invoice, as GOBL's converters read them; a code GOBL has no type for is `other`, which keeps the code
 * as it was sent (the addon's scenarios leave the document type of an `other` invoice alone).
 */
export function invoiceKind(code: string | undefined): InvoiceKind {
  if (code === undefined) return { type: 'standard', tags: [] };
  return KINDS[code] ?? (code === '388' ? { type: 'standard', tags: [] } : { type: 'other', tags: [] });
}

const MEANS_KEYS = invert(EN16931_PAYMENT_MEANS);

/**
 * GOBL's payment means key for a UNTDID 4461 code (BT-81). A code the addon has no key for is `other`: GOBL then
 * keeps the code given with it rather than one of its key's.
 */
export const paymentMeansKey = (code: string): string => MEANS_KEYS[code] ?? 'other';

const UNITS = invert(UNIT_CODES);

/** A UN/ECE Recommendation 20 or 21 code (BT-130) as GOBL's unit: its own name for it, else the code itself. */
export const goblUnit = (code: string): string => UNITS[code] ?? code;

const NOTE_KEYS = invert(EN16931_NOTE_SUBJECTS);

/** GOBL's note key for a UNTDID 4451 text subject (BT-21), where it has one. */
export const noteKey = (subject: string): string | undefined => NOTE_KEYS[subject];

/** The VAT point date codes (BT-8): UBL takes UNTDID 2005, CII UNTDID 2475. */
export const TAX_POINT_UBL: Readonly<Record<string, string>> = { '3': 'issue', '35': 'delivery', '432': 'payment' };
export const TAX_POINT_CII: Readonly<Record<string, string>> = { '5': 'issue', '29': 'delivery', '72': 'payment' };

/** GOBL's other taxes that EN 16931 writes as VAT categories: the Canary Islands' IGIC (L), Ceuta and Melilla's IPSI (M). */
const OTHER_TAXES: Record<string, string> = { L: 'IGIC', M: 'IPSI' };

/**
 * A VAT category (UNTDID 5305) and rate as GOBL's tax combo: its key (the addon's, which then sets the same code
 * again), the rate where the key takes one, the category code, and the exemption's VATEX code (BT-121) where the
 * category is an exempt one. A category GOBL has no key for is kept as a code alone, for the engine to judge.
 */
export function taxCombo(category: string | undefined, percent: string | undefined, exemption?: string): JsonObject {
  const rated = (combo: JsonObject): JsonObject => (percent === undefined ? combo : { ...combo, percent: `${percent}%` });
  if (category === undefined) return rated({ cat: 'VAT' });
  if (OTHER_TAXES[category]) return rated({ cat: OTHER_TAXES[category] });
  const key = keyForCategory(category);
  const exempt = EXEMPT_CATEGORIES.includes(category);
  const ext = { [UNTDID.taxCategory]: category, ...(exempt && exemption ? { [VATEX]: exemption.toUpperCase() } : {}) };
  const combo: JsonObject = key ? { cat: 'VAT', key, ext } : { cat: 'VAT', ext };
  // GOBL's exempt keys take no rate (the engine would drop one), where EN 16931 writes 0.
  return exempt ? combo : rated(combo);
}
