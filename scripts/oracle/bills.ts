/** Bill documents: invoices, orders and deliveries (lines and totals), payments and status reports. */
import type { Regime } from '../../src/document/tax/regime-def';
import type { JsonObject } from '../../src/document/base/types';
import type { Random } from './random';
import { chooseAddons } from './addons';
import { shapeForAddon } from './addon-shapes';
import { currencyFor } from './currencies';
import { frCtcPayment, frCtcStatus, shapeFrCtcInvoice } from './fr-ctc';
import { addDays, date } from './dates';
import { documentAdjustment, line } from './lines';
import { party } from './parties';
import { paymentDetails } from './payment-details';

export const SCHEMA = 'https://gobl.org/draft-0/';

export interface BillOptions {
  regime: Regime;
  /** The generated document's uuid (fixed, so that both engines digest the same document). */
  uuid: string;
  external: boolean;
  /** A supplier tax ID with a broken checksum. */
  badSupplierTaxId?: boolean;
  badCustomerTaxId?: boolean;
}

/** How many lines: mostly a few, sometimes up to 50. */
function lineCount(rng: Random): number {
  return rng.chance(0.8) ? rng.int(1, 5) : rng.int(6, 50);
}

function otherCountry(rng: Random, own: string): string {
  return rng.pick(['ES', 'DE', 'FR', 'IT', 'PT', 'NL', 'GB', 'US', 'MX', 'BE', own].filter((c) => c !== own || rng.chance(0.5)));
}

/** The parts invoices, orders and deliveries share. */
function billBase(rng: Random, type: string, opts: BillOptions): JsonObject {
  const { regime } = opts;
  const issueDate = date(rng);
  const doc: JsonObject = { $schema: `${SCHEMA}bill/${type}`, uuid: opts.uuid };
  if (rng.chance(0.5)) doc.$regime = regime.country;
  const addons = chooseAddons(rng, regime.country, opts.external);
  if (addons.length > 0) doc.$addons = addons;
  if (rng.chance(0.8)) doc.series = rng.pick(['F', 'INV', 'A-2024', 'SAMPLE']);
  doc.code = String(rng.int(1, 99999)).padStart(rng.int(1, 6), '0');
  doc.issue_date = issueDate;
  if (rng.chance(0.1)) doc.issue_time = `${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00`;
  const cur = currencyFor(rng, regime.currency);
  if (cur.currency !== regime.currency || rng.chance(0.8)) doc.currency = cur.currency;
  if (cur.exchangeRates) doc.exchange_rates = cur.exchangeRates;
  doc.supplier = party(rng, { country: regime.country, badTaxId: opts.badSupplierTaxId });
  if (rng.chance(0.85)) {
    const country = rng.chance(0.7) ? regime.country : otherCountry(rng, regime.country);
    doc.customer = party(rng, {
      country: rng.chance(0.9) ? country : undefined,
      badTaxId: opts.badCustomerTaxId,
      minimal: rng.chance(0.4),
    });
  }
  const retained = rng.chance(0.15);
  const untaxed = type !== 'invoice' && rng.chance(0.3);
  doc.lines = Array.from({ length: lineCount(rng) }, () => line(rng, { regime, date: issueDate, retained, untaxed }));
  if (rng.chance(0.15)) doc.discounts = [documentAdjustment(rng, untaxed ? undefined : regime, issueDate)];
  if (rng.chance(0.12)) doc.charges = [documentAdjustment(rng, untaxed ? undefined : regime, issueDate)];
  const tax: JsonObject = {};
  if (rng.chance(0.15)) tax.prices_include = regime.categories.find((c) => !c.retained && !c.informative)?.code ?? 'VAT';
  if (rng.chance(0.05)) tax.rounding = rng.pick(['precise', 'currency']);
  if (Object.keys(tax).length > 0) doc.tax = tax;
  if (rng.chance(0.2))
    doc.ordering = {
      code: `PO-${rng.int(1000, 9999)}`,
      ...(rng.chance(0.3) ? { period: { start: issueDate, end: addDays(issueDate, 30) } } : {}),
    };
  if (rng.chance(0.15)) doc.delivery = { date: addDays(issueDate, rng.int(0, 10)) };
  if (rng.chance(0.2)) doc.notes = [{ key: 'general', text: 'Thank you for your business.' }];
  if (rng.chance(0.08)) doc.attachments = [{ name: 'terms.pdf', url: 'https://files.example.com/terms.pdf', mime: 'application/pdf' }];
  return doc;
}

export function invoice(rng: Random, opts: BillOptions): JsonObject {
  const doc = billBase(rng, 'invoice', opts);
  const issueDate = String(doc.issue_date);
  const type = rng.chance(0.85) ? 'standard' : rng.pick(['proforma', 'credit-note', 'corrective', 'debit-note']);
  if (type !== 'standard' || rng.chance(0.3)) doc.type = type;
  if (type !== 'standard' && type !== 'proforma') {
    doc.preceding = [
      {
        uuid: '0190b0c8-3a4e-7c1e-9f00-000000000001',
        series: 'F',
        code: String(rng.int(1, 999)),
        issue_date: addDays(issueDate, -rng.int(1, 90)),
      },
    ];
  }
  const tags = opts.regime.tags?.find((t) => t.schema === 'bill/invoice')?.keys ?? [];
  if (rng.chance(0.1)) doc.$tags = [rng.pick([...tags, 'simplified', 'reverse-charge'])];
  if (rng.chance(0.5)) doc.payment = paymentDetails(rng, issueDate);
  if (rng.chance(0.05)) doc.op_date = addDays(issueDate, -rng.int(0, 5));
  if (opts.external && opts.regime.country === 'FR') shapeFrCtcInvoice(rng, doc);
  shapeForAddon(rng, doc, opts.regime);
  return doc;
}

export function order(rng: Random, opts: BillOptions): JsonObject {
  const doc = billBase(rng, 'order', opts);
  doc.type = rng.pick(['purchase', 'sale', 'quote']);
  if (rng.chance(0.3)) doc.payment = paymentDetails(rng, String(doc.issue_date));
  shapeForAddon(rng, doc, opts.regime, false);
  return doc;
}

export function delivery(rng: Random, opts: BillOptions): JsonObject {
  const doc = billBase(rng, 'delivery', opts);
  delete doc.delivery;
  doc.type = rng.pick(['advice', 'note', 'waybill', 'receipt']);
  if (rng.chance(0.4)) doc.tracking = { code: `TRK${rng.int(10000, 99999)}` };
  if (rng.chance(0.3)) doc.despatch_date = String(doc.issue_date);
  shapeForAddon(rng, doc, opts.regime, false);
  return doc;
}

export function payment(rng: Random, opts: BillOptions): JsonObject {
  const { regime } = opts;
  const issueDate = date(rng);
  const doc: JsonObject = { $schema: `${SCHEMA}bill/payment`, uuid: opts.uuid };
  if (rng.chance(0.5)) doc.$regime = regime.country;
  doc.type = rng.pick(['receipt', 'request', 'advice']);
  doc.methods = [{ key: rng.pick(['credit-transfer', 'card', 'cash', 'direct-debit']) }];
  if (rng.chance(0.8)) doc.series = 'RCT';
  doc.code = String(rng.int(1, 9999));
  doc.issue_date = issueDate;
  const cur = currencyFor(rng, regime.currency);
  doc.currency = cur.currency;
  if (cur.exchangeRates) doc.exchange_rates = cur.exchangeRates;
  doc.supplier = party(rng, { country: regime.country, badTaxId: opts.badSupplierTaxId, minimal: rng.chance(0.5) });
  if (rng.chance(0.8)) doc.customer = party(rng, { country: regime.country, minimal: true });
  doc.lines = Array.from({ length: rng.int(1, 6) }, () => {
    const document: JsonObject = { series: 'F', code: String(rng.int(1, 999)), issue_date: addDays(issueDate, -rng.int(1, 60)) };
    if (rng.chance(0.3)) document.type = 'standard';
    if (rng.chance(0.2)) document.uuid = '0190b0c8-3a4e-7c1e-9f00-000000000002';
    const amount = rng.decimal(4, 2);
    const l: JsonObject = { document, amount };
    if (rng.chance(0.2)) l.payable = (Number(amount) + rng.int(0, 500)).toFixed(2);
    return l;
  });
  if (opts.external && regime.country === 'FR') frCtcPayment(rng, doc);
  return doc;
}

export function status(rng: Random, opts: BillOptions): JsonObject {
  const { regime } = opts;
  const doc: JsonObject = { $schema: `${SCHEMA}bill/status`, uuid: opts.uuid };
  if (rng.chance(0.3)) doc.$regime = regime.country;
  doc.type = rng.pick(['response', 'update', 'system']);
  if (rng.chance(0.8)) doc.series = 'SR';
  doc.code = String(rng.int(1, 9999));
  doc.issue_date = date(rng);
  doc.supplier = party(rng, { country: regime.country, badTaxId: opts.badSupplierTaxId, minimal: true });
  if (rng.chance(0.7)) doc.customer = party(rng, { country: regime.country, minimal: true });
  doc.lines = Array.from({ length: rng.int(1, 3) }, () => {
    const l: JsonObject = {
      key: rng.pick(['issued', 'acknowledged', 'processing', 'rejected', 'accepted', 'paid', 'error']),
      doc: { series: 'F', code: String(rng.int(1, 999)), issue_date: date(rng) },
    };
    if (rng.chance(0.5)) l.description = 'Status of the invoice';
    if (rng.chance(0.4)) {
      l.reasons = [
        { key: rng.pick(['references', 'other', 'finance-terms', 'legal', 'quality']), description: 'Missing purchase order number' },
      ];
    }
    if (rng.chance(0.3)) l.actions = [{ key: rng.pick(['reissue', 'provide', 'none', 'other']), description: 'Please reissue' }];
    return l;
  });
  if (opts.external && regime.country === 'FR') frCtcStatus(rng, doc);
  return doc;
}
