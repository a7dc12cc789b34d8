/** Invoice, order and delivery lines; line and document discounts and charges. */
import type { Regime } from '../../src/document/tax/regime-def';
import type { JsonObject } from '../../src/document/base/types';
import type { Random } from './random';
import { lineTaxes } from './taxes';

const ITEMS = [
  'Development services',
  'Promo mugs',
  'Consulting hour',
  'Café con leche',
  'Widget «Pro»',
  'Cloud hosting',
  'Paper A4',
  'Training day',
];
const UNITS = ['h', 'item', 'kg', 'day', 'l', 'm', 'MTQ', 'unit'];
const REASONS = ['Loyalty', 'Volume', 'Promotion', 'Delivery', 'Packaging'];

/** A quantity with 0 to 6 decimals; rarely negative (a return line). */
export function quantity(rng: Random): string {
  const q = rng.pick([() => String(rng.int(1, 50)), () => rng.decimal(2, rng.int(1, 4)), () => rng.decimal(1, rng.int(2, 6))])();
  if (Number(q) === 0) return '1';
  return rng.chance(0.03) ? `-${q}` : q;
}

export function price(rng: Random): string {
  return rng.pick([() => rng.decimal(3, 2), () => rng.decimal(2, rng.int(2, 6)), () => `${rng.int(1, 5000)}`, () => rng.decimal(4, 2)])();
}

function percent(rng: Random): string {
  return rng.pick(['10%', '5%', '2.5%', '12.75%', '50%', '0.5%', '3.125%']);
}

/** A line discount or charge: a percent, an amount, or both (GOBL recalculates the amount). */
function adjustment(rng: Random): JsonObject {
  const out: JsonObject = {};
  if (rng.chance(0.55)) out.percent = percent(rng);
  else out.amount = rng.decimal(2, 2);
  if (rng.chance(0.6)) out.reason = rng.pick(REASONS);
  if (rng.chance(0.15)) out.code = rng.chars('ABC0123', 3);
  return out;
}

export interface LineOptions {
  regime?: Regime;
  /** The document's issue date: rates are chosen among those in force then. */
  date: string;
  retained: boolean;
  /** Lines without taxes (orders and deliveries may leave them out). */
  untaxed?: boolean;
}

export function line(rng: Random, opts: LineOptions): JsonObject {
  const item: JsonObject = { name: rng.pick(ITEMS), price: price(rng) };
  if (rng.chance(0.3)) item.unit = rng.pick(UNITS);
  if (rng.chance(0.2)) item.ref = `REF-${rng.int(100, 999)}`;
  if (rng.chance(0.05)) item.description = 'A longer description of the item.';
  // Indian items name their HSN code.
  if (opts.regime?.country === 'IN') item.identities = [{ type: 'HSN', code: rng.chars('0123456789', rng.pick([4, 6, 8])) }];
  const l: JsonObject = { quantity: quantity(rng), item };
  if (rng.chance(0.15)) l.discounts = [adjustment(rng)];
  if (rng.chance(0.08)) l.charges = [adjustment(rng)];
  if (rng.chance(0.05)) l.notes = [{ text: 'Line note' }];
  if (opts.regime && !opts.untaxed) {
    const taxes = lineTaxes(rng, opts.regime, opts.date, opts.retained);
    if (taxes.length > 0) l.taxes = taxes;
  }
  return l;
}

/** A document-level discount or charge, percent or amount, perhaps with its own taxes. */
export function documentAdjustment(rng: Random, regime: Regime | undefined, date: string): JsonObject {
  const out: JsonObject = { reason: rng.pick(REASONS) };
  if (rng.chance(0.5)) {
    out.percent = percent(rng);
    if (rng.chance(0.3)) out.base = rng.decimal(3, 2);
  } else {
    out.amount = rng.decimal(2, 2);
  }
  if (regime && rng.chance(0.7)) {
    const taxes = lineTaxes(rng, regime, date, false).slice(0, 1);
    if (taxes.length > 0) out.taxes = taxes;
  }
  return out;
}
