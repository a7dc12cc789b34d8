import { processDocument } from '../../../src/document';
import { fieldNameOf, foldName } from '../../../src/document/pipeline/field-names';
import { GOBL_TYPES } from '../../../src/document/model/gobl-types';
import type { Envelope, JsonObject } from '../../../src/document/base/types';

// Every expectation below was checked against GOBL (v0.502.1) with the same input.
const ctx = { newUuid: () => '0190f0b8-0000-7000-8000-00000000ffff', now: new Date('2024-03-10T10:00:00Z') };
const S = 'https://gobl.org/draft-0/';
const KELVIN = '\u212a';
const LONG_S = '\u017f';

const invoice = (): JsonObject => ({
  $schema: `${S}bill/invoice`,
  $regime: 'DE',
  type: 'standard',
  series: 'A',
  code: '1',
  issue_date: '2024-05-01',
  currency: 'EUR',
  supplier: { name: 'Sup GmbH', tax_id: { country: 'DE', code: '111111125' } },
  customer: { name: 'Cust GmbH', tax_id: { country: 'DE', code: '282741168' } },
  lines: [{ quantity: '1', item: { name: 'Thing', price: '10.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] }],
});

function build(data: JsonObject): Envelope {
  const r = processDocument(data, ctx);
  if (!r.ok) throw new Error(`${r.error}: ${r.message}`);
  return r.envelope;
}

const docOf = (data: JsonObject): JsonObject => build(data).doc as JsonObject;

describe('folding a key as Go compares it with a field name', () => {
  test.each([
    ['series', 'SERIES'],
    [`${KELVIN}ey`, 'KEY'],
    [`${LONG_S}eries`, 'SERIES'],
    ['$regime', '$REGIME'],
    ['\u0130ssue_date', '\u0130SSUE_DATE'],
  ])('%s folds to %s', (key, folded) => expect(foldName(key)).toBe(folded));

  test.each([
    ['bill/invoice', 'SERIES', 'series'],
    ['bill/invoice', 'Tax', 'tax'],
    ['bill/invoice', `${LONG_S}erie${LONG_S}`, 'series'],
    ['bill/invoice', '$REGIME', '$regime'],
    ['org/item', `${KELVIN}EY`, 'key'],
    ['pay/terms', 'Detail', 'detail'],
    ['bill/invoice', '\u0130ssue_date', undefined],
    ['bill/invoice', '\u0131ssue_date', undefined],
    ['bill/invoice', 'issueDate', undefined],
  ])('in %s, %s fills %s', (kind, key, field) => expect(fieldNameOf(kind, key)).toBe(field));

  test('no two fields of one type fold alike', () => {
    for (const d of Object.values(GOBL_TYPES)) {
      if (typeof d !== 'object') continue;
      const folded = Object.keys(d.fields).map(foldName);
      expect(new Set(folded).size).toBe(folded.length);
    }
  });
});

describe('a key in another case fills the field', () => {
  test('at the root, in parties, in their tax IDs and in lines', () => {
    const d = invoice();
    delete d.series;
    d.SERIES = 'B';
    d.Supplier = d.supplier;
    delete d.supplier;
    d.Supplier = { NAME: 'Sup GmbH', Tax_Id: { Country: 'DE', CODE: '111111125' } };
    d.lines = [
      { Quantity: '2', ITEM: { name: 'Thing', PRICE: '10.00', [`${KELVIN}ey`]: 'goods' }, taxes: [{ CAT: 'VAT', rate: 'general' }] },
    ];
    const doc = docOf(d);
    expect(doc.series).toBe('B');
    expect(doc.supplier).toEqual({ name: 'Sup GmbH', tax_id: { country: 'DE', code: '111111125' } });
    expect(doc.lines).toMatchObject([{ quantity: '2', item: { key: 'goods', price: '10.00' }, total: '20.00' }]);
  });

  test('the long s reads as s', () => {
    const d = invoice();
    delete d.series;
    d[`${LONG_S}erie${LONG_S}`] = 'LS';
    expect(docOf(d).series).toBe('LS');
  });

  test('$regime, $tags and $schema', () => {
    const d = invoice();
    delete d.$regime;
    delete d.$schema;
    d.$SCHEMA = `${S}bill/invoice`;
    d.$REGIME = 'ES';
    d.$Tags = ['simplified'];
    d.supplier = { name: 'Sup SL', tax_id: { country: 'ES', code: 'B98602642' } };
    d.lines = [{ quantity: '1', item: { name: 'Thing', price: '10.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] }];
    const doc = docOf(d);
    expect(doc).toMatchObject({ $schema: `${S}bill/invoice`, $regime: 'ES', $tags: ['simplified'] });
    expect(Object.keys(doc)).not.toContain('$SCHEMA');
  });

  test('the last of several $schema keys decides the type', () => {
    const r = processDocument({ ...invoice(), [`$${LONG_S}chema`]: `${S}bill/order` }, ctx);
    expect(r.ok && r.envelope.doc.$schema).toBe(`${S}bill/order`);
  });

  test('in a party and in a message', () => {
    const party = docOf({
      $schema: `${S}org/party`,
      NAME: 'P',
      Tax_ID: { Country: 'ES', code: 'B98602642' },
      Emails: [{ ADDR: 'a@b.com' }],
    });
    expect(party).toMatchObject({ name: 'P', tax_id: { country: 'ES', code: 'B98602642' }, emails: [{ addr: 'a@b.com' }] });
    expect(docOf({ $schema: `${S}note/message`, TITLE: 'T', Content: 'C' })).toMatchObject({ title: 'T', content: 'C' });
  });

  test('in an envelope and its header', () => {
    const env = build({ $SCHEMA: `${S}envelope`, HEAD: { Notes: 'n', META: { ab: 'x' } }, Doc: invoice() });
    expect(env.head).toMatchObject({ notes: 'n', meta: { ab: 'x' } });
    expect(env.doc.series).toBe('A');
  });

  test('in former fields GOBL still reads', () => {
    const d = invoice();
    d.tax = { TAGS: ['simplified'] };
    d.lines = [{ quantity: '1', item: { name: 'Thing', price: '10.00' }, taxes: [{ cat: 'VAT', Tags: ['reduced'] }] }];
    d.payment = { instructions: { key: 'online', online: [{ NAME: 'Pay', ADDR: 'https://pay.example.com' }] } };
    const doc = docOf(d);
    expect(doc.$tags).toEqual(['simplified']);
    expect(doc.lines).toMatchObject([{ taxes: [{ rate: 'reduced', percent: '7%' }] }]);
    expect(doc.payment).toMatchObject({ instructions: { online: [{ label: 'Pay', url: 'https://pay.example.com' }] } });
  });
});

describe('several keys filling one field are read in order', () => {
  test.each([
    ['exact, then another case', { series: 'A', SERIES: 'B' }, 'B'],
    ['another case, then exact', { SERIES: 'B', series: 'A' }, 'A'],
    ['two other cases', { Series: 'B', SERIES: 'C' }, 'C'],
    ['a later null leaves a text', { series: 'A', Series: null }, 'A'],
  ])('%s', (_name, keys, series) => {
    const d = invoice();
    delete d.series;
    expect(docOf({ ...d, ...(keys as JsonObject) }).series).toBe(series);
  });

  test('a later object merges into the earlier one, at every depth', () => {
    const d = invoice();
    d.supplier = { name: 'A', tax_id: { country: 'DE', code: '282741168' } };
    d.SUPPLIER = { tax_id: { Code: '111111125' } };
    expect(docOf(d).supplier).toEqual({ name: 'A', tax_id: { country: 'DE', code: '111111125' } });
  });

  test('a later list decodes into the earlier items and sets the length', () => {
    const d = invoice();
    (d.lines as JsonObject[]).push({ quantity: '3', item: { name: 'B', price: '1.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] });
    d.Lines = [{ quantity: '2' }];
    expect(docOf(d).lines).toMatchObject([{ i: 1, quantity: '2', item: { name: 'Thing', price: '10.00' }, total: '20.00' }]);
  });

  test('a later null clears an object', () => {
    expect(docOf({ ...invoice(), Customer: null }).customer).toBeUndefined();
  });

  test('later extensions replace the earlier ones; a later meta adds to it', () => {
    const d = invoice();
    d.supplier = { ...(d.supplier as JsonObject), ext: { 'de-a': '1' }, EXT: { 'de-c': '3' } };
    d.meta = { a: '1', b: '2' };
    d.Meta = { c: '3', a: 'x' };
    const doc = docOf(d);
    expect((doc.supplier as JsonObject).ext).toEqual({ 'de-c': '3' });
    expect(doc.meta).toEqual({ a: 'x', b: '2', c: '3' });
  });

  test('a former field is applied before a later object merges in, as GOBL reads each object afresh', () => {
    const d = invoice();
    d.payment = { terms: { key: 'instant', detail: 'X' }, Terms: { notes: 'Y' } };
    expect(docOf(d).payment).toEqual({ terms: { key: 'instant', notes: 'Y' } });
  });

  test('a later document in an envelope replaces the earlier one', () => {
    const r = processDocument(
      { $schema: `${S}envelope`, head: {}, doc: invoice(), DOC: { ...invoice(), series: 'Z', customer: null } },
      ctx,
    );
    expect(r.ok && r.envelope.doc.series).toBe('Z');
    expect(r.ok && r.envelope.doc.customer).toBeUndefined();
  });
});

describe('what is not a field name', () => {
  test('map keys are kept as given', () => {
    const d = invoice();
    d.meta = { foo: '1', FOO: '2' };
    d.supplier = { ...(d.supplier as JsonObject), ext: { 'DE-X': 'a', 'de-x': 'b' } };
    const doc = docOf(d);
    expect(doc.meta).toEqual({ foo: '1', FOO: '2' });
    expect((doc.supplier as JsonObject).ext).toEqual({ 'DE-X': 'a', 'de-x': 'b' });
  });

  test('a key that folds to no field is still dropped, at every depth', () => {
    const d = invoice();
    d.Colour = 'red';
    d['\u0130ssue_date'] = '2024-01-01';
    (d.supplier as JsonObject).TaxId = { country: 'DE' };
    const doc = docOf(d);
    expect(Object.keys(doc)).not.toContain('Colour');
    expect(doc.issue_date).toBe('2024-05-01');
    expect(Object.keys(doc.supplier as JsonObject)).toEqual(['name', 'tax_id']);
  });

  test('the input is not modified', () => {
    const d = { ...invoice(), SERIES: 'B' };
    const before = JSON.stringify(d);
    docOf(d);
    expect(JSON.stringify(d)).toBe(before);
  });
});
