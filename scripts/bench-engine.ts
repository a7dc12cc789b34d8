/**
 * Cost of the document engine per invoice as the number of lines grows, against the floor of
 * JSON.parse + JSON.stringify of the same document. The per-line cost should stay flat (linear growth).
 * Then, for each part of an invoice a client may repeat, the CPU time per part at 1k, 10k and 40k of it,
 * and the ratio 40k/1k: about 1 (or below, as fixed costs spread) is linear, 40 would be quadratic.
 *
 * Between the two, the cost per document of a mixed set: the differential test's generator (every type,
 * regime and addon the engine knows, some documents broken on purpose) at a fixed seed.
 *
 * Run: npm run bench:engine   (node --expose-gc --require ./scripts/register-ts.js scripts/bench-engine.ts)
 * `PARTS=lines,notes` measures only those parts; `SIZES=1000,10000` other sizes.
 */
import { processDocument } from '../src/document';
import type { JsonObject } from '../src/document/base/types';
import { ENGINE_CTX, PARTS, baseInvoice, engineCpuMs } from './engine-parts';
import { generateCases } from './oracle/generate';

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
  return { ...baseInvoice(), lines: rows };
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

console.log('lines    engine ms/invoice   µs/line   JSON parse+stringify ms   ratio');
for (const n of [10, 100, 1_000, 10_000]) {
  const doc = invoice(n);
  const text = JSON.stringify(doc);
  const engine = timePerRun(() => {
    const r = processDocument(JSON.parse(text) as JsonObject, ENGINE_CTX);
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

{
  const texts = [...generateCases({ seed: 'bench-mixed', count: 2_000 })].map((c) => JSON.stringify(c.input));
  const perPass = timePerRun(() => {
    for (const text of texts) {
      const r = processDocument(JSON.parse(text) as JsonObject, ENGINE_CTX);
      JSON.stringify(r.ok ? r.envelope : r.faults);
    }
  });
  console.log(
    `\nmixed set (${texts.length} generated documents of every type, regime and addon): ${(perPass / texts.length).toFixed(3)} ms/document`,
  );
}

const sizes = (process.env.SIZES ?? '1000,10000,40000').split(',').map(Number);
const only = process.env.PARTS?.split(',');
const label = (n: number) => (n % 1000 === 0 ? `${n / 1000}k` : String(n));
console.log(
  `\nrepeated part              ${sizes.map((n) => `µs/part @${label(n)}`.padStart(13)).join(' ')}   ${label(sizes[sizes.length - 1])}/${label(sizes[0])}`,
);
for (const [name, make] of Object.entries(PARTS)) {
  if (only && !only.includes(name)) continue;
  engineCpuMs(make(sizes[0]), 2); // warm up
  const perPart = sizes.map((n) => (engineCpuMs(make(n), n <= 1000 ? 5 : n <= 10_000 ? 3 : 2) * 1000) / n);
  const ratio = perPart[perPart.length - 1] / perPart[0];
  console.log(
    `${name.padEnd(26)} ${perPart.map((us) => us.toFixed(1).padStart(13)).join(' ')}   ${ratio.toFixed(1).padStart(5)}${ratio > 3 ? '  <- grows' : ''}`,
  );
}
