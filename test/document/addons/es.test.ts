import { esFacturae } from '../../../src/document/addons/es-facturae';
import {
  normalizeSiiCombo,
  normalizeSiiInvoice,
  normalizeSiiLine,
  validateSiiCombo,
  validateSiiInvoice,
} from '../../../src/document/addons/es-sii';
import {
  normalizeTbaiCombo,
  normalizeTbaiInvoice,
  normalizeTbaiLine,
  validateTbaiCombo,
  validateTbaiInvoice,
} from '../../../src/document/addons/es-tbai';
import {
  normalizeVerifactuCombo,
  normalizeVerifactuInvoice,
  validateVerifactuCombo,
  validateVerifactuInvoice,
} from '../../../src/document/addons/es-verifactu';
import { applyAddonScenarios } from '../../../src/document/addons';
import type { JsonObject } from '../../../src/document/base/types';

const codes = (faults: { code: string }[]) => faults.map((f) => f.code.slice(-2)).sort();

describe('es-verifactu-v1', () => {
  test.each<[string, JsonObject, JsonObject]>([
    ['standard', { cat: 'VAT', key: 'standard', rate: 'general' }, { 'es-verifactu-op-class': 'S1', 'es-verifactu-regime': '01' }],
    ['zero', { cat: 'VAT', key: 'zero' }, { 'es-verifactu-op-class': 'S1', 'es-verifactu-regime': '01' }],
    ['no key', { cat: 'VAT', rate: 'general' }, { 'es-verifactu-op-class': 'S1', 'es-verifactu-regime': '01' }],
    ['reverse charge', { cat: 'VAT', key: 'reverse-charge' }, { 'es-verifactu-op-class': 'S2', 'es-verifactu-regime': '01' }],
    ['outside scope', { cat: 'VAT', key: 'outside-scope' }, { 'es-verifactu-op-class': 'N2', 'es-verifactu-regime': '01' }],
    [
      'outside scope N1 kept',
      { cat: 'VAT', key: 'outside-scope', ext: { 'es-verifactu-op-class': 'N1' } },
      { 'es-verifactu-op-class': 'N1', 'es-verifactu-regime': '01' },
    ],
    ['exempt', { cat: 'VAT', key: 'exempt' }, { 'es-verifactu-exempt': 'E1', 'es-verifactu-regime': '01' }],
    [
      'exempt E6 kept',
      { cat: 'VAT', key: 'exempt', ext: { 'es-verifactu-exempt': 'E6' } },
      { 'es-verifactu-exempt': 'E6', 'es-verifactu-regime': '01' },
    ],
    ['export', { cat: 'VAT', key: 'export' }, { 'es-verifactu-exempt': 'E2', 'es-verifactu-regime': '02' }],
    ['intra-community', { cat: 'VAT', key: 'intra-community' }, { 'es-verifactu-exempt': 'E5', 'es-verifactu-regime': '01' }],
    ['surcharge', { cat: 'VAT', key: 'standard', surcharge: '5.2%' }, { 'es-verifactu-op-class': 'S1', 'es-verifactu-regime': '18' }],
    [
      'regime kept',
      { cat: 'VAT', key: 'standard', ext: { 'es-verifactu-regime': '03' } },
      { 'es-verifactu-op-class': 'S1', 'es-verifactu-regime': '03' },
    ],
    ['foreign', { cat: 'VAT', country: 'FR', key: 'standard' }, { 'es-verifactu-op-class': 'N2', 'es-verifactu-regime': '01' }],
    [
      'foreign 17 kept',
      { cat: 'VAT', country: 'FR', ext: { 'es-verifactu-regime': '17', 'es-verifactu-exempt': 'E1' } },
      { 'es-verifactu-op-class': 'N2', 'es-verifactu-regime': '17' },
    ],
    ['IGIC', { cat: 'IGIC', key: 'standard' }, { 'es-verifactu-op-class': 'S1', 'es-verifactu-regime': '01' }],
  ])('combo %s', (_name, combo, ext) => {
    normalizeVerifactuCombo(combo);
    expect(combo.ext).toEqual(ext);
  });

  test.each<[string, JsonObject, string]>([
    ['E5 gives intra-community', { cat: 'VAT', ext: { 'es-verifactu-exempt': 'E5' } }, 'intra-community'],
    ['E3 gives export', { cat: 'VAT', ext: { 'es-verifactu-exempt': 'E3' } }, 'export'],
    ['S2 gives reverse charge', { cat: 'VAT', ext: { 'es-verifactu-op-class': 'S2' } }, 'reverse-charge'],
    ['N1 gives outside scope', { cat: 'VAT', ext: { 'es-verifactu-op-class': 'N1' } }, 'outside-scope'],
  ])('combo key: %s', (_name, combo, key) => {
    normalizeVerifactuCombo(combo);
    expect(combo.key).toBe(key);
  });

  it('leaves other categories alone', () => {
    const combo: JsonObject = { cat: 'IRPF', key: 'standard' };
    normalizeVerifactuCombo(combo);
    expect(combo).toEqual({ cat: 'IRPF', key: 'standard' });
  });

  test.each<[string, JsonObject, JsonObject | undefined]>([
    ['standard', { type: 'standard' }, undefined],
    ['credit note', { type: 'credit-note' }, { 'es-verifactu-correction-type': 'I', 'es-verifactu-doc-type': 'R1' }],
    ['corrective', { type: 'corrective' }, { 'es-verifactu-correction-type': 'S', 'es-verifactu-doc-type': 'R1' }],
    [
      'corrective R4 kept',
      { type: 'corrective', tax: { ext: { 'es-verifactu-doc-type': 'R4' } } },
      { 'es-verifactu-correction-type': 'S', 'es-verifactu-doc-type': 'R4' },
    ],
    ['self-billed', { $tags: ['self-billed'] }, { 'es-verifactu-issuer-type': 'D' }],
    ['third party issuer', { ordering: { issuer: { name: 'X' } } }, { 'es-verifactu-issuer-type': 'T' }],
  ])('invoice %s', (_name, doc, ext) => {
    normalizeVerifactuInvoice(doc);
    expect((doc.tax as JsonObject | undefined)?.ext).toEqual(ext);
  });

  test.each([
    ['passport', '03'],
    ['foreign', '04'],
    ['resident', '05'],
    ['other', '06'],
  ])('customer identity %s gets type %s', (key, code) => {
    const doc: JsonObject = { customer: { name: 'C', identities: [{ key, code: 'X1' }] } };
    normalizeVerifactuInvoice(doc);
    expect((doc.customer as { identities: JsonObject[] }).identities[0].ext).toEqual({ 'es-verifactu-identity-type': code });
  });

  it('does not type identities of Spanish tax payers', () => {
    const doc: JsonObject = { customer: { tax_id: { country: 'ES', code: 'B98602642' }, identities: [{ key: 'passport', code: 'X' }] } };
    normalizeVerifactuInvoice(doc);
    expect((doc.customer as { identities: JsonObject[] }).identities[0].ext).toBeUndefined();
  });

  it('scenarios override the corrective default for simplified notes', () => {
    const doc: JsonObject = { type: 'credit-note', $tags: ['simplified'] };
    normalizeVerifactuInvoice(doc);
    applyAddonScenarios(doc, ['es-verifactu-v1']);
    expect((doc.tax as JsonObject).ext).toEqual({ 'es-verifactu-correction-type': 'I', 'es-verifactu-doc-type': 'R5' });
  });

  const good: JsonObject = {
    type: 'standard',
    currency: 'EUR',
    customer: { tax_id: { country: 'ES', code: 'B98602642' } },
    tax: { ext: { 'es-verifactu-doc-type': 'F1' } },
    lines: [{ taxes: [{ cat: 'VAT' }] }],
  };

  test.each<[string, JsonObject, string[]]>([
    ['valid', good, []],
    ['USD without rate', { ...good, currency: 'USD' }, ['16']],
    [
      'corrective without preceding',
      { ...good, type: 'corrective', tax: { ext: { 'es-verifactu-doc-type': 'R1', 'es-verifactu-correction-type': 'S' } } },
      ['01'],
    ],
    [
      'preceding without date or tax',
      {
        ...good,
        type: 'corrective',
        preceding: [{ code: '1' }],
        tax: { ext: { 'es-verifactu-doc-type': 'R1', 'es-verifactu-correction-type': 'S' } },
      },
      ['02', '03'],
    ],
    ['simplified with tax id', { ...good, tax: { ext: { 'es-verifactu-doc-type': 'F2' } } }, ['04']],
    ['no customer', { ...good, customer: null }, ['06']],
    ['customer without id', { ...good, customer: { name: 'X' } }, ['07']],
    ['tax id without code', { ...good, customer: { tax_id: { country: 'ES' } } }, ['08']],
    [
      'identity without country',
      { ...good, customer: { identities: [{ code: 'X', ext: { 'es-verifactu-identity-type': '03' } }] } },
      ['17'],
    ],
    ['no tax', { ...good, tax: null }, ['09']],
    // GOBL asks for a correction type when there is no doc type too: its "doc type in R1–R5" holds on an absent key.
    ['no doc type', { ...good, tax: { ext: {} } }, ['10', '13']],
    ['no doc type, a correction type', { ...good, tax: { ext: { 'es-verifactu-correction-type': 'S' } } }, ['10']],
    ['wrong standard doc type', { ...good, tax: { ext: { 'es-verifactu-doc-type': 'R1', 'es-verifactu-correction-type': 'I' } } }, ['11']],
    ['R doc type without correction type', { ...good, type: 'credit-note', tax: { ext: { 'es-verifactu-doc-type': 'R1' } } }, ['13']],
    ['long note', { ...good, notes: [{ key: 'general', text: 'x'.repeat(501) }] }, ['14']],
    ['line without VAT', { ...good, lines: [{ taxes: [{ cat: 'IRPF' }] }] }, ['15']],
  ])('invoice faults: %s', (_name, doc, want) => {
    expect(codes(validateVerifactuInvoice(doc, '$.doc'))).toEqual(want);
  });

  test.each<[string, JsonObject, string[]]>([
    ['valid', { cat: 'VAT', percent: '21%', ext: { 'es-verifactu-regime': '01', 'es-verifactu-op-class': 'S1' } }, []],
    ['no regime', { cat: 'VAT', ext: { 'es-verifactu-exempt': 'E1' } }, ['01']],
    ['E2 with 01', { cat: 'VAT', ext: { 'es-verifactu-regime': '01', 'es-verifactu-exempt': 'E2' } }, ['02']],
    ['both', { cat: 'VAT', ext: { 'es-verifactu-regime': '01', 'es-verifactu-exempt': 'E1', 'es-verifactu-op-class': 'S1' } }, ['03']],
    ['taxed without class', { cat: 'VAT', percent: '21%', ext: { 'es-verifactu-regime': '01' } }, ['04']],
    ['other category', { cat: 'IRPF' }, []],
  ])('combo faults: %s', (_name, combo, want) => {
    const faults = validateVerifactuCombo(combo, '$.doc.lines[0].taxes[0]');
    expect(codes(faults)).toEqual(want);
    for (const f of faults) expect(f.paths).toEqual(['$.doc.lines[0].taxes[0].ext']);
  });
});

describe('es-sii-v1', () => {
  test.each<[string, JsonObject, JsonObject]>([
    ['standard', { cat: 'VAT', key: 'standard' }, { 'es-sii-regime': '01' }],
    ['exempt', { cat: 'VAT', key: 'exempt' }, { 'es-sii-exempt': 'E1', 'es-sii-regime': '01' }],
    ['export', { cat: 'VAT', key: 'export' }, { 'es-sii-exempt': 'E2', 'es-sii-regime': '02' }],
    ['intra-community', { cat: 'VAT', key: 'intra-community' }, { 'es-sii-exempt': 'E5', 'es-sii-regime': '01' }],
    ['outside scope', { cat: 'VAT', key: 'outside-scope' }, { 'es-sii-outside-scope': 'location', 'es-sii-regime': '01' }],
    ['foreign', { cat: 'VAT', country: 'PT' }, { 'es-sii-outside-scope': 'location', 'es-sii-regime': '01' }],
    ['reverse charge drops exempt', { cat: 'VAT', key: 'reverse-charge', ext: { 'es-sii-exempt': 'E1' } }, { 'es-sii-regime': '01' }],
  ])('combo %s', (_name, combo, ext) => {
    normalizeSiiCombo(combo);
    expect(combo.ext).toEqual(ext);
  });

  it('marks the product of the line VAT combo', () => {
    const line: JsonObject = { item: { key: 'goods' }, taxes: [{ cat: 'IRPF' }, { cat: 'VAT', key: 'standard' }] };
    normalizeSiiLine(line);
    expect((line.taxes as JsonObject[])[1].ext).toEqual({ 'es-sii-product': 'goods' });
    expect((line.taxes as JsonObject[])[0].ext).toBeUndefined();
  });

  it('marks third party issuers and self-billing', () => {
    const doc: JsonObject = { $tags: ['self-billed'] };
    normalizeSiiInvoice(doc);
    expect((doc.tax as JsonObject).ext).toEqual({ 'es-sii-third-party-issuer': 'S' });
  });

  test.each<[string, JsonObject, string[]]>([
    ['valid', { currency: 'EUR', customer: { tax_id: { country: 'ES', code: 'B1' } }, tax: { ext: { 'es-sii-doc-type': 'F1' } } }, []],
    ['simplified needs no customer', { currency: 'EUR', tax: { ext: { 'es-sii-doc-type': 'F2' } } }, []],
    ['no customer', { currency: 'EUR', tax: { ext: { 'es-sii-doc-type': 'F1' } } }, ['04']],
    // As for VeriFactu: GOBL's "doc type in R1–R5" holds on an absent key, so a correction type is asked for too.
    ['no doc type', { currency: 'EUR', customer: { tax_id: { country: 'ES', code: 'B1' } }, tax: {} }, ['08', '09']],
    [
      'mixed regimes',
      {
        currency: 'EUR',
        customer: { tax_id: { country: 'ES', code: 'B1' } },
        tax: { ext: { 'es-sii-doc-type': 'F1' } },
        lines: [
          { taxes: [{ cat: 'VAT', ext: { 'es-sii-regime': '01', 'es-sii-product': 'goods' } }] },
          { taxes: [{ cat: 'VAT', ext: { 'es-sii-regime': '02' } }] },
        ],
      },
      ['13', '14'],
    ],
  ])('invoice faults: %s', (_name, doc, want) => {
    expect(codes(validateSiiInvoice(doc, '$.doc'))).toEqual(want);
  });

  test.each<[string, JsonObject, string[]]>([
    ['no regime', { cat: 'VAT' }, ['01']],
    ['exempt with percent', { cat: 'VAT', percent: '21%', ext: { 'es-sii-regime': '01', 'es-sii-exempt': 'E1' } }, ['02']],
    [
      'exempt and outside scope',
      { cat: 'VAT', ext: { 'es-sii-regime': '02', 'es-sii-exempt': 'E1', 'es-sii-outside-scope': 'other' } },
      ['03'],
    ],
    ['E3 with 01', { cat: 'VAT', ext: { 'es-sii-regime': '01', 'es-sii-exempt': 'E3' } }, ['04']],
  ])('combo faults: %s', (_name, combo, want) => {
    expect(codes(validateSiiCombo(combo, '$.doc.lines[0].taxes[0]'))).toEqual(want);
  });
});

describe('es-tbai-v1', () => {
  test.each<[string, JsonObject, JsonObject]>([
    ['standard', { cat: 'VAT', key: 'standard' }, { 'es-tbai-regime': '01' }],
    ['equivalence rate', { cat: 'VAT', key: 'standard', rate: 'general+eqs' }, { 'es-tbai-regime': '51' }],
    ['reverse charge', { cat: 'VAT', key: 'reverse-charge' }, { 'es-tbai-exemption': 'S2', 'es-tbai-regime': '01' }],
    ['outside scope', { cat: 'VAT', key: 'outside-scope' }, { 'es-tbai-exemption': 'RL', 'es-tbai-regime': '01' }],
    ['export', { cat: 'VAT', key: 'export' }, { 'es-tbai-exemption': 'E2', 'es-tbai-regime': '02' }],
    ['EU country', { cat: 'VAT', country: 'FR' }, { 'es-tbai-exemption': 'IE', 'es-tbai-regime': '01' }],
    ['non EU country', { cat: 'VAT', country: 'GB' }, { 'es-tbai-exemption': 'RL', 'es-tbai-regime': '01' }],
    ['IGIC', { cat: 'IGIC', key: 'standard' }, { 'es-tbai-exemption': 'IE', 'es-tbai-regime': '08' }],
  ])('combo %s', (_name, combo, ext) => {
    normalizeTbaiCombo(combo);
    expect(combo.ext).toEqual(ext);
  });

  test.each<[string, JsonObject, string]>([
    ['goods', { item: { key: 'goods' }, taxes: [{ cat: 'VAT' }] }, 'goods'],
    ['resale kept', { item: { key: 'goods' }, taxes: [{ cat: 'VAT', ext: { 'es-tbai-product': 'resale' } }] }, 'resale'],
    ['no key is services', { item: { name: 'x' }, taxes: [{ cat: 'VAT' }] }, 'services'],
  ])('line product: %s', (_name, line, code) => {
    normalizeTbaiLine(line);
    expect((line.taxes as JsonObject[])[0].ext).toEqual({ 'es-tbai-product': code });
  });

  test.each([
    ['Bizkaia', 'BI'],
    ['álava', 'VI'],
    ['GIPUZKOA', 'SS'],
  ])('supplier region %s gives %s', (region, code) => {
    const doc: JsonObject = { supplier: { addresses: [{ region }] }, $tags: ['simplified'] };
    normalizeTbaiInvoice(doc);
    expect((doc.tax as JsonObject).ext).toEqual({ 'es-tbai-region': code, 'es-tbai-simplified': 'S' });
  });

  it('leaves tax alone outside the Basque Country', () => {
    const doc: JsonObject = { supplier: { addresses: [{ region: 'Madrid' }] } };
    normalizeTbaiInvoice(doc);
    expect(doc.tax).toBeUndefined();
  });

  const good: JsonObject = {
    currency: 'EUR',
    supplier: { tax_id: { country: 'ES', code: 'B98602642' } },
    customer: { tax_id: { country: 'ES', code: 'B1' } },
    tax: { ext: { 'es-tbai-region': 'BI' } },
    notes: [{ key: 'general', text: 'x' }],
  };
  test.each<[string, JsonObject, string[]]>([
    ['valid', good, []],
    ['no region', { ...good, tax: {} }, ['02']],
    ['no note', { ...good, notes: [] }, ['07']],
    ['Bizkaia individual', { ...good, supplier: { tax_id: { country: 'ES', code: '12345678Z' } } }, ['10']],
    [
      'bad activity',
      { ...good, supplier: { tax_id: { country: 'ES', code: 'B98602642' }, ext: { 'es-tbai-bi-activity': 'abc' } } },
      ['11'],
    ],
    ['credit note without preceding', { ...good, type: 'credit-note' }, ['04']],
    ['preceding without correction', { ...good, preceding: [{ issue_date: '2024-01-01' }] }, ['06']],
  ])('invoice faults: %s', (_name, doc, want) => {
    expect(codes(validateTbaiInvoice(doc, '$.doc'))).toEqual(want);
  });

  it('requires an exemption code on exempt combos', () => {
    expect(codes(validateTbaiCombo({ cat: 'VAT', key: 'exempt' }, '$'))).toEqual(['01']);
    expect(validateTbaiCombo({ cat: 'VAT', key: 'exempt', ext: { 'es-tbai-exemption': 'E1' } }, '$')).toEqual([]);
  });
});

describe('es-facturae-v3', () => {
  it('takes its codes from scenarios', () => {
    const doc: JsonObject = { type: 'standard', $tags: ['simplified'] };
    applyAddonScenarios(doc, ['es-facturae-v3']);
    expect((doc.tax as JsonObject).ext).toEqual({ 'es-facturae-doc-type': 'FA', 'es-facturae-invoice-class': 'OO' });
  });

  test.each<[string, JsonObject, string[]]>([
    ['valid', { currency: 'EUR', tax: { ext: { 'es-facturae-doc-type': 'FC', 'es-facturae-invoice-class': 'OO' } } }, []],
    ['missing class', { currency: 'EUR', tax: { ext: { 'es-facturae-doc-type': 'FC' } } }, ['03']],
    [
      'Spanish customer without code',
      {
        currency: 'EUR',
        customer: { tax_id: { country: 'ES' } },
        tax: { ext: { 'es-facturae-doc-type': 'FC', 'es-facturae-invoice-class': 'OO' } },
      },
      ['01'],
    ],
    [
      'credit note without preceding',
      { type: 'credit-note', currency: 'EUR', tax: { ext: { 'es-facturae-doc-type': 'FC', 'es-facturae-invoice-class': 'OR' } } },
      ['04'],
    ],
    [
      'preceding without ext',
      {
        type: 'credit-note',
        currency: 'EUR',
        preceding: [{ code: '1' }],
        tax: { ext: { 'es-facturae-doc-type': 'FC', 'es-facturae-invoice-class': 'OR' } },
      },
      ['05', '06'],
    ],
  ])('invoice faults: %s', (_name, doc, want) => {
    expect(codes(esFacturae.validate!(doc, 'bill/invoice', '$.doc', { doc, addons: [] }))).toEqual(want);
  });
});
