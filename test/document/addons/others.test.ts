import { applyAddonScenarios } from '../../../src/document/addons';
import {
  normalizeArcaCombo,
  normalizeArcaInvoice,
  validateArcaCharge,
  validateArcaCombo,
  validateArcaInvoice,
} from '../../../src/document/addons/ar-arca';
import { normalizeDianParty, validateDianInvoice } from '../../../src/document/addons/co-dian';
import { validateXrechnungInvoice } from '../../../src/document/addons/de-xrechnung';
import {
  euEn16931,
  normalizeEnCombo,
  normalizeEnInbox,
  normalizeEnParty,
  normalizeEnTaxNote,
  validateEnCombo,
  validateEnInvoice,
} from '../../../src/document/addons/eu-en16931';
import { normalizeChorusLine, normalizeChorusParty, validateChorusParty } from '../../../src/document/addons/fr-choruspro';
import {
  normalizeMydataCharge,
  normalizeMydataCombo,
  normalizeMydataPayment,
  validateMydataCharge,
  validateMydataCombo,
} from '../../../src/document/addons/gr-mydata';
import {
  normalizeSdiAddress,
  normalizeSdiCombo,
  normalizeSdiInvoice,
  normalizeSdiPayment,
  validateSdiAddress,
  validateSdiCombo,
} from '../../../src/document/addons/it-sdi';
import {
  normalizeTicketCombo,
  normalizeTicketInvoice,
  normalizeTicketItem,
  validateTicketCombo,
} from '../../../src/document/addons/it-ticket';
import {
  normalizeFavatCombo,
  normalizeFavatInvoice,
  normalizeFavatPayment,
  validateFavatInvoice,
} from '../../../src/document/addons/pl-favat';
import type { JsonObject } from '../../../src/document/base/types';

const codes = (faults: { code: string }[]) => faults.map((f) => f.code.slice(-2)).sort();
const ctx = (doc: JsonObject) => ({ doc, addons: [] });

describe('ar-arca-v4', () => {
  test.each<[string, JsonObject, JsonObject | undefined]>([
    ['zero', { cat: 'VAT', key: 'zero' }, { 'ar-arca-vat-rate': '3' }],
    ['reduced', { cat: 'VAT', rate: 'reduced' }, { 'ar-arca-vat-rate': '4' }],
    ['general', { cat: 'VAT', rate: 'general' }, { 'ar-arca-vat-rate': '5' }],
    ['increased', { cat: 'VAT', rate: 'increased' }, { 'ar-arca-vat-rate': '6' }],
    ['exempt', { cat: 'VAT', key: 'exempt' }, undefined],
  ])('combo %s', (_n, combo, ext) => {
    normalizeArcaCombo(combo);
    expect(combo.ext).toEqual(ext);
  });

  test.each<[string, JsonObject, JsonObject, JsonObject | undefined]>([
    [
      'registered customer',
      { lines: [{ item: { key: 'goods' } }], customer: { tax_id: { country: 'AR', code: '1' } } },
      { 'ar-arca-doc-type': '1', 'ar-arca-concept': '1' },
      { 'ar-arca-vat-status': '1' },
    ],
    [
      'final consumer',
      { lines: [{ item: {} }], customer: { name: 'x' } },
      { 'ar-arca-doc-type': '6', 'ar-arca-concept': '2' },
      { 'ar-arca-vat-status': '5' },
    ],
    [
      'foreign',
      { type: 'credit-note', lines: [{ item: { key: 'goods' } }, { item: {} }], customer: { tax_id: { country: 'US' } } },
      { 'ar-arca-doc-type': '8', 'ar-arca-concept': '3' },
      { 'ar-arca-vat-status': '9' },
    ],
    ['monotax', { $tags: ['monotax'], type: 'debit-note', lines: [] }, { 'ar-arca-doc-type': '12' }, undefined],
  ])('invoice %s', (_n, doc, taxExt, custExt) => {
    normalizeArcaInvoice(doc);
    expect((doc.tax as JsonObject).ext).toEqual(taxExt);
    expect((doc.customer as JsonObject | undefined)?.ext).toEqual(custExt);
  });

  const good: JsonObject = {
    currency: 'ARS',
    series: '1',
    customer: { tax_id: { country: 'AR', code: '1' }, ext: { 'ar-arca-vat-status': '1' } },
    tax: { ext: { 'ar-arca-doc-type': '1', 'ar-arca-concept': '1' } },
  };
  test.each<[string, JsonObject, string[]]>([
    ['valid', good, []],
    ['bad series', { ...good, series: 'A' }, ['02']],
    ['no doc type', { ...good, tax: {} }, ['04']],
    ['credit note type mismatch', { ...good, type: 'credit-note', preceding: [{ ext: { 'ar-arca-doc-type': '1' } }] }, ['05']],
    ['doc type A to a final consumer', { ...good, customer: { name: 'x', ext: { 'ar-arca-vat-status': '5' } } }, ['10', '13']],
    ['services need period and due dates', { ...good, tax: { ext: { 'ar-arca-doc-type': '1', 'ar-arca-concept': '2' } } }, ['15', '17']],
    [
      'type C with line taxes',
      { currency: 'ARS', series: '1', tax: { ext: { 'ar-arca-doc-type': '11' } }, lines: [{ taxes: [{ cat: 'VAT' }] }] },
      ['09', '23'],
    ],
  ])('invoice faults: %s', (_n, doc, want) => {
    expect(codes(validateArcaInvoice(JSON.parse(JSON.stringify(doc)), '$.doc'))).toEqual(want);
  });

  it('checks tax charges and VAT combos', () => {
    expect(codes(validateArcaCharge({ key: 'tax' }, '$'))).toEqual(['01']);
    expect(codes(validateArcaCharge({ ext: { 'ar-arca-tax-type': '99' } }, '$'))).toEqual(['02', '03']);
    expect(codes(validateArcaCombo({ cat: 'VAT' }, '$'))).toEqual(['01']);
  });
});

describe('pl-favat-v3', () => {
  test.each<[string, JsonObject, string | undefined]>([
    ['general', { cat: 'VAT', key: 'standard', rate: 'general' }, '1'],
    ['reduced', { cat: 'VAT', key: 'standard', rate: 'reduced' }, '2'],
    ['super-reduced', { cat: 'VAT', key: 'standard', rate: 'super-reduced' }, '3'],
    ['zero', { cat: 'VAT', key: 'zero' }, '6.1'],
    ['intra-community', { cat: 'VAT', key: 'intra-community' }, '6.2'],
    ['export', { cat: 'VAT', key: 'export' }, '6.3'],
    ['exempt', { cat: 'VAT', key: 'exempt' }, '7'],
    ['outside scope', { cat: 'VAT', key: 'outside-scope' }, '8'],
    ['reverse charge', { cat: 'VAT', key: 'reverse-charge' }, '9'],
    ['foreign', { cat: 'VAT', country: 'DE', key: 'standard' }, '8'],
    ['standard without rate', { cat: 'VAT', key: 'standard' }, undefined],
  ])('combo %s', (_n, combo, code) => {
    normalizeFavatCombo(combo);
    expect((combo.ext as JsonObject | undefined)?.['pl-favat-tax-category']).toBe(code);
  });

  test.each([
    ['cash', '1'],
    ['card', '2'],
    ['other+voucher', '3'],
    ['credit-transfer+sepa', '6'],
    ['online', '7'],
  ])('payment means %s gives %s', (key, code) => {
    const node: JsonObject = { key };
    normalizeFavatPayment(node);
    expect(node.ext).toEqual({ 'pl-favat-payment-means': code });
  });

  it('flags self-billing and reverse charge', () => {
    const doc: JsonObject = { $tags: ['self-billed', 'reverse-charge'] };
    normalizeFavatInvoice(doc);
    expect((doc.tax as JsonObject).ext).toEqual({ 'pl-favat-reverse-charge': '1', 'pl-favat-self-billing': '1' });
  });

  it('scenarios give the invoice type', () => {
    const doc: JsonObject = { type: 'credit-note', $tags: ['settlement'] };
    applyAddonScenarios(doc, ['pl-favat-v3']);
    expect((doc.tax as JsonObject).ext).toEqual({ 'pl-favat-invoice-type': 'KOR_ROZ' });
  });

  const supplier = { name: 'S', tax_id: { country: 'PL', code: '1' }, addresses: [{ street: 'x', country: 'PL' }] };
  test.each<[string, JsonObject, string[]]>([
    ['valid', { currency: 'PLN', supplier, customer: { name: 'C' } }, []],
    ['proforma', { type: 'proforma', currency: 'PLN', supplier, customer: { name: 'C' } }, ['01']],
    ['no supplier', { currency: 'PLN', customer: { name: 'C' } }, ['04']],
    [
      'supplier address without street',
      { currency: 'PLN', supplier: { ...supplier, addresses: [{ country: 'PL' }] }, customer: { name: 'C' } },
      ['08'],
    ],
    ['JST without identity', { currency: 'PLN', supplier, customer: { name: 'C', ext: { 'pl-favat-jst': '1' } } }, ['11']],
    ['exemption without note', { currency: 'PLN', supplier, customer: { name: 'C' }, tax: { ext: { 'pl-favat-exemption': 'A' } } }, ['13']],
  ])('invoice faults: %s', (_n, doc, want) => {
    expect(codes(validateFavatInvoice(doc, '$.doc'))).toEqual(want);
  });
});

describe('it-sdi-v1', () => {
  test.each<[string, JsonObject, JsonObject | undefined]>([
    ['standard', { cat: 'VAT', key: 'standard', ext: { 'it-sdi-exempt': 'N4' } }, undefined],
    ['zero', { cat: 'VAT', key: 'zero' }, { 'it-sdi-exempt': 'N1' }],
    ['outside scope', { cat: 'VAT', key: 'outside-scope' }, { 'it-sdi-exempt': 'N2.1' }],
    ['export', { cat: 'VAT', key: 'export' }, { 'it-sdi-exempt': 'N3.1' }],
    ['intra-community', { cat: 'VAT', key: 'intra-community' }, { 'it-sdi-exempt': 'N3.2' }],
    ['exempt', { cat: 'VAT', key: 'exempt' }, { 'it-sdi-exempt': 'N4' }],
    ['reverse charge', { cat: 'VAT', key: 'reverse-charge' }, { 'it-sdi-exempt': 'N6.9' }],
    ['EU country', { cat: 'VAT', country: 'FR' }, { 'it-sdi-exempt': 'N7' }],
    ['other country', { cat: 'VAT', country: 'US' }, { 'it-sdi-exempt': 'N2.1' }],
  ])('combo %s', (_n, combo, ext) => {
    normalizeSdiCombo(combo);
    expect(combo.ext).toEqual(ext);
  });

  test.each<[string, string, string]>([
    ['N2.2', 'exempt', 'outside-scope'],
    ['N3.6', '', 'intra-community'],
    ['N6.3', 'exempt', 'reverse-charge'],
  ])('exemption %s on key "%s" gives key %s', (code, key, want) => {
    const combo: JsonObject = { cat: 'VAT', ext: { 'it-sdi-exempt': code } };
    if (key) combo.key = key;
    normalizeSdiCombo(combo);
    expect(combo.key).toBe(want);
    expect(combo.ext).toEqual({ 'it-sdi-exempt': code });
  });

  it('N1 makes a zero rated combo', () => {
    const combo: JsonObject = { cat: 'VAT', ext: { 'it-sdi-exempt': 'N1' } };
    normalizeSdiCombo(combo);
    expect(combo.key).toBe('zero');
    expect(combo.percent).toBe('0%');
  });

  test.each([
    ['credit-transfer', 'MP05'],
    ['credit-transfer+sepa', 'MP05'],
    ['direct-debit+sepa-b2b', 'MP21'],
    ['online', 'MP08'],
    ['online+pagopa', 'MP23'],
  ])('payment means %s gives %s', (key, code) => {
    const node: JsonObject = { key };
    normalizeSdiPayment(node);
    expect(node.ext).toEqual({ 'it-sdi-payment-means': code });
  });

  it('pads Italian post codes and defaults the fiscal regime', () => {
    const addr: JsonObject = { country: 'IT', code: '123' };
    normalizeSdiAddress(addr);
    expect(addr.code).toBe('00123');
    const doc: JsonObject = { supplier: { tax_id: { country: 'IT' }, telephones: [{ num: '+39 06 1234' }] } };
    normalizeSdiInvoice(doc);
    expect(doc.supplier).toEqual({ tax_id: { country: 'IT' }, telephones: [{ num: ' 06 1234' }], ext: { 'it-sdi-fiscal-regime': 'RF01' } });
  });

  it('checks addresses and combos', () => {
    expect(codes(validateSdiAddress({ country: 'IT', code: '12' }, '$'))).toEqual(['01', '05', '08']);
    expect(codes(validateSdiCombo({ cat: 'VAT' }, '$'))).toEqual(['01']);
    expect(codes(validateSdiCombo({ cat: 'IRPEF', percent: '20%' }, '$'))).toEqual(['02']);
  });
});

describe('it-ticket-v1', () => {
  test.each<[string, JsonObject, JsonObject | undefined]>([
    ['standard', { cat: 'VAT', key: 'standard' }, undefined],
    ['outside scope', { cat: 'VAT', key: 'outside-scope' }, { 'it-ticket-exempt': 'N1' }],
    ['export', { cat: 'VAT', key: 'export' }, { 'it-ticket-exempt': 'N3' }],
    ['exempt', { cat: 'VAT', key: 'exempt' }, { 'it-ticket-exempt': 'N4' }],
    ['reverse charge', { cat: 'VAT', key: 'reverse-charge' }, { 'it-ticket-exempt': 'N6' }],
    ['foreign', { cat: 'VAT', country: 'FR' }, { 'it-ticket-exempt': 'N2' }],
  ])('combo %s', (_n, combo, ext) => {
    normalizeTicketCombo(combo);
    expect(combo.ext).toEqual(ext);
  });

  it('sets prices including VAT, item product and a clean lottery code', () => {
    const doc: JsonObject = { tax: { ext: { 'it-ticket-lottery': 'ab-cd 1234' } } };
    normalizeTicketInvoice(doc);
    expect(doc.tax).toEqual({ prices_include: 'VAT', ext: { 'it-ticket-lottery': 'ABCD1234' } });
    const item: JsonObject = { name: 'x' };
    normalizeTicketItem(item);
    expect(item.ext).toEqual({ 'it-ticket-product': 'services' });
  });

  test.each([
    ['22%', []],
    ['22.0%', []],
    ['7.65%', []],
    ['21%', ['02']],
  ])('VAT percent %s', (percent, want) => {
    expect(codes(validateTicketCombo({ cat: 'VAT', percent }, '$'))).toEqual(want);
  });
});

describe('gr-mydata-v1', () => {
  test.each<[string, JsonObject, JsonObject]>([
    ['general', { cat: 'VAT', key: 'standard', rate: 'general' }, { 'gr-mydata-vat-rate': '1' }],
    ['island reduced', { cat: 'VAT', rate: 'reduced+island' }, { 'gr-mydata-vat-rate': '5' }],
    ['exempt', { cat: 'VAT', key: 'exempt' }, { 'gr-mydata-exemption': '7', 'gr-mydata-vat-rate': '7' }],
    ['export', { cat: 'VAT', key: 'export' }, { 'gr-mydata-exemption': '8', 'gr-mydata-vat-rate': '7' }],
    ['intra-community', { cat: 'VAT', key: 'intra-community' }, { 'gr-mydata-exemption': '14', 'gr-mydata-vat-rate': '7' }],
    ['reverse charge', { cat: 'VAT', key: 'reverse-charge' }, { 'gr-mydata-exemption': '16', 'gr-mydata-vat-rate': '7' }],
    ['EU country', { cat: 'VAT', country: 'DE' }, { 'gr-mydata-exemption': '30', 'gr-mydata-vat-rate': '7' }],
  ])('combo %s', (_n, combo, ext) => {
    normalizeMydataCombo(combo);
    expect(combo.ext).toEqual(ext);
  });

  it('derives the key from the exemption code', () => {
    const combo: JsonObject = { cat: 'VAT', ext: { 'gr-mydata-exemption': '28' } };
    normalizeMydataCombo(combo);
    expect(combo.key).toBe('export');
  });

  test.each<[JsonObject, JsonObject]>([
    [{ key: 'stamp-duty' }, { 'gr-mydata-tax-type': '4' }],
    [{ key: 'tax' }, { 'gr-mydata-tax-type': '3' }],
    [{ ext: { 'gr-mydata-fee': '1' } }, { 'gr-mydata-fee': '1', 'gr-mydata-tax-type': '2' }],
  ])('charge %j', (charge, ext) => {
    normalizeMydataCharge(charge);
    expect(charge.ext).toEqual(ext);
  });

  it('maps payment means and checks faults', () => {
    const node: JsonObject = { key: 'credit-transfer+foreign' };
    normalizeMydataPayment(node);
    expect(node.ext).toEqual({ 'gr-mydata-payment-means': '2' });
    expect(codes(validateMydataCombo({ cat: 'VAT', ext: { 'gr-mydata-income-cat': 'x' } }, '$'))).toEqual(['01', '02', '03']);
    expect(
      codes(validateMydataCharge({ ext: { 'gr-mydata-tax-type': '2', 'gr-mydata-other-tax': '1', 'gr-mydata-stamp-duty': '1' } }, '$')),
    ).toEqual(['01', '02']);
  });

  it('scenarios give the invoice type', () => {
    const doc: JsonObject = { type: 'standard', $tags: ['services', 'export', 'eu'] };
    applyAddonScenarios(doc, ['gr-mydata-v1']);
    expect((doc.tax as JsonObject).ext).toEqual({ 'gr-mydata-invoice-type': '2.2' });
  });
});

describe('eu-en16931-v2017', () => {
  test.each<[string, JsonObject, string]>([
    ['standard', { cat: 'VAT', key: 'standard' }, 'S'],
    ['no key', { cat: 'VAT' }, 'S'],
    ['exempt', { cat: 'VAT', key: 'exempt' }, 'E'],
    ['reverse charge', { cat: 'VAT', key: 'reverse-charge' }, 'AE'],
    ['IGIC', { cat: 'IGIC' }, 'L'],
    ['IPSI', { cat: 'IPSI' }, 'M'],
    ['other', { cat: 'IRPF' }, 'O'],
  ])('combo %s', (_n, combo, code) => {
    normalizeEnCombo(combo);
    expect(combo.ext).toEqual({ 'untdid-tax-category': code });
  });

  it('derives the key of a VAT combo from its category code', () => {
    const combo: JsonObject = { cat: 'VAT', ext: { 'untdid-tax-category': 'K' } };
    normalizeEnCombo(combo);
    expect(combo.key).toBe('intra-community');
  });

  it('normalizes tax notes, inboxes and parties', () => {
    const note: JsonObject = { cat: 'VAT', key: 'exempt', text: 'x' };
    normalizeEnTaxNote(note);
    expect(note.ext).toEqual({ 'untdid-tax-category': 'E' });
    const inbox: JsonObject = { key: 'peppol', code: '0088:1234' };
    normalizeEnInbox(inbox);
    expect(inbox).toEqual({ key: 'peppol', scheme: '0088', code: '1234' });
    const party: JsonObject = { inboxes: [inbox] };
    normalizeEnParty(party);
    expect(party.endpoints).toEqual([{ uri: 'iso6523-actorid-upis::0088:1234' }]);
  });

  test.each<[string, JsonObject, string, JsonObject]>([
    ['discount', { key: 'sample' }, 'bill/discount', { 'untdid-allowance': '67' }],
    ['line charge', { key: 'delivery' }, 'bill/line-charge', { 'untdid-charge': 'DL' }],
    ['note', { key: 'general' }, 'org/note', { 'untdid-text-subject': 'AAI' }],
    ['identity', { key: 'gln' }, 'org/identity', { 'iso-scheme-id': '0088' }],
    ['SIRET identity', { type: 'SIRET' }, 'org/identity', { 'iso-scheme-id': '0009' }],
    ['instructions', { key: 'credit-transfer+sepa' }, 'pay/instructions', { 'untdid-payment-means': '58' }],
  ])('%s', (_n, node, kind, ext) => {
    euEn16931.normalize!(node, kind as never, ctx(node));
    expect(node.ext).toEqual(ext);
  });

  it('checks combos and exemption notes', () => {
    expect(codes(validateEnCombo({ cat: 'VAT', ext: { 'untdid-tax-category': 'S', 'cef-vatex': 'VATEX-EU-79-C' } }, '$'))).toEqual(['07']);
    expect(codes(validateEnCombo({ cat: 'IGIC', ext: { 'untdid-tax-category': 'S' } }, '$'))).toEqual(['03']);
    const doc: JsonObject = {
      tax: { ext: { 'untdid-document-type': '380' } },
      lines: [{}],
      totals: { payable: '0.00', taxes: { categories: [{ code: 'VAT', rates: [{ ext: { 'untdid-tax-category': 'E' } }] }] } },
    };
    expect(codes(validateEnInvoice(doc, '$.doc'))).toEqual(['08']);
  });
});

describe('fr-choruspro-v1 and de-xrechnung-v3', () => {
  test.each<[JsonObject, string | undefined]>([
    [{ tax_id: { country: 'DE' } }, '2'],
    [{ tax_id: { country: 'US' } }, '3'],
    [{ tax_id: { country: 'FR' }, identities: [{ type: 'SIRET', code: '1' }] }, '1'],
    [{ tax_id: { country: 'FR' } }, undefined],
  ])('party scheme of %j', (party, code) => {
    normalizeChorusParty(party);
    expect((party.ext as JsonObject | undefined)?.['fr-choruspro-scheme']).toBe(code);
  });

  it('rounds quantities to four decimals', () => {
    const line: JsonObject = { quantity: '1.123456' };
    normalizeChorusLine(line);
    expect(line.quantity).toBe('1.1235');
  });

  it('checks party schemes', () => {
    expect(codes(validateChorusParty({ tax_id: { country: 'FR' }, ext: { 'fr-choruspro-scheme': '1' } }, '$'))).toEqual(['02']);
    expect(codes(validateChorusParty({ tax_id: { country: 'US' }, ext: { 'fr-choruspro-scheme': '2' } }, '$'))).toEqual(['06']);
  });

  it('lists XRechnung faults for an empty invoice', () => {
    expect(codes(validateXrechnungInvoice({}, '$.doc'))).toEqual(['03', '11', '16', '29']);
  });
});

describe('co-dian-v2', () => {
  it('defaults the fiscal responsibility of Colombian parties', () => {
    const party: JsonObject = { tax_id: { country: 'CO', code: '1' } };
    normalizeDianParty(party);
    expect(party.ext).toEqual({ 'co-dian-fiscal-responsibility': 'R-99-PN' });
    const kept: JsonObject = { tax_id: { country: 'CO' }, ext: { 'co-dian-fiscal-responsibility': 'O-13' } };
    normalizeDianParty(kept);
    expect(kept.ext).toEqual({ 'co-dian-fiscal-responsibility': 'O-13' });
  });

  it('checks credit notes', () => {
    const doc: JsonObject = { type: 'credit-note', currency: 'COP', preceding: [{ code: '1' }] };
    expect(codes(validateDianInvoice(doc, '$.doc'))).toEqual(['10', '12']);
  });
});
