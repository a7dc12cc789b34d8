/**
 * Invoices shaped to pass the rules of the addon they declare (as fr-ctc.ts does for France's CTC addons):
 * the identities, extensions, addresses, notes, series and payment details each addon asks for, so that the
 * comparison reaches the calculated envelope and not only the refusals. Most invoices that declare one of
 * these addons are shaped; the rest keep what the generator drew. Only an invoice that declares an addon
 * draws anything more, so other documents stay as they were.
 */
import type { Regime } from '../../src/document/tax/regime-def';
import type { JsonObject } from '../../src/document/base/types';
import type { Random } from './random';
import { addDays, date } from './dates';
import { address } from './parties';
import { validTaxCode } from './tax-codes';

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const objs = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.filter(isObj) : []);
const ext = (node: JsonObject, values: Record<string, string>) => {
  node.ext = { ...(isObj(node.ext) ? node.ext : {}), ...values };
};

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
    if (!Array.isArray(doc.preceding))
      doc.preceding = [{ series: 'F', code: String(rng.int(1, 999)), issue_date: addDays(String(doc.issue_date), -rng.int(1, 60)) }];
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

/** What EN 16931 asks of lines and adjustments on any bill: reasons, taxes on document discounts, VATEX codes, attachment codes. */
function en16931Parts(rng: Random, doc: JsonObject): void {
  const reason = (list: unknown) =>
    objs(list).forEach((a) => {
      if (!a.reason) a.reason = 'Descuento comercial';
    });
  for (const l of objs(doc.lines)) {
    reason(l.discounts);
    reason(l.charges);
  }
  reason(doc.discounts);
  reason(doc.charges);
  const firstTaxes = objs(objs(doc.lines)[0]?.taxes);
  for (const d of objs(doc.discounts))
    if (!Array.isArray(d.taxes) || d.taxes.length === 0) d.taxes = firstTaxes.slice(0, 1).map((c) => ({ ...c }));
  for (const c of combos(doc)) {
    const vatex = VATEX_BY_KEY[String(c.key)];
    if (c.cat === 'VAT' && vatex) ext(c, { 'cef-vatex': vatex });
  }
  for (const a of objs(doc.attachments)) a.code = `ATT-${rng.int(1, 99)}`;
  if (isObj(doc.payment) && isObj(doc.payment.terms) && !Array.isArray(doc.payment.terms.due_dates) && !doc.payment.terms.notes) {
    doc.payment.terms.notes = 'Payment within 30 days.';
  }
}

/** Reasons on every discount and charge, taxes on document discounts, addresses, payment terms, attachment codes. */
function meetEn16931(rng: Random, doc: JsonObject, country: string): void {
  en16931Parts(rng, doc);
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
  customer.inboxes = [
    rng.chance(0.5)
      ? { key: 'peppol', scheme: '0204', code: `991-${rng.chars('0123456789', 5)}-${rng.int(10, 99)}` }
      : { email: `eingang@${rng.chars('abcdefgh', 6)}.example.de` },
  ];
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
    if (isObj(p) && isObj(p.tax_id) && p.tax_id.country === 'CO')
      ext(p, { 'co-dian-municipality': rng.pick(['11001', '05001', '76001', '08001']) });
  }
  if (isObj(doc.customer) && !isObj(doc.customer.tax_id))
    doc.customer.tax_id = { country: 'CO', code: validTaxCode(rng, 'CO') ?? '9014514812' };
  if (isObj(doc.customer) && doc.customer.tax_id && (doc.customer.tax_id as JsonObject).country === 'CO')
    ext(doc.customer, { 'co-dian-municipality': '11001' });
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
  if (!simplified && (!isObj(doc.customer) || !isObj(doc.customer.tax_id)))
    doc.customer = fullParty(rng, doc.customer as JsonObject | undefined, 'ES');
}

/** Every line taxed once with the regime's VAT at one of `rates` (retentions kept), on lines and adjustments. */
function vatAtRates(rng: Random, doc: JsonObject, regime: Regime, rates: string[], keepRetained = true): void {
  const retained = new Set(keepRetained ? regime.categories.filter((c) => c.retained).map((c) => c.code) : []);
  for (const n of [...objs(doc.lines), ...objs(doc.discounts), ...objs(doc.charges)]) {
    if (!Array.isArray(n.taxes)) continue;
    n.taxes = [{ cat: 'VAT', key: 'standard', rate: rng.pick(rates) }, ...objs(n.taxes).filter((c) => retained.has(String(c.cat)))];
  }
}

/** The extension a preceding document takes, for the Spanish addons that ask for one. */
const CORRECTION_EXT: Record<string, string> = { 'es-facturae-v3': 'es-facturae-correction', 'es-tbai-v1': 'es-tbai-correction' };
const CORRECTION_CODES: Record<string, string[]> = {
  'es-facturae-correction': ['01', '02', '80', '82'],
  'es-tbai-correction': ['R1', 'R2', 'R3', 'R4'],
};

/** SII, VeriFactu, FacturaE, TicketBAI: euros, VAT at the Spanish rates, a customer with a Spanish tax ID unless simplified. */
function meetSpain(rng: Random, doc: JsonObject, regime: Regime, addon: string): void {
  euros(doc);
  vatAtRates(rng, doc, regime, ['general', 'general', 'reduced', 'super-reduced']);
  plainType(rng, doc, ['standard', 'standard', 'standard', 'credit-note']);
  const correction = CORRECTION_EXT[addon];
  if (correction) for (const ref of objs(doc.preceding)) ext(ref, { [correction]: rng.pick(CORRECTION_CODES[correction]) });
  const simplified = Array.isArray(doc.$tags) && doc.$tags.includes('simplified');
  if (simplified) delete doc.customer;
  else if (!isObj(doc.customer) || !isObj(doc.customer.tax_id) || doc.customer.tax_id.country !== 'ES')
    doc.customer = fullParty(rng, doc.customer as JsonObject | undefined, 'ES');
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
      doc.payment.instructions = {
        key: 'credit-transfer',
        credit_transfer: [{ iban: 'IT60X0542811101000000123456', name: 'Conto principale' }],
      };
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
// The addons of the extended reference build: Mexico's CFDI, Portugal's SAF-T, Brazil's NFS-e, Saudi ZATCA.

/** No negative quantities, and line discounts as percents only (an amount could exceed a small line's sum). */
function positiveLines(doc: JsonObject): void {
  for (const l of objs(doc.lines)) {
    if (typeof l.quantity === 'string' && l.quantity.startsWith('-')) l.quantity = l.quantity.slice(1);
    if (!Array.isArray(l.discounts)) continue;
    l.discounts = objs(l.discounts).filter((d) => d.percent !== undefined);
    if ((l.discounts as JsonObject[]).length === 0) delete l.discounts;
  }
}

/** CFDI: fiscal regimes, an issue place, product keys on items, a Mexican customer with its use, no document adjustments. */
function meetCfdi(rng: Random, doc: JsonObject): void {
  plainType(rng, doc, ['standard', 'standard', 'standard', 'credit-note']);
  const issuePlace = String(rng.int(10000, 99999));
  const tax: JsonObject = isObj(doc.tax) ? doc.tax : {};
  ext(tax, { 'mx-cfdi-issue-place': issuePlace });
  doc.tax = tax;
  for (const ref of objs(doc.preceding)) ref.stamps = [{ prv: 'sat-uuid', val: '1fac4464-1111-0000-1111-cd37179db12e' }];
  ext(doc.supplier as JsonObject, { 'mx-cfdi-fiscal-regime': rng.pick(['601', '603', '612', '626']) });
  const c: JsonObject = isObj(doc.customer) ? doc.customer : { name: 'Cliente Ejemplo' };
  delete c.identities;
  doc.customer = c;
  if (rng.chance(0.9)) {
    c.tax_id = { country: 'MX', code: validTaxCode(rng, 'MX') ?? 'URE180429TM6' };
    c.addresses = [{ code: String(rng.int(10000, 99999)) }];
    ext(c, { 'mx-cfdi-fiscal-regime': '601', 'mx-cfdi-use': rng.pick(['G01', 'G03', 'I04']) });
  } else {
    const country = rng.pick(['ES', 'DE', 'FR']);
    c.tax_id = { country, code: validTaxCode(rng, country) ?? '' };
  }
  for (const l of objs(doc.lines))
    if (isObj(l.item)) ext(l.item, { 'mx-cfdi-prod-serv': rng.pick(['50211502', '81112100', '43232408', '01010101']) });
  positiveLines(doc);
  delete doc.discounts;
  delete doc.charges;
  if (isObj(doc.payment)) {
    for (const a of objs(doc.payment.advances)) if (!a.key) a.key = 'credit-transfer';
    if (isObj(doc.payment.instructions)) doc.payment.instructions = { key: rng.pick(['credit-transfer', 'card', 'cash']) };
  }
}

/** SAF-T: a series led by the document type, a numeric code, VAT at Portuguese rates with a region, nothing negative. */
function meetSaft(rng: Random, doc: JsonObject, regime: Regime): void {
  euros(doc);
  plainType(rng, doc, ['standard', 'standard', 'standard', 'credit-note']);
  const docType = invoiceType(doc) === 'credit-note' ? 'NC' : 'FT';
  doc.series = `${docType} ${rng.pick(['A', 'SERIE-1', '2024'])}`;
  doc.code = String(rng.int(1, 9999));
  delete doc.$tags;
  vatAtRates(rng, doc, regime, ['general', 'general', 'intermediate', 'reduced'], false);
  for (const c of combos(doc)) if (c.cat === 'VAT') ext(c, { 'pt-region': rng.pick(['PT', 'PT', 'PT-AC', 'PT-MA']) });
  positiveLines(doc);
  for (const l of objs(doc.lines)) delete l.charges;
  delete doc.discounts;
  delete doc.charges;
  for (const ref of objs(doc.preceding)) ref.code = `FT A/${rng.int(1, 999)}`;
  if (isObj(doc.payment))
    for (const a of objs(doc.payment.advances)) {
      if (!a.date) a.date = String(doc.issue_date);
      if (!a.key) a.key = 'credit-transfer';
    }
}

/** SAF-T orders (purchase orders and quotes) and deliveries (delivery notes and waybills): typed series, VAT with a region. */
function saftOther(rng: Random, doc: JsonObject, regime: Regime): void {
  euros(doc);
  const delivery = String(doc.$schema).endsWith('bill/delivery');
  doc.type = delivery ? rng.pick(['note', 'waybill']) : rng.pick(['purchase', 'quote']);
  const docType = { note: 'GR', waybill: 'GT', purchase: 'NE', quote: 'OR' }[String(doc.type)]!;
  doc.series = `${docType} ${rng.pick(['A', 'SERIE-1', '2024'])}`;
  doc.code = String(rng.int(1, 9999));
  delete doc.$tags;
  if (delivery) doc.despatch_date = String(doc.issue_date);
  // Order lines need VAT; delivery lines may go untaxed.
  if (!delivery) for (const l of objs(doc.lines)) if (!Array.isArray(l.taxes)) l.taxes = [];
  vatAtRates(rng, doc, regime, ['general', 'intermediate', 'reduced'], false);
  for (const c of combos(doc)) if (c.cat === 'VAT') ext(c, { 'pt-region': rng.pick(['PT', 'PT-AC', 'PT-MA']) });
  positiveLines(doc);
  for (const l of objs(doc.lines)) delete l.charges;
  delete doc.discounts;
  delete doc.charges;
}

/** A Brazilian supplier of services with its municipality, Simples Nacional option and a full address. */
function nfseSupplier(rng: Random, supplier: JsonObject): void {
  supplier.tax_id = { country: 'BR', code: validTaxCode(rng, 'BR') ?? '55263640000186' };
  const a = address(rng, 'BR');
  a.state = rng.pick(['RJ', 'SP', 'BA', 'MG']);
  supplier.addresses = [a];
  ext(supplier, {
    'br-ibge-municipality': rng.pick(['3304557', '3550308', '2927408']),
    'br-nfse-simples': rng.pick(['1', '2']),
    'br-nfse-fiscal-incentive': rng.pick(['1', '2']),
  });
}

/** NFS-e: a series and a plain number, ISS on every line, service codes on items, no document adjustments. */
function meetNfse(rng: Random, doc: JsonObject): void {
  doc.currency = 'BRL';
  delete doc.exchange_rates;
  if (!doc.series) doc.series = 'RPS';
  doc.code = String(rng.int(1, 99999));
  nfseSupplier(rng, doc.supplier as JsonObject);
  nfseLines(rng, doc);
  delete doc.discounts;
  delete doc.charges;
}

/** ISS on every line, a service code on every item. */
function nfseLines(rng: Random, doc: JsonObject): void {
  for (const l of objs(doc.lines)) {
    l.taxes = [{ cat: 'ISS', percent: rng.pick(['2%', '3%', '5%']) }];
    if (isObj(l.item)) ext(l.item, { 'br-nfse-service': rng.pick(['1.01', '10.5', '17.01']) });
  }
}

/** An address in Saudi Arabia with everything ZATCA asks for. */
function saudiAddress(rng: Random): JsonObject {
  return {
    num: String(rng.int(1000, 9999)),
    street: rng.pick(['King Fahd Road', 'Olaya Street']),
    street_extra: rng.pick(['Al Olaya', 'Al Malaz']),
    locality: rng.pick(['Riyadh', 'Jeddah']),
    code: String(rng.int(10000, 99999)),
    country: 'SA',
  };
}

/** What ZATCA asks of any bill: a date when its VAT rate applies, Saudi addresses in full, standard-rated lines without charges. */
function zatcaParts(rng: Random, doc: JsonObject, regime: Regime): void {
  // VAT at 15% dates from July 2020.
  doc.issue_date = date(rng, 2021, 2027);
  for (const p of [doc.supplier, doc.customer]) {
    if (isObj(p) && Array.isArray(p.addresses)) p.addresses = objs(p.addresses).map((a) => (a.country === 'SA' ? saudiAddress(rng) : a));
  }
  vatAtRates(rng, doc, regime, ['general']);
  for (const l of objs(doc.lines)) delete l.charges;
  en16931Parts(rng, doc);
}

/** ZATCA: an issue time, a supplier with its CRN, Saudi addresses, a supply date, standard-rated lines without charges. */
function meetZatca(rng: Random, doc: JsonObject, regime: Regime): void {
  // VAT at 15% dates from July 2020.
  doc.issue_date = date(rng, 2021, 2027);
  plainType(rng, doc, ['standard', 'standard', 'standard', 'credit-note']);
  for (const ref of objs(doc.preceding)) {
    ref.reason = 'Returned goods';
    ref.issue_date = addDays(String(doc.issue_date), -rng.int(1, 60));
  }
  delete doc.$tags;
  doc.issue_time = `${String(rng.int(8, 18)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00`;
  const supplier = doc.supplier as JsonObject;
  supplier.tax_id = { country: 'SA', code: validTaxCode(rng, 'SA') ?? '312345678912343' };
  supplier.identities = [{ type: 'CRN', code: rng.chars('0123456789', 10) }];
  supplier.addresses = [saudiAddress(rng)];
  const customer: JsonObject = isObj(doc.customer) ? doc.customer : { name: 'Sample Consumer LLC' };
  customer.tax_id = { country: 'SA', code: validTaxCode(rng, 'SA') ?? '399999999900003' };
  delete customer.identities;
  customer.addresses = [saudiAddress(rng)];
  doc.customer = customer;
  vatAtRates(rng, doc, regime, ['general']);
  for (const l of objs(doc.lines)) delete l.charges;
  doc.delivery = { date: String(doc.issue_date) };
  en16931Parts(rng, doc);
  const payment: JsonObject = isObj(doc.payment) ? doc.payment : {};
  payment.terms = { notes: 'Payment due within 30 days' };
  payment.instructions = { key: 'credit-transfer' };
  delete payment.advances;
  doc.payment = payment;
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
  'mx-cfdi-v4': (rng, doc) => meetCfdi(rng, doc),
  'pt-saft-v1': meetSaft,
  'br-nfse-v1': (rng, doc) => meetNfse(rng, doc),
  'sa-zatca-v1': meetZatca,
};

/** Orders and deliveries: only what the addon asks of their lines, taxes and parties. */
const OTHER_SHAPERS: Record<string, (rng: Random, doc: JsonObject, regime: Regime) => void> = {
  'eu-en16931-v2017': (rng, doc) => en16931Parts(rng, doc),
  'de-zugferd-v2': (rng, doc) => en16931Parts(rng, doc),
  'fr-facturx-v1': (rng, doc) => en16931Parts(rng, doc),
  'de-xrechnung-v3': (rng, doc) => en16931Parts(rng, doc),
  'fr-choruspro-v1': (rng, doc) => {
    doc.supplier = siretParty(rng, doc.supplier as JsonObject);
    if (isObj(doc.customer)) doc.customer = siretParty(rng, doc.customer);
    en16931Parts(rng, doc);
  },
  'ar-arca-v4': (rng, doc, regime) => vatAtRates(rng, doc, regime, ['general', 'reduced', 'increased']),
  'gr-mydata-v1': (rng, doc, regime) => vatAtRates(rng, doc, regime, ['general', 'reduced', 'super-reduced']),
  'pl-favat-v3': (rng, doc, regime) => vatAtRates(rng, doc, regime, ['general', 'reduced', 'super-reduced']),
  'it-ticket-v1': (rng, doc, regime) => vatAtRates(rng, doc, regime, ['general', 'reduced', 'super-reduced', 'intermediate']),
  'it-sdi-v1': (rng, doc) => {
    for (const c of combos(doc)) if (c.cat !== 'VAT') ext(c, { 'it-sdi-retained': rng.pick(['A', 'J', 'M']) });
  },
  'pt-saft-v1': saftOther,
  'br-nfse-v1': (rng, doc) => nfseLines(rng, doc),
  'sa-zatca-v1': zatcaParts,
};

/**
 * Shapes most invoices (or, with `invoice` false, orders and deliveries) that declare an addon to pass its
 * rules; a no-op, drawing nothing, for the others.
 */
export function shapeForAddon(rng: Random, doc: JsonObject, regime: Regime, invoice = true): void {
  const addons = Array.isArray(doc.$addons) ? (doc.$addons as string[]) : [];
  const shaper = addons.length === 1 ? (invoice ? SHAPERS : OTHER_SHAPERS)[addons[0]] : undefined;
  if (!shaper || !rng.chance(0.85)) return;
  shaper(rng, doc, regime);
}
