/**
 * Invoices shaped to pass the rules of the addon they declare (as fr-ctc.ts does for France's CTC addons):
 * the identities, extensions, addresses, notes, series and payment details each addon asks for, so that the
 * comparison reaches the calculated envelope and not only the refusals. Most invoices that declare one of
 * these addons are shaped; the rest keep what the generator drew. Only an invoice that declares an addon
 * draws anything more, so other documents stay as they were.
 */
import type { Regime } from '../../src/document/regimes';
import type { JsonObject } from '../../src/document/types';
import type { Random } from './random';
import { addDays } from './dates';
import { address } from './parties';
import { validTaxCode } from './tax-codes';

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const objs = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.filter(isObj) : []);
const ext = (node: JsonObject, values: Record<string, string>) => { node.ext = { ...(isObj(node.ext) ? node.ext : {}), ...values }; };

/** Every tax combo of the document: on lines, discounts and charges. */
function combos(doc: JsonObject): JsonObject[] {
  return [...objs(doc.lines), ...objs(doc.discounts), ...objs(doc.charges)].flatMap((n) => objs(n.taxes));
}

function invoiceType(doc: JsonObject): string {
  return typeof doc.type === 'string' ? doc.type : 'standard';
}

/** A fuller party of `country`: a valid tax code, an address with locality and post code. */
function fullParty(rng: Random, party: JsonObject | undefined, country: string): JsonObject {
  const p: JsonObject = isObj(party) ? party : { name: 'Cliente Ejemplo' };
  const code = validTaxCode(rng, country);
  p.tax_id = code === undefined ? { country } : { country, code };
  p.addresses = [address(rng, country)];
  return p;
}

function euros(doc: JsonObject): void {
  doc.currency = 'EUR';
  delete doc.exchange_rates;
}

/** One of the usual invoice types an addon takes, keeping a preceding document for corrections. */
function plainType(rng: Random, doc: JsonObject, types: string[]): void {
  const type = invoiceType(doc);
  if (types.includes(type)) return;
  const next = rng.pick(types);
  if (next === 'standard') {
    delete doc.type;
    delete doc.preceding;
  } else {
    doc.type = next;
    if (!Array.isArray(doc.preceding)) doc.preceding = [{ series: 'F', code: String(rng.int(1, 999)), issue_date: addDays(String(doc.issue_date), -rng.int(1, 60)) }];
  }
}

// ---------------------------------------------------------------------------------------------------------
// EN 16931 and the addons built on it (XRechnung, ZUGFeRD, Factur-X, Chorus Pro).

const VATEX_BY_KEY: Record<string, string> = {
  exempt: 'VATEX-EU-132',
  'reverse-charge': 'VATEX-EU-AE',
  'intra-community': 'VATEX-EU-IC',
  export: 'VATEX-EU-G',
  'outside-scope': 'VATEX-EU-O',
};

/** Reasons on every discount and charge, taxes on document discounts, addresses, payment terms, attachment codes. */
function meetEn16931(rng: Random, doc: JsonObject, country: string): void {
  const reason = (list: unknown) => objs(list).forEach((a) => { if (!a.reason) a.reason = 'Descuento comercial'; });
  for (const l of objs(doc.lines)) {
    reason(l.discounts);
    reason(l.charges);
  }
  reason(doc.discounts);
  reason(doc.charges);
  const firstTaxes = objs(objs(doc.lines)[0]?.taxes);
  for (const d of objs(doc.discounts)) if (!Array.isArray(d.taxes) || d.taxes.length === 0) d.taxes = firstTaxes.slice(0, 1).map((c) => ({ ...c }));
  for (const c of combos(doc)) {
    const vatex = VATEX_BY_KEY[String(c.key)];
    if (c.cat === 'VAT' && vatex) ext(c, { 'cef-vatex': vatex });
  }
  for (const role of ['supplier', 'customer'] as const) {
    const p = doc[role];
    if (!isObj(p)) continue;
    if (!Array.isArray(p.addresses) || p.addresses.length === 0) {
      const c = isObj(p.tax_id) && typeof p.tax_id.country === 'string' ? p.tax_id.country : country;
      p.addresses = [address(rng, c)];
    }
  }
  const payment: JsonObject = isObj(doc.payment) ? doc.payment : {};
  const terms: JsonObject = isObj(payment.terms) ? payment.terms : {};
  if (!Array.isArray(terms.due_dates) && !terms.notes) {
    if (rng.chance(0.7)) terms.due_dates = [{ date: addDays(String(doc.issue_date), rng.pick([0, 15, 30])), percent: '100%' }];
    else terms.notes = 'Payment within 30 days.';
  }
  payment.terms = terms;
  doc.payment = payment;
  for (const a of objs(doc.attachments)) a.code = `ATT-${rng.int(1, 99)}`;
}

function phoneAndEmail(rng: Random, p: JsonObject): void {
  p.telephones = [{ num: `+49 30 ${rng.chars('0123456789', 7)}` }];
  p.emails = [{ addr: `rechnung@${rng.chars('abcdefgh', 6)}.example.de` }];
}

/** XRechnung: a contact person, telephone and e-mail, inboxes on both sides, a credit transfer, an order reference. */
function meetXRechnung(rng: Random, doc: JsonObject, country: string): void {
  const supplier = doc.supplier as JsonObject;
  supplier.people = [{ name: { given: 'Anna', surname: 'Schmidt' } }];
  phoneAndEmail(rng, supplier);
  supplier.inboxes = [{ key: 'peppol', scheme: '0204', code: `991-${rng.chars('0123456789', 5)}-${rng.int(10, 99)}` }];
  if (!isObj(doc.customer)) doc.customer = fullParty(rng, undefined, country);
  const customer = doc.customer as JsonObject;
  customer.inboxes = [rng.chance(0.5) ? { key: 'peppol', scheme: '0204', code: `991-${rng.chars('0123456789', 5)}-${rng.int(10, 99)}` } : { email: `eingang@${rng.chars('abcdefgh', 6)}.example.de` }];
  for (const p of [supplier, customer]) if (!Array.isArray(p.addresses) || p.addresses.length === 0) p.addresses = [address(rng, country)];
  meetEn16931(rng, doc, country);
  const payment = doc.payment as JsonObject;
  payment.instructions = { key: 'credit-transfer', credit_transfer: [{ iban: 'DE89370400440532013000', name: 'Geschäftskonto' }] };
  doc.ordering = { ...(isObj(doc.ordering) ? doc.ordering : {}), code: `PO-${rng.int(1000, 9999)}` };
  delete doc.delivery;
  if (!['standard', 'credit-note', 'corrective'].includes(invoiceType(doc))) plainType(rng, doc, ['standard', 'credit-note']);
}

/** A French company identified by SIRET (Chorus Pro's scheme 1), with an address. */
function siretParty(rng: Random, party: JsonObject | undefined): JsonObject {
  const code = validTaxCode(rng, 'FR') ?? '44732829320';
  const p: JsonObject = isObj(party) ? party : { name: 'Mairie de Paris' };
  p.tax_id = { country: 'FR', code };
  p.identities = [{ type: 'SIRET', code: `${code.slice(-9)}${rng.chars('0123456789', 5)}` }];
  p.addresses = [address(rng, 'FR')];
  return p;
}

function meetChorusPro(rng: Random, doc: JsonObject): void {
  euros(doc);
  doc.supplier = siretParty(rng, doc.supplier as JsonObject);
  doc.customer = siretParty(rng, doc.customer as JsonObject | undefined);
  meetEn16931(rng, doc, 'FR');
}

// ---------------------------------------------------------------------------------------------------------
// Argentina, Colombia, Greece, the Basque Country.

/** ARCA: a numeric point of sale as series, VAT rates it maps, goods (no due dates) or services (with a period and due dates). */
function meetArca(rng: Random, doc: JsonObject): void {
  doc.series = String(rng.int(1, 9999));
  plainType(rng, doc, ['standard', 'standard', 'credit-note', 'debit-note']);
  for (const ref of objs(doc.preceding)) ext(ref, { 'ar-arca-doc-type': '1' });
  for (const c of combos(doc)) {
    if (c.cat !== 'VAT') continue;
    delete c.percent;
    delete c.key;
    c.rate = rng.pick(['general', 'general', 'reduced', 'increased']);
  }
  const issueDate = String(doc.issue_date);
  const goods = rng.chance(0.5);
  for (const l of objs(doc.lines)) if (isObj(l.item) && goods) l.item.key = 'goods';
  if (goods) {
    if (isObj(doc.payment) && isObj(doc.payment.terms)) delete doc.payment.terms.due_dates;
  } else {
    doc.ordering = { ...(isObj(doc.ordering) ? doc.ordering : {}), period: { start: addDays(issueDate, -30), end: issueDate } };
    const payment: JsonObject = isObj(doc.payment) ? doc.payment : {};
    payment.terms = { key: 'due-date', due_dates: [{ date: addDays(issueDate, 30), percent: '100%' }] };
    doc.payment = payment;
  }
}

/** DIAN: Colombian parties with a municipality, credit and debit notes with a code and a reason. */
function meetDian(rng: Random, doc: JsonObject): void {
  plainType(rng, doc, ['standard', 'standard', 'credit-note', 'debit-note']);
  for (const p of [doc.supplier, doc.customer]) {
    if (isObj(p) && isObj(p.tax_id) && p.tax_id.country === 'CO') ext(p, { 'co-dian-municipality': rng.pick(['11001', '05001', '76001', '08001']) });
  }
  if (isObj(doc.customer) && !isObj(doc.customer.tax_id)) doc.customer.tax_id = { country: 'CO', code: validTaxCode(rng, 'CO') ?? '9014514812' };
  if (isObj(doc.customer) && doc.customer.tax_id && (doc.customer.tax_id as JsonObject).country === 'CO') ext(doc.customer, { 'co-dian-municipality': '11001' });
  const type = invoiceType(doc);
  for (const ref of objs(doc.preceding)) {
    ref.reason = 'Ajuste de precio';
    if (type === 'credit-note') ext(ref, { 'co-dian-credit-code': rng.pick(['1', '2', '3', '4']) });
    if (type === 'debit-note') ext(ref, { 'co-dian-debit-code': rng.pick(['1', '2', '3']) });
  }
}

/** myDATA: a series, rates it maps, a Greek customer with an address, payment instructions, no document discounts. */
function meetMydata(rng: Random, doc: JsonObject): void {
  euros(doc);
  if (!doc.series) doc.series = 'A';
  plainType(rng, doc, ['standard', 'standard', 'standard', 'credit-note']);
  for (const ref of objs(doc.preceding)) ref.stamps = [{ prv: 'iapr-mark', val: String(rng.int(100000000, 999999999)) }];
  for (const c of combos(doc)) {
    if (c.cat !== 'VAT') continue;
    delete c.percent;
    delete c.key;
    c.rate = rng.pick(['general', 'general', 'reduced', 'super-reduced']);
  }
  delete doc.discounts;
  for (const l of objs(doc.lines)) if (typeof l.quantity === 'string' && l.quantity.startsWith('-')) l.quantity = l.quantity.slice(1);
  doc.customer = fullParty(rng, doc.customer as JsonObject | undefined, 'EL');
  const payment: JsonObject = isObj(doc.payment) ? doc.payment : {};
  payment.instructions = { key: rng.pick(['credit-transfer', 'cash', 'card']) };
  delete payment.advances;
  doc.payment = payment;
}

/** TicketBAI: a Basque province on the supplier's address, a general note, a customer with a tax ID. */
function meetTbai(rng: Random, doc: JsonObject): void {
  const supplier = doc.supplier as JsonObject;
  const a = address(rng, 'ES');
  a.region = rng.pick(['Bizkaia', 'Gipuzkoa', 'Álava']);
  supplier.addresses = [a];
  const code = String((supplier.tax_id as JsonObject | undefined)?.code ?? '');
  if (!/^[A-HJNPQRSUVW]/.test(code)) supplier.tax_id = { country: 'ES', code: 'B85905495' };
  doc.notes = [{ key: 'general', text: 'Factura de servicios.' }];
  const simplified = Array.isArray(doc.$tags) && doc.$tags.includes('simplified');
  if (!simplified && (!isObj(doc.customer) || !isObj(doc.customer.tax_id))) doc.customer = fullParty(rng, doc.customer as JsonObject | undefined, 'ES');
}

/** Every line taxed once with the regime's VAT at one of `rates` (retentions kept), on lines and adjustments. */
function vatAtRates(rng: Random, doc: JsonObject, regime: Regime, rates: string[]): void {
  const retained = new Set(regime.categories.filter((c) => c.retained).map((c) => c.code));
  for (const n of [...objs(doc.lines), ...objs(doc.discounts), ...objs(doc.charges)]) {
    if (!Array.isArray(n.taxes)) continue;
    n.taxes = [{ cat: 'VAT', key: 'standard', rate: rng.pick(rates) }, ...objs(n.taxes).filter((c) => retained.has(String(c.cat)))];
  }
}

/** The extension a preceding document takes, for the Spanish addons that ask for one. */
const CORRECTION_EXT: Record<string, string> = { 'es-facturae-v3': 'es-facturae-correction', 'es-tbai-v1': 'es-tbai-correction' };
const CORRECTION_CODES: Record<string, string[]> = { 'es-facturae-correction': ['01', '02', '80', '82'], 'es-tbai-correction': ['R1', 'R2', 'R3', 'R4'] };

/** SII, VeriFactu, FacturaE, TicketBAI: euros, VAT at the Spanish rates, a customer with a Spanish tax ID unless simplified. */
function meetSpain(rng: Random, doc: JsonObject, regime: Regime, addon: string): void {
  euros(doc);
  vatAtRates(rng, doc, regime, ['general', 'general', 'reduced', 'super-reduced']);
  plainType(rng, doc, ['standard', 'standard', 'standard', 'credit-note']);
  const correction = CORRECTION_EXT[addon];
  if (correction) for (const ref of objs(doc.preceding)) ext(ref, { [correction]: rng.pick(CORRECTION_CODES[correction]) });
  const simplified = Array.isArray(doc.$tags) && doc.$tags.includes('simplified');
  if (simplified) delete doc.customer;
  else if (!isObj(doc.customer) || !isObj(doc.customer.tax_id) || doc.customer.tax_id.country !== 'ES') doc.customer = fullParty(rng, doc.customer as JsonObject | undefined, 'ES');
}

/** Receipts of Italy's RT devices: prices with VAT, one VAT combo a line at the accepted rates. */
function meetTicket(rng: Random, doc: JsonObject, regime: Regime): void {
  euros(doc);
  vatAtRates(rng, doc, regime, ['general', 'reduced', 'super-reduced', 'intermediate']);
  doc.tax = { ...(isObj(doc.tax) ? doc.tax : {}), prices_include: 'VAT' };
  plainType(rng, doc, ['standard']);
}

/** FatturaPA through SDI: Italian parties with addresses, short telephone numbers, VAT on each line, payment means. */
function meetSdi(rng: Random, doc: JsonObject, regime: Regime): void {
  euros(doc);
  vatAtRates(rng, doc, regime, ['general', 'general', 'reduced', 'super-reduced', 'intermediate']);
  for (const l of objs(doc.lines)) {
    for (const c of objs(l.taxes)) if (c.cat !== 'VAT') ext(c, { 'it-sdi-retained': rng.pick(['A', 'J', 'M']) });
  }
  plainType(rng, doc, ['standard', 'standard', 'credit-note']);
  const supplier = doc.supplier as JsonObject;
  supplier.addresses = [address(rng, 'IT')];
  if (Array.isArray(supplier.telephones)) supplier.telephones = [{ num: `06${rng.chars('0123456789', 8)}` }];
  delete supplier.registration;
  doc.customer = fullParty(rng, doc.customer as JsonObject | undefined, rng.chance(0.8) ? 'IT' : rng.pick(['DE', 'FR', 'ES']));
  if (isObj(doc.payment)) {
    for (const a of objs(doc.payment.advances)) if (!a.key) a.key = 'credit-transfer';
    if (isObj(doc.payment.terms) && Array.isArray(doc.payment.terms.due_dates)) {
      doc.payment.instructions = { key: 'credit-transfer', credit_transfer: [{ iban: 'IT60X0542811101000000123456', name: 'Conto principale' }] };
    }
  }
}

/** KSeF (FA(3)): złoty, rates it maps, a supplier with a street address, a customer. */
function meetFavat(rng: Random, doc: JsonObject, regime: Regime): void {
  if (rng.chance(0.8)) {
    doc.currency = 'PLN';
    delete doc.exchange_rates;
  }
  vatAtRates(rng, doc, regime, ['general', 'general', 'reduced', 'super-reduced']);
  plainType(rng, doc, ['standard', 'standard', 'credit-note']);
  const supplier = doc.supplier as JsonObject;
  supplier.addresses = [address(rng, 'PL')];
  if (!isObj(doc.customer)) doc.customer = fullParty(rng, undefined, 'PL');
  if (isObj(doc.payment)) for (const a of objs(doc.payment.advances)) if (!a.date) a.date = String(doc.issue_date);
}

// ---------------------------------------------------------------------------------------------------------

const SHAPERS: Record<string, (rng: Random, doc: JsonObject, regime: Regime) => void> = {
  'eu-en16931-v2017': (rng, doc, regime) => meetEn16931(rng, doc, regime.country),
  'de-zugferd-v2': (rng, doc, regime) => meetEn16931(rng, doc, regime.country),
  'fr-facturx-v1': (rng, doc, regime) => meetEn16931(rng, doc, regime.country),
  'de-xrechnung-v3': (rng, doc, regime) => meetXRechnung(rng, doc, regime.country),
  'fr-choruspro-v1': (rng, doc) => meetChorusPro(rng, doc),
  'ar-arca-v4': (rng, doc) => meetArca(rng, doc),
  'co-dian-v2': (rng, doc) => meetDian(rng, doc),
  'gr-mydata-v1': (rng, doc) => meetMydata(rng, doc),
  'es-tbai-v1': (rng, doc, regime) => {
    meetSpain(rng, doc, regime, 'es-tbai-v1');
    meetTbai(rng, doc);
  },
  'es-sii-v1': (rng, doc, regime) => meetSpain(rng, doc, regime, 'es-sii-v1'),
  'es-verifactu-v1': (rng, doc, regime) => meetSpain(rng, doc, regime, 'es-verifactu-v1'),
  'es-facturae-v3': (rng, doc, regime) => meetSpain(rng, doc, regime, 'es-facturae-v3'),
  'it-ticket-v1': meetTicket,
  'it-sdi-v1': meetSdi,
  'pl-favat-v3': meetFavat,
};

/** Shapes most invoices that declare an addon to pass its rules; a no-op (and no draw) for the others. */
export function shapeForAddon(rng: Random, doc: JsonObject, regime: Regime): void {
  const addons = Array.isArray(doc.$addons) ? (doc.$addons as string[]) : [];
  const shaper = addons.length === 1 ? SHAPERS[addons[0]] : undefined;
  if (!shaper || !rng.chance(0.85)) return;
  shaper(rng, doc, regime);
}
