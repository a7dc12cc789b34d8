/**
 * Variations the rest of the generator does not make, drawn from a random sequence of their own (as complements
 * are) so that every other document of a seed stays as it was: payments, status reports, orders and deliveries
 * that declare an addon of their regime, shaped as the addon asks (Portugal's SAF-T series and line taxes, Mexico's
 * CFDI parties); invoices of every type, deliveries of type `other`, payment methods of every means key; parties
 * in every place a bill holds them; the tags each regime and addon defines for the document's schema; a retention beside the ordinary
 * taxes; and lines without a price that carry discounts and charges.
 */
import '../../src/document/addons';
import { allAddons } from '../../src/document/tax/registry';
import type { Regime } from '../../src/document/tax/regime-def';
import type { JsonObject } from '../../src/document/base/types';
import type { Random } from './random';
import { EXTERNAL_BY_REGIME, knownAddonsFor } from './addons';
import { addDays } from './dates';
import { address } from './parties';
import { validTaxCode } from './tax-codes';

/** The share of documents that get any variation. */
const SHARE = 0.3;

/** Tags GOBL itself gives every invoice, whatever its regime and addons. */
const BILL_INVOICE_TAGS = ['simplified', 'reverse-charge', 'self-billed', 'customer-rates', 'partial', 'prepayment', 'factoring'];

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const objs = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.filter(isObj) : []);

export interface Varied {
  /** What was varied, for the diff listing. */
  kinds: string[];
}

/** Every tag the regime and the declared addons define for the schema (and GOBL's own, for invoices). */
export function tagsFor(schema: string, regime: Regime, addons: string[]): string[] {
  const out = new Set<string>(schema === 'bill/invoice' ? BILL_INVOICE_TAGS : []);
  for (const set of regime.tags ?? []) if (set.schema === schema) set.keys.forEach((k) => out.add(k));
  for (const a of allAddons()) {
    if (!addons.includes(a.def.key)) continue;
    for (const k of a.def.tags?.[schema] ?? []) out.add(k);
  }
  return [...out];
}

/** Addons a document of the regime may declare: those the engine knows and, with `external`, those only the extended build has. */
function addonPool(country: string, external: boolean): string[] {
  return [...knownAddonsFor(country), ...(external ? (EXTERNAL_BY_REGIME[country] ?? []) : [])].filter((a) => !a.startsWith('fr-ctc'));
}

/**
 * SAF-T payments: a series led by the payment type (or none, and a full code), VAT on each line's tax total, a
 * Portuguese supplier. Most are shaped to pass; the rest get a bad series, a line without taxes, an exemption
 * without its note or a retention without its codes.
 */
function saftPayment(rng: Random, doc: JsonObject): void {
  doc.currency = 'EUR';
  delete doc.exchange_rates;
  const good = rng.chance(0.7);
  const vatCash = rng.chance(0.5);
  if (vatCash) doc.$tags = ['cash-vat'];
  // The series names the payment type the tag sets (RC for VAT on cash, else RG), now and then the other one.
  const type = (vatCash ? good || rng.chance(0.8) : !good && rng.chance(0.2)) ? 'RC' : 'RG';
  const name = rng.pick(['A', 'SERIE-1', '2024', 'B.2']);
  const form = good ? rng.int(0, 2) : rng.int(0, 3);
  if (form === 0) {
    doc.series = `${type} ${name}`;
    doc.code = String(rng.int(1, 9999));
  } else if (form === 1) {
    delete doc.series;
    doc.code = `${type} ${name}/${rng.int(1, 9999)}`;
  } else if (form === 2) {
    doc.series = `${type} ${name}`;
    doc.code = `${rng.int(1, 9999)}`.padStart(rng.int(1, 5), '0');
  } else {
    doc.series = rng.pick([`${type}${name}`, `XX ${name}`, `${type} ${name}/2`]);
    doc.code = String(rng.int(1, 9999));
  }
  const supplier = isObj(doc.supplier) ? doc.supplier : (doc.supplier = { name: 'Hotelzinho' });
  supplier.tax_id = { country: 'PT', code: validTaxCode(rng, 'PT') ?? '545259045' };
  if (!supplier.name) supplier.name = 'Hotelzinho';
  if (rng.chance(0.5)) supplier.addresses = [address(rng, 'PT')];
  if (isObj(doc.customer) && isObj(doc.customer.tax_id) && !doc.customer.name) doc.customer.name = 'Cliente';
  for (const l of objs(doc.lines)) {
    const document = isObj(l.document) ? l.document : (l.document = {});
    document.series = `FT ${rng.pick(['A', 'SAMPLE'])}`;
    if (!document.issue_date) document.issue_date = addDays(String(doc.issue_date), -rng.int(1, 30));
    const base = (Number(l.amount) / 1.23).toFixed(2);
    const exempt = !good && rng.chance(0.2);
    const rate: JsonObject = { key: exempt ? 'exempt' : 'standard', base };
    if (!exempt) rate.percent = rng.pick(['23.0%', '13.0%', '6.0%']);
    rate.ext = { 'pt-region': rng.pick(['PT', 'PT-AC', 'PT-MA']), 'pt-saft-tax-rate': exempt ? 'ISE' : rng.pick(['NOR', 'INT', 'RED']) };
    if (exempt) (rate.ext as JsonObject)['pt-saft-exemption'] = rng.pick(['M07', 'M16', 'M99']);
    const cats: JsonObject[] = [{ code: 'VAT', rates: [rate] }];
    if (rng.chance(0.2)) {
      const irs: JsonObject = { base, percent: '25.0%' };
      if (good || rng.chance(0.5)) irs.ext = { 'pt-region': 'PT', 'pt-saft-tax-rate': 'NOR' };
      cats.push({ code: 'IRS', retained: true, rates: [irs] });
    }
    if (good || rng.chance(0.8)) l.tax = { categories: cats };
  }
  // A method's date must be the issue date.
  if (rng.chance(0.3))
    for (const m of objs(doc.methods)) m.date = good || rng.chance(0.5) ? String(doc.issue_date) : addDays(String(doc.issue_date), -1);
  if (rng.chance(0.3)) {
    const source = good ? 'P' : rng.pick(['P', 'M', 'I']);
    doc.ext = { 'pt-saft-source': source, ...(source !== 'P' ? { 'pt-saft-source-ref': `${type} M/${rng.int(1, 99)}` } : {}) };
  }
}

/** CFDI parties: fiscal regimes and uses as extensions, or as the identities older documents gave them, and a post code. */
function cfdiParties(rng: Random, doc: JsonObject): void {
  const supplier = isObj(doc.supplier) ? doc.supplier : (doc.supplier = { name: 'Emisor' });
  supplier.tax_id = { country: 'MX', code: validTaxCode(rng, 'MX') ?? 'EKU9003173C9' };
  const customer = isObj(doc.customer) ? doc.customer : undefined;
  if (customer) customer.tax_id = { country: 'MX', code: validTaxCode(rng, 'MX') ?? 'URE180429TM6' };
  const put = (p: JsonObject, key: string, code: string) => {
    if (rng.chance(0.4)) p.identities = [...objs(p.identities), { key, code }];
    else p.ext = { ...(isObj(p.ext) ? p.ext : {}), [key]: code };
  };
  put(supplier, 'mx-cfdi-fiscal-regime', rng.pick(['601', '603', '612', '626']));
  if (rng.chance(0.5)) supplier.addresses = [{ code: String(rng.int(10000, 99999)) }];
  if (rng.chance(0.3)) supplier.ext = { ...(isObj(supplier.ext) ? supplier.ext : {}), 'mx-cfdi-post-code': String(rng.int(10000, 99999)) };
  if (customer) {
    put(customer, 'mx-cfdi-fiscal-regime', '601');
    put(customer, 'mx-cfdi-use', rng.pick(['G01', 'G03', 'CP01']));
    if (rng.chance(0.5)) customer.addresses = [{ code: String(rng.int(10000, 99999)) }];
    if (rng.chance(0.3))
      customer.ext = { ...(isObj(customer.ext) ? customer.ext : {}), 'mx-cfdi-post-code': String(rng.int(10000, 99999)) };
  }
  if (rng.chance(0.8)) {
    doc.currency = 'MXN';
    delete doc.exchange_rates;
  }
}

/**
 * CFDI payment receipts ("complemento de pago"): issued in MXN from a place, to a Mexican customer, with one
 * method and, on each line, an instalment, the payable amount and the paid CFDI's folio fiscal. Most pass; the
 * rest miss one of these.
 */
function cfdiPayment(rng: Random, doc: JsonObject): void {
  const good = rng.chance(0.7);
  const miss = good ? '' : rng.pick(['type', 'place', 'method', 'installment', 'payable', 'stamp', 'use', 'payee', 'currency']);
  doc.type = miss === 'type' ? rng.pick(['request', 'advice']) : 'receipt';
  doc.currency = miss === 'currency' ? 'USD' : 'MXN';
  delete doc.exchange_rates;
  if (miss !== 'place') doc.ext = { 'mx-cfdi-issue-place': String(rng.int(10000, 99999)) };
  const customer = isObj(doc.customer) ? doc.customer : (doc.customer = { name: 'Cliente Ejemplo' });
  customer.tax_id = { country: 'MX', code: validTaxCode(rng, 'MX') ?? 'URE180429TM6' };
  customer.addresses = [{ code: String(rng.int(10000, 99999)) }];
  customer.ext = { ...(isObj(customer.ext) ? customer.ext : {}), 'mx-cfdi-fiscal-regime': '601' };
  if (miss === 'use') (customer.ext as JsonObject)['mx-cfdi-use'] = 'G01';
  else if (rng.chance(0.3)) (customer.ext as JsonObject)['mx-cfdi-use'] = 'CP01';
  else delete (customer.ext as JsonObject)['mx-cfdi-use'];
  doc.methods =
    miss === 'method'
      ? [{ key: 'card' }, { key: 'cash' }]
      : [{ key: rng.pick(['credit-transfer', 'card', 'cash', 'cheque', 'online+wallet']) }];
  if (miss === 'payee') doc.payee = { name: 'Cobrador' };
  else delete doc.payee;
  objs(doc.lines).forEach((l, i) => {
    const document = isObj(l.document) ? l.document : (l.document = { code: String(rng.int(1, 999)) });
    delete document.currency;
    if (!(miss === 'stamp' && i === 0)) document.stamps = [{ prv: 'sat-uuid', val: '1fac4464-1111-0000-1111-cd37179db12e' }];
    if (!(miss === 'installment' && i === 0)) l.installment = rng.int(1, 3);
    if (!(miss === 'payable' && i === 0)) l.payable = (Number(l.amount) + rng.int(0, 300)).toFixed(2);
    else delete l.payable;
    delete l.refund;
  });
  if (rng.chance(0.2))
    doc.preceding = [{ code: String(rng.int(1, 99)), stamps: [{ prv: 'sat-uuid', val: '2fac4464-1111-0000-1111-cd37179db12e' }] }];
  if (rng.chance(0.3)) doc.issue_time = `${String(rng.int(8, 18)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00`;
}

/** A payment, status report, order or delivery that declares one of its regime's addons, shaped for it now and then. */
function declareAddon(rng: Random, doc: JsonObject, type: string, regime: Regime, external: boolean): boolean {
  if (Array.isArray(doc.$addons) && doc.$addons.length > 0) return false;
  const pool = addonPool(regime.country, external);
  if (pool.length === 0) return false;
  const addon = rng.pick(pool);
  doc.$addons = [addon];
  if (!rng.chance(0.8)) return true;
  if (addon === 'pt-saft-v1' && type === 'bill/payment') saftPayment(rng, doc);
  if (addon === 'mx-cfdi-v4') cfdiParties(rng, doc);
  return true;
}

/** One tag (sometimes two) among those defined for the document's schema by GOBL, its regime and its addons. */
function tagDocument(rng: Random, doc: JsonObject, type: string, regime: Regime): boolean {
  const addons = Array.isArray(doc.$addons) ? (doc.$addons as string[]) : [];
  const tags = tagsFor(type, regime, addons);
  // GOBL checks the tags of invoices and deliveries only: other documents may carry any.
  if (type !== 'bill/invoice' && type !== 'bill/delivery' && rng.chance(0.3)) tags.push(rng.pick(['urgent', 'internal', 'simplified']));
  if (tags.length === 0) return false;
  const chosen = rng.sample(tags, rng.chance(0.8) ? 1 : Math.min(2, tags.length));
  doc.$tags = chosen;
  return true;
}

/** A retained category of the regime beside the ordinary tax on some lines. */
function retainBeside(rng: Random, doc: JsonObject, regime: Regime): boolean {
  const retained = regime.categories.filter((c) => c.retained);
  if (retained.length === 0) return false;
  let done = false;
  for (const l of objs(doc.lines)) {
    if (!Array.isArray(l.taxes) || l.taxes.length === 0 || !rng.chance(0.7)) continue;
    const taxes = objs(l.taxes);
    if (taxes.some((c) => retained.some((r) => r.code === c.cat))) continue;
    const cat = rng.pick(retained);
    const combo: JsonObject = { cat: cat.code, percent: rng.pick(['15%', '25%', '1.25%', '10.0%', '4%']) };
    // SAF-T asks every rate total, retentions included, for a region and a rate code.
    if (Array.isArray(doc.$addons) && doc.$addons.includes('pt-saft-v1') && rng.chance(0.7))
      combo.ext = { 'pt-region': rng.pick(['PT', 'PT-AC']), ...(rng.chance(0.8) ? { 'pt-saft-tax-rate': 'NOR' } : {}) };
    l.taxes = [...taxes, combo];
    done = true;
  }
  // A note on the retention, as SAF-T asks withholdings to carry (at most 60 characters).
  if (done && rng.chance(0.3)) {
    const cat = rng.pick(retained).code;
    const tax: JsonObject = isObj(doc.tax) ? doc.tax : (doc.tax = {});
    tax.notes = [
      { cat, text: rng.chance(0.7) ? 'Retenção na fonte' : 'Retenção na fonte de IRS à taxa de 25% nos termos do artigo 101.º do CIRS' },
    ];
  }
  return done;
}

/** Some lines lose their price and gain percentage (or amount) discounts and charges. */
function unpricedLines(rng: Random, doc: JsonObject): boolean {
  let done = false;
  for (const l of objs(doc.lines)) {
    if (!isObj(l.item) || !rng.chance(0.6)) continue;
    delete l.item.price;
    const adj = (): JsonObject => {
      const a: JsonObject = rng.chance(0.75) ? { percent: rng.pick(['10%', '5.5%', '0%', '12.50%']) } : { amount: rng.decimal(2, 2) };
      if (rng.chance(0.3)) a.base = rng.decimal(3, 2);
      if (rng.chance(0.5)) a.reason = 'Promotion';
      return a;
    };
    const both = rng.chance(0.3);
    if (both || rng.chance(0.7)) l.discounts = [adj()];
    else l.charges = [adj()];
    if (both) l.charges = [adj()];
    // Sub-lines without prices too, which leave the line's price unset.
    if (rng.chance(0.15)) l[rng.pick(['breakdown', 'substituted'])] = [{ quantity: '1', item: { name: 'Part' }, discounts: [adj()] }];
    done = true;
  }
  return done;
}

/** Means keys GOBL defines, with the sub-keys addons map (CFDI's wallet, in-kind, debit...), for payments and advances. */
const MEANS_KEYS = [
  'card',
  'credit-transfer',
  'debit-transfer',
  'cash',
  'promissory-note',
  'netting',
  'cheque',
  'bank-draft',
  'direct-debit',
  'online',
  'online+wallet',
  'credit-transfer+sepa',
  'direct-debit+sepa',
  'other',
  'other+in-kind',
  'other+grocery-vouchers',
  'card+debit',
  'other+debit',
  'other+advance',
  'any',
];

/**
 * Types the rest of the generator draws seldom or never: an invoice of any type (a correction with a preceding
 * document), a delivery of type `other`; payment methods of every means key.
 */
function otherType(rng: Random, doc: JsonObject, type: string): boolean {
  if (type === 'bill/invoice') {
    doc.type = rng.pick(['other', 'other', 'corrective', 'debit-note', 'credit-note', 'proforma']);
    if ((doc.type !== 'other' && doc.type !== 'proforma') || rng.chance(0.3)) {
      doc.preceding = [
        {
          series: 'F',
          code: String(rng.int(1, 999)),
          issue_date: addDays(String(doc.issue_date), -rng.int(1, 60)),
          ...(rng.chance(0.5) ? { reason: 'Price correction' } : {}),
        },
      ];
    }
    return true;
  }
  if (type === 'bill/delivery') {
    doc.type = 'other';
    return true;
  }
  if (type === 'bill/payment') {
    doc.type = rng.pick(['receipt', 'request', 'advice']);
    doc.methods = Array.from({ length: rng.int(1, 2) }, () => ({ key: rng.pick(MEANS_KEYS) }));
    return true;
  }
  return false;
}

/** Parties in the other places a bill holds them (payee, ordering, delivery), some with the identities CFDI migrates. */
function moreParties(rng: Random, doc: JsonObject, type: string): boolean {
  const someone = (name: string): JsonObject => {
    const p: JsonObject = { name };
    if (rng.chance(0.5)) p.identities = [{ key: rng.pick(['mx-cfdi-fiscal-regime', 'mx-cfdi-use']), code: rng.pick(['601', 'G01']) }];
    // eslint-disable-next-line no-dupe-else-if -- a second roll of the dice, not the same condition
    else if (rng.chance(0.5)) p.identities = [{ type: 'GLN', code: rng.chars('0123456789', 13) }];
    return p;
  };
  if (type === 'bill/payment') {
    doc.payee = someone('Payee Ltd');
    return true;
  }
  if (type === 'bill/delivery') {
    doc.receiver = someone('Receiver SA');
    if (rng.chance(0.5)) doc.courier = someone('Courier SL');
    return true;
  }
  if (type === 'bill/invoice' || type === 'bill/order') {
    const ordering: JsonObject = isObj(doc.ordering) ? doc.ordering : {};
    ordering[rng.pick(['seller', 'buyer', 'payer'])] = someone('Agent GmbH');
    doc.ordering = ordering;
    if (type === 'bill/invoice' && rng.chance(0.3))
      doc.delivery = { ...(isObj(doc.delivery) ? doc.delivery : {}), receiver: someone('Receiver SA') };
    return true;
  }
  return false;
}

/** A tax total as a document reference or a payment line gives it: the regime's main category, sometimes a retention. */
function taxTotal(rng: Random, regime: Regime, base: number): JsonObject {
  const main = regime.categories.find((c) => !c.retained && !c.informative);
  const rate: JsonObject = { base: base.toFixed(rng.pick([2, 2, 3])) };
  if (rng.chance(0.8)) rate.key = 'standard';
  rate.percent = rng.pick(['21%', '16.0%', '5.5%', '0%', '23.0%']);
  if (rng.chance(0.2)) rate.amount = (base * 0.2).toFixed(2);
  const cats: JsonObject[] = [{ code: main?.code ?? 'VAT', rates: [rate] }];
  const retained = regime.categories.find((c) => c.retained);
  if (retained && rng.chance(0.2)) cats.push({ code: retained.code, retained: true, rates: [{ base: base.toFixed(2), percent: '15%' }] });
  return { categories: cats };
}

/**
 * Payment lines as GOBL reads them in full: a document with its own tax total, payable amount and currency (and
 * the exchange rate, most of the time), a line's own tax total, advances, refunds, instalments and notes.
 */
function paymentLines(rng: Random, doc: JsonObject, regime: Regime): boolean {
  let done = false;
  for (const l of objs(doc.lines)) {
    if (!rng.chance(0.6)) continue;
    const amount = Number(l.amount) || 100;
    const document = isObj(l.document) ? l.document : (l.document = { code: String(rng.int(1, 999)) });
    const roll = rng.int(0, 4);
    if (roll === 0) {
      document.tax = taxTotal(rng, regime, amount / 1.2);
      document.payable = (amount * rng.pick([1, 1, 2])).toFixed(2);
    } else if (roll === 1) {
      l.tax = taxTotal(rng, regime, amount / 1.2);
      if (rng.chance(0.5)) l.payable = (amount + rng.int(0, 100)).toFixed(2);
    } else if (roll === 2) {
      const other = rng.pick(['USD', 'EUR', 'GBP', 'MXN'].filter((c) => c !== doc.currency));
      document.currency = other;
      document.payable = (amount * 1.1).toFixed(2);
      if (rng.chance(0.5)) document.tax = taxTotal(rng, regime, amount);
      if (rng.chance(0.85)) {
        const rates = objs(doc.exchange_rates);
        if (!rates.some((r) => r.from === other))
          doc.exchange_rates = [...rates, { from: other, to: doc.currency, amount: rng.pick(['1.0875', '0.85', '18.5', '1.2']) }];
      }
    } else if (roll === 3) {
      l.payable = (amount + rng.int(0, 500)).toFixed(2);
      l.advances = rng.int(0, 50).toFixed(2);
      if (rng.chance(0.3)) l.installment = rng.int(1, 4);
    } else {
      if (rng.chance(0.5)) l.refund = true;
      l.description = 'Partial payment';
      if (rng.chance(0.5)) l.notes = [{ key: 'general', text: 'Thanks' }];
    }
    done = true;
  }
  return done;
}

/**
 * Varies about 30% of documents; undefined when this one is left as it was. Runs before the deliberate faults,
 * on the document as `build` made it.
 */
export function addVariations(rng: Random, doc: JsonObject, type: string, regime: Regime, external: boolean): Varied | undefined {
  if (!type.startsWith('bill/') || !rng.chance(SHARE)) return undefined;
  const kinds: string[] = [];
  if (type !== 'bill/invoice' && rng.chance(0.6) && declareAddon(rng, doc, type, regime, external)) kinds.push('addon');
  if (rng.chance(0.4) && tagDocument(rng, doc, type, regime)) kinds.push('tags');
  if (rng.chance(0.15) && otherType(rng, doc, type)) kinds.push('type');
  if (rng.chance(0.15) && moreParties(rng, doc, type)) kinds.push('parties');
  if (type === 'bill/payment' && rng.chance(0.5) && paymentLines(rng, doc, regime)) kinds.push('payment-lines');
  // Last, so that what the other variations drew does not undo it.
  if (type === 'bill/payment' && Array.isArray(doc.$addons) && doc.$addons.includes('mx-cfdi-v4') && rng.chance(0.85)) {
    cfdiPayment(rng, doc);
    kinds.push('cfdi-payment');
  }
  if (['bill/invoice', 'bill/order', 'bill/delivery'].includes(type)) {
    if (rng.chance(0.35) && retainBeside(rng, doc, regime)) kinds.push('retained');
    if (type !== 'bill/invoice' && rng.chance(0.4) && unpricedLines(rng, doc)) kinds.push('unpriced');
  }
  return kinds.length > 0 ? { kinds } : undefined;
}
