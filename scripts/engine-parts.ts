/**
 * Invoices with one part repeated n times, to measure how the engine's cost grows with each part
 * (used by `npm run bench:engine` and by the linearity tests). Every part is built from its index,
 * so repeated parts differ as a client's would.
 */
import { processDocument } from '../src/document';
import type { JsonObject } from '../src/document/base/types';

export const ENGINE_CTX = { newUuid: () => '0190f0b8-0000-7000-8000-00000000ffff', now: new Date('2024-03-10T10:00:00Z') };

const VAT: JsonObject[] = [{ cat: 'VAT', rate: 'standard' }];

function line(i: number): JsonObject {
  return {
    quantity: String((i % 7) + 1),
    item: { name: `Item ${i}`, price: `${(i % 250) + 1}.${String(i % 100).padStart(2, '0')}` },
    taxes: VAT,
  };
}

const germanParty = (name: string, code: string): JsonObject => ({ name, tax_id: { country: 'DE', code } });

/** A German invoice of one line, valid as it is: the parts are added to it. */
export function baseInvoice(): JsonObject {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    uuid: '0190f0b8-0000-7000-8000-000000000001',
    currency: 'EUR',
    issue_date: '2024-03-10',
    series: 'B',
    code: '1',
    supplier: germanParty('Lieferant GmbH', '111111125'),
    customer: germanParty('Kunde AG', '282741168'),
    lines: [line(0)],
  };
}

const list = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
const identity = (i: number): JsonObject => ({ type: `T${i % 10}`, code: `ID-${i}` });
const docRef = (i: number): JsonObject => ({ type: 'standard', series: 'A', code: `R-${i}`, issue_date: '2024-01-01' });

/** Each repeated part: how to put n of them into an invoice. */
export const PARTS: Readonly<Record<string, (n: number) => JsonObject>> = {
  lines: (n) => ({ ...baseInvoice(), lines: list(n, line) }),
  'empty lines': (n) => ({ ...baseInvoice(), lines: list(n, () => ({})) }),
  'lines with own percent': (n) => ({
    ...baseInvoice(),
    lines: list(n, (i) => ({ ...line(i), taxes: [{ cat: 'VAT', percent: `${(i / 100).toFixed(2)}%` }] })),
  }),
  'taxes per line': (n) => ({
    ...baseInvoice(),
    lines: [{ ...line(0), taxes: list(n, (i) => ({ cat: 'VAT', percent: `${(i / 1000).toFixed(3)}%` })) }],
  }),
  'line discounts': (n) => ({
    ...baseInvoice(),
    lines: [{ ...line(0), discounts: list(n, (i) => ({ percent: `${i % 5}%`, reason: `r${i}` })) }],
  }),
  'line charges': (n) => ({
    ...baseInvoice(),
    lines: [{ ...line(0), charges: list(n, (i) => ({ amount: `0.0${i % 10}`, reason: `r${i}` })) }],
  }),
  'line breakdown': (n) => ({
    ...baseInvoice(),
    lines: [{ ...line(0), breakdown: list(n, (i) => ({ quantity: '1', item: { name: `Sub ${i}`, price: '1.00' } })) }],
  }),
  'line item identities': (n) => ({
    ...baseInvoice(),
    lines: [{ ...line(0), item: { name: 'X', price: '1.00', identities: list(n, identity) } }],
  }),
  'line notes': (n) => ({ ...baseInvoice(), lines: [{ ...line(0), notes: list(n, (i) => ({ key: 'general', text: `note ${i}` })) }] }),
  discounts: (n) => ({ ...baseInvoice(), discounts: list(n, (i) => ({ amount: '0.01', reason: `d${i}`, taxes: VAT })) }),
  charges: (n) => ({ ...baseInvoice(), charges: list(n, (i) => ({ amount: '0.01', reason: `c${i}`, taxes: VAT })) }),
  'supplier identities': (n) => {
    const doc = baseInvoice();
    return { ...doc, supplier: { ...(doc.supplier as JsonObject), identities: list(n, identity) } };
  },
  'customer identities': (n) => {
    const doc = baseInvoice();
    return { ...doc, customer: { ...(doc.customer as JsonObject), identities: list(n, identity) } };
  },
  'due dates': (n) => ({
    ...baseInvoice(),
    payment: {
      terms: { key: 'instant', due_dates: list(n, (i) => ({ date: '2024-04-01', percent: `${(100 / n).toFixed(6)}%`, notes: `d${i}` })) },
    },
  }),
  advances: (n) => ({ ...baseInvoice(), payment: { advances: list(n, (i) => ({ amount: '0.01', description: `a${i}` })) } }),
  notes: (n) => ({ ...baseInvoice(), notes: list(n, (i) => ({ key: 'general', text: `Note ${i}` })) }),
  attachments: (n) => ({ ...baseInvoice(), attachments: list(n, (i) => ({ name: `file-${i}.pdf`, url: `https://example.com/${i}.pdf` })) }),
  complements: (n) => ({
    ...baseInvoice(),
    complements: list(n, (i) => ({ $schema: 'https://gobl.org/draft-0/note/message', content: `c${i}` })),
  }),
  preceding: (n) => ({ ...baseInvoice(), preceding: list(n, docRef) }),
  'ordering refs': (n) => ({ ...baseInvoice(), ordering: { code: 'PO', purchases: list(n, docRef), identities: list(n, identity) } }),
  'exchange rates': (n) => ({
    ...baseInvoice(),
    exchange_rates: list(n, (i) => ({ from: 'USD', to: 'EUR', amount: `0.${String(i + 1).padStart(6, '0')}` })),
  }),
  'foreign lines many rates': (n) => ({
    ...baseInvoice(),
    exchange_rates: [...list(n, (i) => ({ from: `X${i}`, to: 'EUR', amount: '1.1' })), { from: 'USD', to: 'EUR', amount: '0.9' }],
    lines: list(n, (i) => ({ ...line(i), item: { name: `Item ${i}`, price: '10.00', currency: 'USD' } })),
  }),
  'tax notes': (n) => ({ ...baseInvoice(), tax: { notes: list(n, (i) => ({ category: 'VAT', key: 'exempt', text: `t${i}` })) } }),
  'supplier people': (n) => {
    const doc = baseInvoice();
    return {
      ...doc,
      supplier: {
        ...(doc.supplier as JsonObject),
        people: list(n, (i) => ({ name: { given: `G${i}`, surname: 'S' } })),
        emails: list(n, (i) => ({ addr: `a${i}@example.com` })),
      },
    };
  },
  'lines with own category': (n) => ({
    ...baseInvoice(),
    $regime: 'AE',
    $tags: ['bypass', 'reverse-charge'],
    lines: list(n, (i) => ({ ...line(i), taxes: [{ cat: `C${i}`, percent: '1%' }] })),
  }),
  tags: (n) => ({ ...baseInvoice(), $tags: list(n, (i) => (i % 2 === 0 ? 'partial' : 'simplified')) }),
  'e-mail characters': (n) => {
    const doc = baseInvoice();
    return { ...doc, supplier: { ...(doc.supplier as JsonObject), emails: [{ addr: `a@${'.'.repeat(n)}@` }] } };
  },
  'quoted e-mail characters': (n) => {
    const doc = baseInvoice();
    return { ...doc, supplier: { ...(doc.supplier as JsonObject), emails: [{ addr: `"${'("'.repeat(n / 2)}x@example.com` }] } };
  },
  'tax scheme characters': (n) => {
    const doc = baseInvoice();
    return {
      ...doc,
      supplier: { ...(doc.supplier as JsonObject), tax_id: { country: 'DE', code: '111111125', scheme: `${'A'.repeat(n)}!` } },
    };
  },
  'head ignore': (n) => ({
    $schema: 'https://gobl.org/draft-0/envelope',
    head: { ignore: list(n, (i) => `code-${i}`) },
    doc: PARTS['empty lines'](n),
  }),
};

/**
 * CPU milliseconds one run of the engine takes on `data` (parsed fresh from its text each time), best of `runs`.
 * CPU time rather than wall time, so that other processes on a shared machine do not decide the figure.
 */
export function engineCpuMs(data: JsonObject, runs = 1): number {
  const text = JSON.stringify(data);
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const input = JSON.parse(text) as JsonObject;
    (globalThis as { gc?: () => void }).gc?.(); // with --expose-gc, each run starts from a collected heap
    const start = process.cpuUsage();
    processDocument(input, ENGINE_CTX);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}
