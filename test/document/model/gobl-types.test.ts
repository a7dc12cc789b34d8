import * as fs from 'node:fs';
import * as path from 'node:path';
import { TYPES_FILE, describeTypes, typesFileText } from '../../../scripts/generate-types';
import { GOBL_TYPES, type ObjectKind } from '../../../src/document/model/gobl-types';
import { MAP_FIELDS, isObjectKind, modelOf } from '../../../src/document/model/type-model';
import { DOCUMENT_SCHEMAS } from '../../../src/document/base/schemas';
import { GOBL_DATA, withGobl } from '../../helpers/golden-examples';

const SCHEMAS = path.join(GOBL_DATA, 'schemas');

/** Every type name a type expression mentions. */
function namesIn(expr: string): string[] {
  const inner = expr.replace(/^[[{]|[\]}]$/g, '');
  return ['string', 'integer', 'number', 'boolean', 'object'].includes(inner) ? [] : [inner];
}

describe('the description of GOBL types', () => {
  withGobl.test('is what the generator makes of GOBL schemas now (run scripts/generate-types.ts when it is not)', () => {
    expect(fs.readFileSync(TYPES_FILE, 'utf8')).toBe(typesFileText(SCHEMAS));
  });

  withGobl.test('keeps each object type fields in the order of the schema properties', () => {
    const bill = JSON.parse(fs.readFileSync(path.join(SCHEMAS, 'bill/invoice.json'), 'utf8'));
    expect(modelOf('bill/invoice')?.order).toEqual(Object.keys(bill.$defs['bill.Invoice'].properties));
    const line = JSON.parse(fs.readFileSync(path.join(SCHEMAS, 'bill/line.json'), 'utf8'));
    expect(modelOf('bill/sub-line')?.order).toEqual(Object.keys(line.$defs['bill.SubLine'].properties));
  });

  withGobl.test('the generator refuses a schema construct it cannot describe', () => {
    const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'gobl-schemas-'));
    try {
      fs.mkdirSync(path.join(dir, 'bill'));
      const odd = {
        $id: 'https://gobl.org/draft-0/bill/invoice',
        $ref: '#/$defs/bill.Invoice',
        $defs: { 'bill.Invoice': { type: 'object', properties: { code: { allOf: [{ type: 'string' }] } } } },
      };
      fs.writeFileSync(path.join(dir, 'bill/invoice.json'), JSON.stringify(odd));
      expect(() => describeTypes(dir, ['bill/invoice'])).toThrow(/allOf/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('describes every type it names, and every document the engine accepts', () => {
    const missing: string[] = [];
    for (const [name, d] of Object.entries(GOBL_TYPES)) {
      const exprs = typeof d === 'string' ? [d] : Object.values(d.fields);
      for (const e of exprs) for (const n of namesIn(e)) if (!(n in GOBL_TYPES)) missing.push(`${name}: ${n}`);
    }
    expect(missing).toEqual([]);
    for (const doc of DOCUMENT_SCHEMAS) expect(isObjectKind(doc)).toBe(true);
    expect(isObjectKind('head/header')).toBe(true);
  });

  test('ObjectKind, read from gobl-types.data.json, names the object types and not the type expressions', () => {
    const kind: ObjectKind = 'bill/invoice';
    // @ts-expect-error tax/extensions is a type expression (a map of codes), not an object type
    const expression: ObjectKind = 'tax/extensions';
    expect([isObjectKind(kind), isObjectKind(expression)]).toEqual([true, false]);
  });

  test('required and calculated fields are fields of their type', () => {
    for (const [name, d] of Object.entries(GOBL_TYPES)) {
      if (typeof d === 'string') continue;
      for (const f of [...(d.required ?? []), ...(d.calculated ?? [])]) expect(`${name}.${f}:${f in d.fields}`).toBe(`${name}.${f}:true`);
    }
    expect(modelOf('bill/line')?.calculated).toEqual(['i', 'sum', 'total']);
    expect(modelOf('bill/invoice')?.required).toEqual(['type', 'issue_date', 'currency', 'supplier', 'totals']);
  });

  test('a field name is a map everywhere or nowhere, so empty maps can be found by name', () => {
    expect([...MAP_FIELDS].sort()).toEqual(['ext', 'meta']);
    for (const name of Object.keys(GOBL_TYPES)) {
      for (const f of modelOf(name)?.fields ?? []) {
        if (MAP_FIELDS.has(f.name)) expect(`${name}.${f.name}:${f.map}`).toBe(`${name}.${f.name}:true`);
      }
    }
  });

  test.each<[string, string, string, boolean]>([
    // The three tables used to disagree on these.
    ['bill/status-line', 'doc', 'org/document-ref', false],
    ['bill/payment', 'methods', 'pay/record', true],
    ['bill/payment-details', 'advances', 'pay/record', true],
    ['bill/invoice', 'preceding', 'org/document-ref', true],
    ['bill/order', 'contracts', 'org/document-ref', true],
    ['bill/order', 'buyer', 'org/party', false],
    ['bill/line', 'taxes', 'tax/combo', true],
    ['bill/sub-line', 'discounts', 'bill/line-discount', true],
    ['pay/instructions', 'credit_transfer', 'pay/credit-transfer', true],
    ['pay/record', 'credit_transfer', 'pay/credit-transfer', false],
    ['org/item', 'alt_prices', 'currency/amount', true],
    ['bill/payment-line', 'tax', 'tax/total', false],
    ['head/header', 'stamps', 'head/stamp', true],
  ])('%s.%s holds %s (list: %s)', (kind, field, child, list) => {
    const f = modelOf(kind)?.fields.find((x) => x.name === field);
    expect(f && { kind: f.kind, list: f.list }).toEqual({ kind: child, list });
  });

  test.each<[string, string]>([
    ['bill/order', 'ordering'],
    ['bill/delivery', 'payment'],
    ['bill/payment', 'instructions'],
    ['bill/sub-line', 'taxes'],
    ['org/party', '$schema'],
  ])('%s has no %s', (kind, field) => {
    expect(modelOf(kind)?.known.has(field)).toBe(false);
  });
});
