import { invoice } from './documents';

/**
 * Invoices made mostly of one repeated part, with as many of it as a body of `limitBytes` holds: what a
 * tenant can send the engine at the body limit. Used by the adversarial suite and by the bench's noisy
 * neighbour.
 */
export interface HeavyDocument {
  part: string;
  /** The create body, serialized: `{"data": ...}`. */
  body: string;
  count: number;
}

const line = (i: number) => ({ quantity: '1', item: { name: `Item ${i}`, price: '10.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] });

/** Each repeated part: where it goes in the invoice, and its i-th element. */
const PARTS: Record<string, { place: (items: unknown[]) => Record<string, unknown>; item: (i: number) => unknown }> = {
  lines: { place: (lines) => ({ lines }), item: line },
  'empty lines': { place: (lines) => ({ lines }), item: () => ({}) },
  'lines with their own percent': {
    place: (lines) => ({ lines }),
    item: (i) => ({ ...line(i), taxes: [{ cat: 'VAT', percent: `${(i % 10_000) / 100}%` }] }),
  },
  'taxes of one line': { place: (taxes) => ({ lines: [{ ...line(0), taxes }] }), item: (i) => ({ cat: 'VAT', percent: `${i % 50}%` }) },
  'discounts of one line': {
    place: (discounts) => ({ lines: [{ ...line(0), discounts }] }),
    item: () => ({ percent: '0.01%', reason: 'promo' }),
  },
  discounts: { place: (discounts) => ({ discounts }), item: (i) => ({ amount: '0.01', reason: `discount ${i}` }) },
  charges: { place: (charges) => ({ charges }), item: (i) => ({ amount: '0.01', reason: `charge ${i}` }) },
  notes: { place: (notes) => ({ notes }), item: (i) => ({ key: 'general', text: `note ${i}` }) },
  identities: {
    place: (identities) => ({ customer: { name: 'Sample Consumer', tax_id: { country: 'ES', code: '54387763P' }, identities } }),
    item: (i) => ({ type: 'X', code: `ID${i}` }),
  },
  'due dates': {
    place: (due_dates) => ({ payment: { terms: { key: 'due-date', due_dates } } }),
    item: (i) => ({ date: '2026-12-01', percent: '0.01%', notes: `d${i}` }),
  },
  attachments: {
    place: (attachments) => ({ attachments }),
    item: (i) => ({ name: `file-${i}.pdf`, url: `https://example.com/files/${i}.pdf` }),
  },
  complements: {
    place: (complements) => ({ complements }),
    item: (i) => ({ $schema: 'https://gobl.org/draft-0/note/message', title: `t${i}`, content: 'c' }),
  },
  preceding: { place: (preceding) => ({ preceding }), item: (i) => ({ code: `P-${i}`, issue_date: '2026-01-01' }) },
};

export const HEAVY_PARTS = Object.keys(PARTS);

/** One heavy document per repeated part, each body just under `limitBytes`. */
export function heavyDocuments(limitBytes: number, parts: string[] = HEAVY_PARTS): HeavyDocument[] {
  return parts.map((part) => {
    const { place, item } = PARTS[part];
    const bodyOf = (count: number) => JSON.stringify({ data: invoice(place(Array.from({ length: count }, (_, i) => item(i)))) });
    // Estimate from a sample, then step down until the body fits.
    const sample = 1000;
    const perItem = (bodyOf(sample).length - bodyOf(0).length) / sample;
    let count = Math.floor((limitBytes - bodyOf(0).length - 256) / perItem);
    let body = bodyOf(count);
    while (Buffer.byteLength(body) > limitBytes) {
      count = Math.floor(count * 0.98);
      body = bodyOf(count);
    }
    return { part, body, count };
  });
}
