/**
 * Cost of the document engine per invoice as the number of lines grows, against the floor of
 * JSON.parse + JSON.stringify of the same document. The per-line cost should stay flat (linear growth).
 *
 * Run: npm run bench:engine   (node --require ./scripts/register-ts.js scripts/bench-engine.ts)
 */
import { processDocument } from '../src/document';
import type { JsonObject } from '../src/document/types';

function invoice(lines: number): JsonObject {
  const rows: JsonObject[] = [];
  for (let i = 0; i < lines; i++) {
    rows.push({
      quantity: String((i % 7) + 1),
      item: { name: `Item ${i}`, price: `${(i % 250) + 1}.${String(i % 100).padStart(2, '0')}`, unit: 'h' },
      discounts: i % 5 === 0 ? [{ percent: '5%', reason: 'volume' }] : [],
      taxes: [{ cat: 'VAT', rate: i % 3 === 0 ? 'reduced' : 'standard' }],
    });
  }
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    uuid: '0190f0b8-0000-7000-8000-000000000001',
    currency: 'EUR',
    issue_date: '2024-03-10',
    series: 'B',
    code: '1',
    supplier: { name: 'Lieferant GmbH', tax_id: { country: 'DE', code: '111111125' } },
    customer: { name: 'Kunde AG', tax_id: { country: 'DE', code: '282741168' } },
    lines: rows,
  };
}

function timePerRun(fn: () => void, minMs = 400): number {
  fn(); // warm up
  let runs = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < minMs || runs < 3) {
    fn();
    runs++;
    elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  }
  return elapsed / runs;
}

const ctx = { newUuid: () => '0190f0b8-0000-7000-8000-00000000ffff', now: new Date('2024-03-10T10:00:00Z') };
console.log('lines    engine ms/invoice   µs/line   JSON parse+stringify ms   ratio');
for (const n of [10, 100, 1_000, 10_000]) {
  const doc = invoice(n);
  const text = JSON.stringify(doc);
  const engine = timePerRun(() => {
    const r = processDocument(JSON.parse(text) as JsonObject, ctx);
    if (!r.ok) throw new Error(r.message);
    JSON.stringify(r.envelope);
  });
  const floor = timePerRun(() => JSON.stringify(JSON.parse(text)));
  console.log(
    `${String(n).padEnd(8)} ${engine.toFixed(3).padStart(17)}   ${((engine * 1000) / n).toFixed(1).padStart(7)}   ${floor
      .toFixed(3)
      .padStart(23)}   ${(engine / floor).toFixed(0).padStart(5)}×`,
  );
}
