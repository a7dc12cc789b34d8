import { processDocument, type Envelope } from '../../src/document';
import { breakable } from '../../src/pdf/breakable-view';
import { entryPdf } from '../../src/pdf/entry-pdf';
import { invoice } from '../helpers/documents';
import { readPdf } from '../helpers/pdf-read';

/**
 * A word with no break in it is laid out in time linear in its length: pdfkit's line wrapper, given a word wider
 * than its column, measures what is left of it again for each line it fills, so a 10,000-character word in three
 * fields took the whole engine time limit (22 s here, against 59 ms for a small invoice). Now it renders in a few
 * times a small invoice's time (16 pages against one): about 50 ms on an idle machine. Measured against the small
 * invoice in the same test, not a fixed bound, since the suites run side by side on two cores.
 */
const calculated = (doc: object): Envelope => {
  const result = processDocument(doc as never, {
    newUuid: () => '0190a0b0-0000-7000-8000-000000000001',
    now: new Date('2026-11-20T10:00:00Z'),
  });
  if (!result.ok) throw new Error(result.message);
  return result.envelope;
};

/** An invoice with a word of `length` letters in three fields: the customer's name, an item's name and a note. */
const withWords = (length: number, [a, b, c] = ['x', 'y', 'z']) =>
  calculated(
    invoice({
      customer: { name: a.repeat(length), tax_id: { country: 'ES', code: '54387763P' } },
      lines: [{ quantity: '1', item: { name: b.repeat(length), price: '90.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] }],
      notes: [{ key: 'general', text: c.repeat(length) }],
    }),
  );

const render = (envelope: Envelope) =>
  entryPdf({ envelopeJson: JSON.stringify(envelope), entryId: '0190a0b0-0000-7000-8000-000000000002', workspaceId: 'w' } as never);

/** The least of `runs` timings of one render, in ms (the least is what the work costs, not what the machine did meanwhile). */
async function fastest(envelope: Envelope, runs: number): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await render(envelope);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

test('a 10,000-character word in three fields renders in a few times a small invoice', async () => {
  const small = withWords(10);
  const long = withWords(10_000);
  await render(small); // fonts parsed, code warm
  const smallMs = await fastest(small, 5);
  const longMs = await fastest(long, 5);
  console.log(`PDF: small invoice ${smallMs.toFixed(1)} ms, 10,000-character words ${longMs.toFixed(1)} ms`);
  expect(longMs).toBeLessThan(smallMs * 15);
}, 120_000);

test('the long words are all in the PDF, each character once', async () => {
  const { pdf } = await render(withWords(10_000, ['ж', 'ш', 'щ']));
  const text = (await readPdf(pdf)).text;
  // Counted, not matched: the words run over pages, each page's footer between their parts.
  expect(['ж', 'ш', 'щ'].map((letter) => text.split(letter).length - 1)).toEqual([10_000, 10_000, 10_000]);
}, 60_000);

test.each([
  ['an ordinary line', 'Development services, 20 h at €90.00', 'Development services, 20 h at €90.00'],
  ['a URL of 120 characters', `see https://example.com/${'p'.repeat(96)} now`, `see https://example.com/${'p'.repeat(96)} now`],
  ['a word of 128 characters', 'a'.repeat(128), 'a'.repeat(128)],
  ['a word of 129 characters, each character breakable', `x ${'ab'.repeat(64)}c y`, `x ${[...'ab'.repeat(64), 'c'].join('\u200B')} y`],
  ['characters beyond the basic plane kept whole', `${'😀'.repeat(130)}`, Array.from({ length: 130 }, () => '😀').join('\u200B')],
])('breakable: %s', (_, text, expected) => {
  expect(breakable(text)).toBe(expected);
});
