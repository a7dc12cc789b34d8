import { UNTDID } from '../../document/addons/eu-en16931';
import type { JsonObject } from '../../document';
import { Amount } from '../../document/num';
import { compact, schemedIdentity } from './read-party';
import type { ReadAllowanceCharge, ReadLine, ReadPeriod, ReadVat } from './read-terms';
import { goblUnit, taxCombo } from './reverse-codes';

/** GOBL's lines, discounts and charges made of a received document's terms, for UBL and CII alike. */

/** The VATEX code (BT-121) each exempt category of the VAT breakdown gives, by category. */
export type Exemptions = ReadonlyMap<string, string>;

/** The scheme of an invoiced object's identifier (BT-18, BT-128): UNTDID 1153, as GOBL's converters keep it. */
export const REFERENCE_SCHEME = 'untdid-reference';

/** A percentage as GOBL writes one. */
const percentOf = (value: string | undefined): string | undefined => (value === undefined ? undefined : `${value}%`);

/** A VAT category and rate as a tax set of one combo, its exemption code taken from the breakdown. */
export function taxesOf(vat: ReadVat | undefined, exemptions: Exemptions): JsonObject[] | undefined {
  if (!vat || (vat.category === undefined && vat.percent === undefined)) return undefined;
  return [taxCombo(vat.category, vat.percent, vat.category ? exemptions.get(vat.category) : undefined)];
}

/** A period (BG-14, BG-26): GOBL asks for both ends, so a period of one end is given as it is, for GOBL to judge. */
export const goblPeriod = (period: ReadPeriod | undefined): JsonObject | undefined =>
  period && (period.start || period.end) ? compact({ start: period.start, end: period.end }) : undefined;

/**
 * An allowance or charge as GOBL's discount or charge: amount, percentage and base as the document states them (GOBL
 * calculates the amount again from a percentage), the reason and its code as the addon's extension, and on the
 * document level its VAT.
 */
export function goblAdjustment(read: ReadAllowanceCharge, exemptions?: Exemptions): JsonObject {
  const codeKey = read.charge ? UNTDID.charge : UNTDID.allowance;
  return compact({
    reason: read.reason,
    base: read.percent === undefined ? undefined : read.base,
    percent: percentOf(read.percent),
    amount: read.amount,
    taxes: exemptions ? taxesOf(read.vat, exemptions) : undefined,
    ext: read.reasonCode ? { [codeKey]: read.reasonCode } : undefined,
  });
}

/** The discounts and the charges of a list of allowances and charges, each in the order the document gives them. */
export function adjustmentsOf(list: ReadAllowanceCharge[], exemptions?: Exemptions): { discounts: JsonObject[]; charges: JsonObject[] } {
  return {
    discounts: list.filter((read) => !read.charge).map((read) => goblAdjustment(read, exemptions)),
    charges: list.filter((read) => read.charge).map((read) => goblAdjustment(read, exemptions)),
  };
}

/** Decimals a price keeps beyond its own and its base quantity's digits, so that lines sum as EN 16931 sums them. */
const PRICE_EXTRA_DECIMALS = 4;

/**
 * The price of one unit: GOBL has no base quantity (BT-149), so a price stated for several units is divided by
 * them, keeping enough decimals that quantity times price rounds as the document's line amount does.
 */
export function unitPrice(price: string | undefined, baseQuantity: string | undefined): string | undefined {
  if (price === undefined || baseQuantity === undefined) return price;
  const base = Amount.parse(baseQuantity);
  const one = Amount.make(1);
  if (base.isZero() || base.equals(one)) return price;
  const amount = Amount.parse(price);
  const digits = base.abs().rescale(0).toString().length;
  const divided = amount
    .rescale(amount.exp + digits + PRICE_EXTRA_DECIMALS)
    .divide(base)
    .toString();
  // Trailing zeros beyond the price's own decimals say nothing.
  const [whole, decimals = ''] = divided.split('.');
  const kept = decimals.replace(/0+$/, '').padEnd(amount.exp, '0');
  return kept === '' ? whole : `${whole}.${kept}`;
}

/** The item's identities: its standard identifier (BT-157), its classifications (BT-158) and the buyer's own (BT-156). */
function itemIdentities(line: ReadLine): JsonObject[] {
  return [
    ...(line.standardId ? [schemedIdentity(line.standardId)] : []),
    ...line.classifications.map((id) => compact({ label: id.scheme, code: id.id })),
    ...(line.buyerId ? [{ label: 'buyer', code: line.buyerId }] : []),
  ];
}

/** An item attribute's name (BT-160) as a GOBL meta key: lower case, words joined by hyphens. */
const metaKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

function itemMeta(line: ReadLine): JsonObject | undefined {
  const entries = line.attributes.map(({ name, value }) => [metaKey(name), value] as const).filter(([key]) => key !== '');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** A line (BG-25) as GOBL's line: its quantity, its item with the unit price and unit, its adjustments and its VAT. */
export function goblLine(line: ReadLine, exemptions: Exemptions): JsonObject {
  const item = compact({
    ref: line.sellerId,
    name: line.name,
    identities: itemIdentities(line),
    description: line.description,
    price: unitPrice(line.price, line.baseQuantity),
    unit: line.unitCode ? goblUnit(line.unitCode) : undefined,
    origin: line.origin,
    meta: itemMeta(line),
  });
  const { discounts, charges } = adjustmentsOf(line.allowancesCharges);
  return compact({
    quantity: line.quantity,
    identifier: line.object
      ? compact({ code: line.object.id, ext: line.object.scheme ? { [REFERENCE_SCHEME]: line.object.scheme } : undefined })
      : undefined,
    period: goblPeriod(line.period),
    order: line.orderLine,
    cost: line.accountingCost,
    item,
    discounts,
    charges,
    taxes: taxesOf(line.vat, exemptions),
    notes: line.notes.map((text) => ({ text })),
  });
}
