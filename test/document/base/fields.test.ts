import { processDocument } from '../../../src/document';
import type { NodeKind } from '../../../src/document/base/node-kind';
import type { HookContext, Hooks } from '../../../src/document/tax/hooks';
import { modelOf } from '../../../src/document/model/type-model';
import { normalizeTree } from '../../../src/document/pipeline/normalize';
import { validateTree } from '../../../src/document/pipeline/validate';
import type { Json, JsonObject } from '../../../src/document/base/types';

const ctx = { newUuid: () => '0190f0b8-0000-7000-8000-00000000ffff', now: new Date('2024-03-10T10:00:00Z') };
const S = 'https://gobl.org/draft-0/';

/** The same JSON with every object's keys in reverse order. */
function reversed(value: Json): Json {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((k) => [k, reversed(value[k])]),
  );
}

/** Objects whose keys are not in their kind's order (`$schema` first at the root), walked by GOBL's types. */
function misordered(node: JsonObject, kind: string, at: string, root = false): string[] {
  const model = modelOf(kind);
  if (!model) return [];
  const order = root ? ['$schema', ...model.order] : model.order;
  const keys = Object.keys(node);
  const expected = order.filter((k) => k in node);
  const out = keys.join() === expected.join() ? [] : [`${at}: ${keys.join(',')}`];
  for (const c of model.children) {
    const v = node[c.name];
    const items = Array.isArray(v) ? v : [v];
    items.forEach((x, i) => {
      if (x && typeof x === 'object' && !Array.isArray(x))
        out.push(...misordered(x, c.kind as string, `${at}.${c.name}${Array.isArray(v) ? `[${i}]` : ''}`));
    });
  }
  return out;
}

const invoice = (): JsonObject => ({
  $schema: `${S}bill/invoice`,
  series: 'F',
  code: '1',
  issue_date: '2024-03-10',
  currency: 'EUR',
  supplier: {
    name: 'Supplier',
    tax_id: { country: 'ES', code: 'B98602642' },
    addresses: [{ street: 'Calle Mayor', num: '1', locality: 'Madrid', code: '28001', country: 'ES' }],
    emails: [{ addr: 'a@example.com', label: 'main' }],
  },
  customer: { name: 'Customer', tax_id: { country: 'ES', code: '54387763P' } },
  lines: [
    {
      quantity: '2',
      period: { label: 'March', start: '2024-03-01', end: '2024-03-31' },
      item: { name: 'Service', price: '10.00', unit: 'h', alt_prices: [{ label: 'US', currency: 'USD', value: '11.00' }] },
      discounts: [{ reason: 'Loyal', percent: '5%' }],
      taxes: [{ cat: 'VAT', rate: 'general' }],
    },
  ],
  ordering: { code: 'PO-1', projects: [{ code: 'P1', series: 'X', issue_date: '2024-01-01' }] },
  payment: {
    terms: { key: 'due-date', due_dates: [{ date: '2024-04-10', percent: '100%', notes: 'All' }] },
    instructions: { key: 'credit-transfer', credit_transfer: [{ iban: 'ES2500491500012345678901', bic: 'BSCHESMM', name: 'Bank' }] },
  },
});

describe('fields come out in GOBL order', () => {
  test('at every depth, whatever order they came in', () => {
    const r = processDocument(reversed(invoice()) as JsonObject, ctx);
    if (!r.ok) throw new Error(r.message);
    expect(misordered(r.envelope.doc, 'bill/invoice', '$.doc', true)).toEqual([]);
    expect(misordered(r.envelope.head as unknown as JsonObject, 'head/header', '$.head')).toEqual([]);
  });

  test('as GOBL writes an invoice, its lines and their nested objects', () => {
    const r = processDocument(reversed(invoice()) as JsonObject, ctx);
    if (!r.ok) throw new Error(r.message);
    const d = r.envelope.doc as any;
    expect(Object.keys(d)).toEqual([
      '$schema',
      '$regime',
      'uuid',
      'type',
      'series',
      'code',
      'issue_date',
      'currency',
      'supplier',
      'customer',
      'lines',
      'ordering',
      'payment',
      'totals',
    ]);
    expect(Object.keys(d.lines[0])).toEqual(['i', 'quantity', 'period', 'item', 'sum', 'discounts', 'taxes', 'total']);
    expect(Object.keys(d.lines[0].period)).toEqual(['label', 'start', 'end']);
    expect(Object.keys(d.lines[0].item.alt_prices[0])).toEqual(['label', 'currency', 'value']);
    expect(Object.keys(d.supplier.addresses[0])).toEqual(['num', 'street', 'locality', 'code', 'country']);
    expect(Object.keys(d.ordering.projects[0])).toEqual(['issue_date', 'series', 'code']);
    expect(Object.keys(d.payment.terms.due_dates[0])).toEqual(['date', 'notes', 'amount', 'percent']);
    expect(Object.keys(d.payment.instructions.credit_transfer[0])).toEqual(['iban', 'bic', 'name']);
  });
});

describe('normalization and validation walk the same objects as the same kinds', () => {
  /** Each object a walk visited, with the kind it was visited as. */
  function kindsSeen(doc: JsonObject, kind: NodeKind): { normalized: Map<object, string>; validated: Map<object, string> } {
    const normalized = new Map<object, string>();
    const validated = new Map<object, string>();
    const hookCtx: HookContext = { doc, addons: [] };
    const recorder: Hooks = {
      normalize: (node, k) => void normalized.set(node, k),
      validate: (node, k) => {
        validated.set(node, k);
        return [];
      },
    };
    normalizeTree(doc, kind, hookCtx, { intrinsic: () => undefined, regime: {}, addons: [recorder] });
    validateTree(doc, kind, '$.doc', { doc, addons: [] }, hookCtx, [recorder]);
    return { normalized, validated };
  }

  test.each<[string, NodeKind, JsonObject, (d: any) => [object, string][]]>([
    [
      'a status line doc is a document reference',
      'bill/status',
      { $schema: `${S}bill/status`, code: 'S1', supplier: { name: 'S' }, lines: [{ key: 'accepted', doc: { code: 'F1' } }] },
      (d) => [[d.lines[0].doc, 'org/document-ref']],
    ],
    [
      'payment methods are payment records',
      'bill/payment',
      {
        $schema: `${S}bill/payment`,
        code: 'P1',
        supplier: { name: 'S' },
        lines: [{ document: { code: 'F1' }, amount: '1' }],
        methods: [{ key: 'card', amount: '1', card: { last4: '1234' } }],
      },
      (d) => [
        [d.methods[0], 'pay/record'],
        [d.methods[0].card, 'pay/card'],
        [d.lines[0].document, 'org/document-ref'],
      ],
    ],
    [
      'an invoice ordering is walked whole',
      'bill/invoice',
      invoice(),
      (d) => [
        [d.ordering, 'bill/ordering'],
        [d.ordering.projects[0], 'org/document-ref'],
        [d.lines[0].period, 'cal/period'],
      ],
    ],
  ])('%s', (_name, kind, doc, expected) => {
    const { normalized, validated } = kindsSeen(doc, kind);
    for (const [node, k] of expected(doc)) {
      expect(normalized.get(node)).toBe(k);
      expect(validated.get(node)).toBe(k);
    }
    // Normalization goes children first and validation parents first; the objects and their kinds are the same.
    expect(validated.size).toBe(normalized.size);
    for (const [node, k] of normalized) expect(validated.get(node)).toBe(k);
  });
});
