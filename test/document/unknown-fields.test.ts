import { processDocument } from '../../src/document';
import type { Json, JsonObject } from '../../src/document/base/types';

const ctx = { newUuid: () => '0190f0b8-0000-7000-8000-00000000ffff', now: new Date('2024-03-10T10:00:00Z') };
const S = 'https://gobl.org/draft-0/';

/** A field no GOBL type has, planted at many depths below. */
const X = { x_unknown: 'dropped' };

/** Paths of every key named `x_unknown` (or `$schema` below the root) left in `value`. */
function leftovers(value: Json, at = '$', root = true): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leftovers(v, `${at}[${i}]`, false));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k === 'x_unknown' || (k === '$schema' && !root) ? [`${at}.${k}`] : []),
    ...leftovers(v, `${at}.${k}`, false),
  ]);
}

const party = (name: string): JsonObject => ({
  name,
  ...X,
  $schema: `${S}org/party`,
  tax_id: { country: 'ES', code: 'B98602642', ...X },
  addresses: [{ street: 'Calle Mayor', locality: 'Madrid', ...X, coords: { lat: 40.4, lon: -3.7, ...X } }],
  people: [{ name: { given: 'Ana', surname: 'Ruiz', ...X }, ...X }],
  emails: [{ addr: 'ana@example.com', ...X }],
});

const line = (): JsonObject => ({
  quantity: '2',
  ...X,
  period: { start: '2024-03-01', end: '2024-03-31', ...X },
  item: { name: 'Service', price: '10.00', ...X, alt_prices: [{ currency: 'USD', value: '11.00', ...X }] },
  discounts: [{ percent: '5%', ...X }],
  taxes: [{ cat: 'VAT', rate: 'general', ...X }],
  notes: [{ text: 'A note', ...X }],
});

const ordering = (): JsonObject => ({
  code: 'PO-1',
  ...X,
  period: { start: '2024-03-01', end: '2024-03-31', ...X },
  projects: [{ code: 'P1', ...X }],
  buyer: { name: 'Buyer', ...X },
});

const docs: [string, JsonObject][] = [
  [
    'bill/invoice',
    {
      $schema: `${S}bill/invoice`,
      ...X,
      series: 'F',
      code: '1',
      issue_date: '2024-03-10',
      currency: 'EUR',
      supplier: party('Supplier'),
      customer: party('Customer'),
      lines: [line()],
      discounts: [{ reason: 'Loyal', percent: '1%', ...X }],
      ordering: ordering(),
      payment: {
        ...X,
        terms: { key: 'due-date', ...X, due_dates: [{ date: '2024-04-10', percent: '100%', ...X }] },
        instructions: {
          key: 'credit-transfer',
          ...X,
          credit_transfer: [{ iban: 'ES2500491500012345678901', ...X }],
          online: [{ url: 'https://pay.example.com', ...X }],
        },
        advances: [{ description: 'Deposit', amount: '1.00', ...X, card: { last4: '1234', ...X } }],
      },
      delivery: { ...X, receiver: { name: 'Receiver', ...X }, period: { start: '2024-03-01', end: '2024-03-02', ...X } },
      tax: { ...X, notes: [{ cat: 'VAT', text: 'Note', ...X }] },
      notes: [{ text: 'Thanks', ...X }],
      totals: { ...X },
    },
  ],
  [
    'bill/order',
    {
      $schema: `${S}bill/order`,
      ...X,
      code: 'O1',
      issue_date: '2024-03-10',
      currency: 'EUR',
      supplier: party('Supplier'),
      customer: party('Customer'),
      buyer: { name: 'Buyer', ...X, addresses: [{ street: 'High St', ...X }] },
      contracts: [{ code: 'C1', ...X }],
      period: { start: '2024-03-01', end: '2024-03-31', ...X },
      lines: [line()],
      payment: { terms: { key: 'instant', ...X } },
    },
  ],
  [
    'bill/delivery',
    {
      $schema: `${S}bill/delivery`,
      ...X,
      code: 'D1',
      issue_date: '2024-03-10',
      currency: 'EUR',
      supplier: party('Supplier'),
      despatcher: { name: 'Despatcher', ...X, addresses: [{ street: 'Dock 4', ...X }] },
      tracking: { code: 'T1', ...X, website: { url: 'https://track.example.com', ...X } },
      ordering: ordering(),
      lines: [line()],
    },
  ],
  [
    'bill/payment',
    {
      $schema: `${S}bill/payment`,
      ...X,
      code: 'P1',
      issue_date: '2024-03-10',
      currency: 'EUR',
      supplier: party('Supplier'),
      customer: party('Customer'),
      ordering: ordering(),
      lines: [{ document: { code: 'F-1', issue_date: '2024-03-01', ...X }, amount: '10.00', ...X }],
      methods: [{ key: 'credit-transfer', amount: '10.00', ...X, credit_transfer: { iban: 'ES2500491500012345678901', ...X } }],
    },
  ],
  [
    'bill/status',
    {
      $schema: `${S}bill/status`,
      ...X,
      type: 'response',
      code: 'S1',
      issue_date: '2024-03-10',
      supplier: party('Supplier'),
      ordering: ordering(),
      lines: [
        {
          key: 'accepted',
          ...X,
          doc: { code: 'F-1', series: 'F', ...X, identities: [{ code: 'ID1', ...X }] },
          reasons: [{ key: 'other', ...X, faults: [{ code: 'F01', ...X }] }],
          actions: [{ key: 'other', ...X }],
        },
      ],
    },
  ],
  ['org/party', { ...party('Acme'), $schema: `${S}org/party` }],
  ['org/item', { $schema: `${S}org/item`, name: 'Thing', price: '1.00', ...X, identities: [{ code: '123', ...X }] }],
  ['note/message', { $schema: `${S}note/message`, content: 'Hello', ...X }],
];

describe('fields GOBL types lack are dropped at every depth, as GOBL drops them', () => {
  test.each(docs)('%s', (_type, doc) => {
    const r = processDocument({ $schema: `${S}envelope`, head: { ...X, stamps: [{ prv: 'p', val: 'v', ...X }] }, doc }, ctx);
    if (!r.ok) throw new Error(r.message);
    expect([...leftovers(r.envelope.doc, '$.doc'), ...leftovers(r.envelope.head as unknown as Json, '$.head')]).toEqual([]);
    // The objects themselves stay, with their fields.
    expect(r.envelope.head.stamps).toEqual([{ prv: 'p', val: 'v' }]);
    expect(r.envelope.doc.$schema).toBe(doc.$schema);
    expect(Object.keys(r.envelope.doc)[0]).toBe('$schema');
  });

  test('what stays around them is kept', () => {
    const r = processDocument(docs[0][1], ctx);
    if (!r.ok) throw new Error(r.message);
    const d = r.envelope.doc as any;
    expect(d.lines[0].item).toMatchObject({ name: 'Service', price: '10.00', alt_prices: [{ currency: 'USD', value: '11.00' }] });
    expect(d.lines[0].period).toEqual({ start: '2024-03-01', end: '2024-03-31' });
    expect(d.supplier.addresses[0]).toEqual({ street: 'Calle Mayor', locality: 'Madrid', coords: { lat: 40.4, lon: -3.7 } });
    expect(d.supplier.people[0].name).toEqual({ given: 'Ana', surname: 'Ruiz' });
    expect(d.payment.terms.due_dates[0]).toMatchObject({ date: '2024-04-10', percent: '100%' });
    expect(d.payment.instructions.credit_transfer).toEqual([{ iban: 'ES2500491500012345678901' }]);
    expect(d.payment.instructions.online).toEqual([{ url: 'https://pay.example.com' }]);
    expect(d.payment.advances[0].card).toEqual({ last4: '1234' });
    expect(d.ordering).toMatchObject({ code: 'PO-1', projects: [{ code: 'P1' }], buyer: { name: 'Buyer' } });
    expect(d.delivery.period).toEqual({ start: '2024-03-01', end: '2024-03-02' });
  });

  test('an order has no ordering: GOBL drops it whole', () => {
    const order = { ...docs[1][1], ordering: ordering() };
    const r = processDocument(order, ctx);
    if (!r.ok) throw new Error(r.message);
    expect(r.envelope.doc.ordering).toBeUndefined();
  });

  test("an order's buyer is a party, normalized as one", () => {
    const order = { ...docs[1][1], buyer: { name: '  Buyer  ', tax_id: { country: 'ES', code: ' b-98602642 ' } } };
    const r = processDocument(order, ctx);
    if (!r.ok) throw new Error(r.message);
    expect(r.envelope.doc.buyer).toEqual({ name: 'Buyer', tax_id: { country: 'ES', code: 'B98602642' } });
  });

  test('legacy online links (name, addr) still become label and url', () => {
    const inv = structuredClone(docs[0][1]) as any;
    inv.payment.instructions.online = [{ name: 'Pay here', addr: 'https://pay.example.com' }];
    const r = processDocument(inv, ctx);
    if (!r.ok) throw new Error(r.message);
    expect((r.envelope.doc as any).payment.instructions.online).toEqual([{ label: 'Pay here', url: 'https://pay.example.com' }]);
  });
});
