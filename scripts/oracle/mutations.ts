/**
 * Deliberate faults for the invalid share of generated documents. Each says what GOBL is expected to do:
 * refuse the document, or accept it (Go drops fields it does not know and reads a field name in another case
 * as the field).
 */
import type { JsonObject } from '../../src/document/base/types';
import type { Random } from './random';
import { extensionKeys } from './addons';
import { codePasses, invalidTaxCode } from './tax-codes';
import { unknownRateCombo } from './taxes';
import type { Regime } from '../../src/document/tax/regime-def';

export type Expectation = 'accept' | 'refuse';

export interface Mutation {
  name: string;
  expect: Expectation;
  /** Applies the mutation in place; false when it does not fit this document. */
  apply: (rng: Random, doc: JsonObject, regime: Regime) => boolean;
}

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const firstLine = (doc: JsonObject): JsonObject | undefined => (Array.isArray(doc.lines) && isObj(doc.lines[0]) ? doc.lines[0] : undefined);
const isBill = (doc: JsonObject) => String(doc.$schema).includes('/bill/');
const hasLineItems = (doc: JsonObject) => /bill\/(invoice|order|delivery)$/.test(String(doc.$schema));

/** Every object in the document, with a little depth, for nested unknown fields. */
function nestedObjects(doc: JsonObject): JsonObject[] {
  const out: JsonObject[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 4) return;
    if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    else if (isObj(v)) {
      if (depth > 0) out.push(v);
      Object.values(v).forEach((x) => walk(x, depth + 1));
    }
  };
  walk(doc, 0);
  return out;
}

export const MUTATIONS: Mutation[] = [
  { name: 'missing-supplier', expect: 'refuse', apply: (_r, d) => isBill(d) && delete d.supplier },
  {
    name: 'missing-item-name',
    expect: 'refuse',
    apply: (_r, d) => {
      const l = firstLine(d);
      return hasLineItems(d) && !!l && isObj(l.item) && delete l.item.name;
    },
  },
  {
    name: 'bad-supplier-tax-id',
    expect: 'refuse',
    apply: (r, d) => {
      const p = isObj(d.supplier) ? d.supplier : String(d.$schema).endsWith('org/party') ? d : undefined;
      if (!p || !isObj(p.tax_id) || typeof p.tax_id.country !== 'string') return false;
      const code = invalidTaxCode(r, p.tax_id.country);
      if (codePasses(p.tax_id.country, code)) return false;
      p.tax_id.code = code;
      return true;
    },
  },
  { name: 'bad-currency', expect: 'refuse', apply: (_r, d) => hasLineItems(d) && ((d.currency = 'XQZ'), true) },
  {
    name: 'missing-exchange-rate',
    expect: 'refuse',
    apply: (_r, d, regime) => {
      if (!hasLineItems(d)) return false;
      d.currency = regime.currency === 'USD' ? 'EUR' : 'USD';
      delete d.exchange_rates;
      return true;
    },
  },
  {
    name: 'unknown-tax-rate',
    expect: 'refuse',
    apply: (_r, d, regime) => {
      const l = firstLine(d);
      if (!hasLineItems(d) || !l) return false;
      l.taxes = [unknownRateCombo(regime)];
      return true;
    },
  },
  {
    name: 'unknown-tax-category',
    expect: 'refuse',
    apply: (_r, d) => {
      const l = firstLine(d);
      if (!hasLineItems(d) || !l) return false;
      l.taxes = [{ cat: 'ZZT', percent: '10%' }];
      return true;
    },
  },
  {
    name: 'bad-issue-date',
    expect: 'refuse',
    apply: (r, d) => isBill(d) && ((d.issue_date = r.pick(['2024-13-45', '24-01-01', 'yesterday'])), true),
  },
  { name: 'bad-type', expect: 'refuse', apply: (_r, d) => isBill(d) && ((d.type = 'banana'), true) },
  {
    name: 'bad-email',
    expect: 'refuse',
    apply: (_r, d) => {
      const p = isObj(d.supplier) ? d.supplier : String(d.$schema).endsWith('org/party') ? d : undefined;
      return !!p && ((p.emails = [{ addr: 'not-an-email' }]), true);
    },
  },
  {
    name: 'bad-quantity',
    expect: 'refuse',
    apply: (r, d) => {
      const l = firstLine(d);
      return hasLineItems(d) && !!l && ((l.quantity = r.pick(['abc', '1,5', ''])), true);
    },
  },
  { name: 'bad-uuid', expect: 'refuse', apply: (_r, d) => typeof d.uuid === 'string' && ((d.uuid = 'not-a-uuid'), true) },
  {
    name: 'bad-extension-value',
    expect: 'refuse',
    apply: (r, d) => {
      const l = firstLine(d);
      const keys = extensionKeys(Array.isArray(d.$addons) ? (d.$addons as string[]) : []);
      if (!hasLineItems(d) || !l || !Array.isArray(l.taxes) || !isObj(l.taxes[0]) || keys.length === 0) return false;
      l.taxes[0].ext = { [r.pick(keys)]: 'ZZ9' };
      return true;
    },
  },
  { name: 'message-without-content', expect: 'refuse', apply: (_r, d) => String(d.$schema).endsWith('note/message') && delete d.content },
  {
    name: 'unknown-nested-field',
    expect: 'accept',
    apply: (r, d) => {
      const objs = nestedObjects(d);
      if (objs.length === 0) return false;
      r.pick(objs)[r.pick(['colour', 'x_internal', 'planet'])] = r.pick(['red', 42, { deep: true }]);
      return true;
    },
  },
  {
    name: 'untidy-code',
    expect: 'accept',
    apply: (r, d) => {
      const line = firstLine(d);
      const item = line && isObj(line.item) ? line.item : undefined;
      const untidy = (code: string) => r.pick([` ${code} `, `${code}\u0007`, `\u00a0${code}`, `${code.slice(0, 1)}\u0001${code.slice(1)}`]);
      if (item && r.chance(0.5)) item.ref = untidy(`R${r.int(1, 999)}`);
      else if (isBill(d) && typeof d.code === 'string' && d.code !== '') d.code = untidy(d.code);
      else return false;
      return true;
    },
  },
  {
    name: 'bad-code-or-key',
    expect: 'refuse',
    apply: (r, d) => {
      const line = firstLine(d);
      const item = line && isObj(line.item) ? line.item : undefined;
      if (!item) return false;
      if (r.chance(0.5)) item.ref = 'R'.repeat(r.int(65, 90));
      else item.key = r.pick(['Goods', 'goods!', '-goods', 'g'.repeat(70)]);
      return true;
    },
  },
  {
    name: 'field-name-case',
    expect: 'accept',
    apply: (r, d) => {
      const candidates = [d, ...nestedObjects(d)].filter((o) => Object.keys(o).some((k) => /^[a-z]/.test(k)));
      const obj = r.pick(candidates);
      const key = r.pick(Object.keys(obj).filter((k) => /^[a-z]/.test(k)));
      const renamed = r.chance(0.5) ? key[0].toUpperCase() + key.slice(1) : key.toUpperCase();
      obj[renamed] = obj[key];
      delete obj[key];
      return true;
    },
  },
];
