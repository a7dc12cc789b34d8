import { generateCase, generateCases } from '../../../scripts/oracle/generate';
import { runOurEngine } from '../../../scripts/oracle/our-engine';
import { allRegimes } from '../../../src/document/regimes';
import { DOCUMENT_SCHEMAS } from '../../../src/document/base/schemas';

const cases = [...generateCases({ seed: 'jest', count: 600 })];

test('the same seed gives the same documents, another seed others', () => {
  expect([...generateCases({ seed: 'jest', count: 50 })]).toEqual(cases.slice(0, 50));
  expect(generateCase('jest', 17)).toEqual(cases[17]);
  expect(JSON.stringify(generateCase('other', 17))).not.toEqual(JSON.stringify(cases[17]));
});

test('every document type and every regime is drawn', () => {
  expect(new Set(cases.map((c) => c.type))).toEqual(new Set(DOCUMENT_SCHEMAS));
  expect(new Set(cases.map((c) => c.regime))).toEqual(new Set(allRegimes().map((r) => r.country)));
});

test('about 15% are broken on purpose', () => {
  const broken = cases.filter((c) => c.mutation).length / cases.length;
  expect(broken).toBeGreaterThan(0.1);
  expect(broken).toBeLessThan(0.2);
});

test('options narrow types and regimes', () => {
  const some = [...generateCases({ seed: 3, count: 40, types: ['bill/payment'], regimes: ['DE', 'MX'] })];
  expect(new Set(some.map((c) => c.type))).toEqual(new Set(['bill/payment']));
  expect(some.every((c) => ['DE', 'MX'].includes(c.regime))).toBe(true);
});

test('the variety of real invoices is there', () => {
  const invoices = cases.filter((c) => c.type === 'bill/invoice' && !c.envelope).map((c) => JSON.stringify(c.input));
  for (const needle of [
    '"discounts"',
    '"charges"',
    '"prices_include"',
    '"exchange_rates"',
    '"advances"',
    '"due_dates"',
    '"ordering"',
    '"delivery"',
    '"notes"',
    '"attachments"',
    '"$addons"',
    '"inboxes"',
    '"identities"',
  ]) {
    expect(invoices.some((t) => t.includes(needle))).toBe(true);
  }
  expect(cases.some((c) => c.envelope)).toBe(true);
});

/**
 * Labelled mutations the engine does not refuse although GOBL does, found by the differential test.
 * Remove one from this list when the engine learns it.
 */
const KNOWN_GAPS = ['bad-currency', 'missing-exchange-rate'];

test('our engine refuses the documents labelled to be refused', () => {
  const missed = cases
    .filter((c) => c.expect === 'refuse' && !KNOWN_GAPS.includes(c.mutation!))
    .filter((c) => runOurEngine(c.input).kind === 'envelope')
    .map((c) => `${c.id} ${c.mutation}`);
  expect(missed).toEqual([]);
});

test('our engine accepts nearly all documents labelled valid (those without addons)', () => {
  const valid = cases.filter((c) => c.expect === 'accept' && c.addons.length === 0);
  const accepted = valid.filter((c) => runOurEngine(c.input).kind === 'envelope').length;
  expect(accepted / valid.length).toBeGreaterThan(0.95);
});

/** The addons the generator shapes documents for, core and external. */
const SHAPED_ADDONS = [
  'ar-arca-v4',
  'co-dian-v2',
  'eu-en16931-v2017',
  'de-xrechnung-v3',
  'de-zugferd-v2',
  'es-facturae-v3',
  'es-sii-v1',
  'es-tbai-v1',
  'es-verifactu-v1',
  'fr-choruspro-v1',
  'fr-facturx-v1',
  'gr-mydata-v1',
  'it-sdi-v1',
  'it-ticket-v1',
  'pl-favat-v3',
  'mx-cfdi-v4',
  'pt-saft-v1',
  'br-nfse-v1',
  'sa-zatca-v1',
];

test('invoices declaring an addon are mostly shaped to pass its rules (by our own engine)', () => {
  const invoices = [
    ...generateCases({
      seed: 'shaped',
      count: 1200,
      types: ['bill/invoice'],
      external: true,
      regimes: ['AR', 'CO', 'DE', 'ES', 'FR', 'EL', 'IT', 'PL', 'MX', 'PT', 'BR', 'SA'],
    }),
  ].filter((c) => !c.mutation && c.addons.length === 1);
  const shares = SHAPED_ADDONS.map((addon) => {
    const declaring = invoices.filter((c) => c.addons[0] === addon);
    const accepted = declaring.filter((c) => runOurEngine(c.input).kind === 'envelope').length;
    return { addon, declaring: declaring.length, share: declaring.length ? accepted / declaring.length : 0 };
  });
  for (const s of shares) {
    expect(s).toMatchObject({ addon: s.addon });
    expect(s.declaring).toBeGreaterThan(0);
    expect({ addon: s.addon, passes: s.share >= 0.4 }).toEqual({ addon: s.addon, passes: true });
  }
});
