import { generateCases } from '../../../scripts/oracle/generate';
import { tagsFor } from '../../../scripts/oracle/variations';
import { formatTypes, groupFigure, newTally, recordType } from '../../../scripts/oracle/summary';
import { allRegimes } from '../../../src/document/regimes';
import type { JsonObject } from '../../../src/document/base/types';

const regime = (cc: string) => allRegimes().find((r) => r.country === cc)!;
const objs = (v: unknown): JsonObject[] => (Array.isArray(v) ? (v as JsonObject[]) : []);

test('tags come from GOBL, the regime and the declared addons, per schema', () => {
  expect(tagsFor('bill/invoice', regime('PT'), [])).toEqual(expect.arrayContaining(['simplified', 'invoice-receipt']));
  expect(tagsFor('bill/delivery', regime('PT'), [])).toEqual([]);
  expect(tagsFor('bill/delivery', regime('PT'), ['pt-saft-v1'])).toEqual(['return']);
  expect(tagsFor('bill/payment', regime('PT'), ['pt-saft-v1'])).toEqual(['cash-vat']);
});

describe('variations', () => {
  const cases = [...generateCases({ seed: 'variations', count: 1500, regimes: ['PT', 'MX', 'ES'], external: true })];
  // A deliberate fault, drawn after the variations, may undo them: only the others are looked at.
  const varied = (kind: string) => cases.filter((c) => c.varied?.includes(kind) && !c.mutation);

  test('payments, status reports, orders and deliveries declare addons of their regime', () => {
    const types = new Set(varied('addon').map((c) => c.type));
    expect(types).toEqual(new Set(['bill/payment', 'bill/status', 'bill/order', 'bill/delivery']));
    expect(varied('addon').some((c) => c.type === 'bill/payment' && c.addons.includes('pt-saft-v1'))).toBe(true);
    expect(varied('addon').some((c) => c.type === 'bill/payment' && c.addons.includes('mx-cfdi-v4'))).toBe(true);
  });

  test('retentions stand beside ordinary taxes, and unpriced lines carry discounts or charges', () => {
    for (const c of varied('retained')) {
      const retained = new Set(
        regime(c.regime)
          .categories.filter((k) => k.retained)
          .map((k) => k.code),
      );
      const doc = (c.input.doc ?? c.input) as JsonObject;
      const lines = objs(doc.lines).filter((l) => objs(l.taxes).some((t) => retained.has(String(t.cat))));
      expect(lines.length).toBeGreaterThan(0);
    }
    const unpriced = varied('unpriced');
    expect(unpriced.length).toBeGreaterThan(0);
    for (const c of unpriced) {
      const doc = (c.input.doc ?? c.input) as JsonObject;
      expect(objs(doc.lines).some((l) => (l.item as JsonObject)?.price === undefined && (l.discounts || l.charges))).toBe(true);
    }
  });

  test('the other documents of a seed are drawn as before: a variation never touches the main sequence', () => {
    const plain = [...generateCases({ seed: 'variations', count: 300, regimes: ['PT', 'MX', 'ES'], external: true })];
    const untouched = plain.filter((c) => !c.varied);
    expect(untouched.length).toBeGreaterThan(150);
    for (const c of untouched) expect(cases[Number(c.id.split('/')[1])]).toEqual(c);
  });
});

test('the summary counts documents per type', () => {
  const t = newTally();
  recordType(t, 'bill/payment', true, true);
  recordType(t, 'bill/payment', false, false);
  recordType(t, 'org/party', true, true);
  expect(groupFigure(t.byType)).toEqual({ 'bill/payment': [2, 1, 1], 'org/party': [1, 1, 1] });
  expect(formatTypes(t)).toContain('bill/payment: 2 documents, 1 accepted by GOBL (50%), 1 equal');
});
