import { readFileSync } from 'node:fs';
import { runFormatJob } from '../../src/domain/documents/format-job';
import { DomainError } from '../../src/domain/shared/errors';
import { CONVERTER_FIXTURES_DIR, converterExamples } from '../helpers/converter-dir';
import { einvoiceValues, type InvoiceValues } from '../helpers/einvoice-values';

/**
 * Our UBL and CII beside what GOBL's own converters (invopop/gobl.ubl, invopop/gobl.cii) write of the same GOBL
 * invoices, on the business terms that matter: document, totals, VAT breakdown, parties, lines and payment means,
 * each XML read by namespace. Their plain EN 16931, Peppol, XRechnung and Factur-X / ZUGFeRD (EN 16931 profile)
 * examples are compared; the national CIUS we do not write (France's, ZATCA) and the CDAR messages are not.
 */
const CONVERTERS = [
  { repo: 'gobl.ubl', format: 'ubl', folders: ['en16931', 'peppol', 'peppol-self-billed', 'xrechnung'] },
  { repo: 'gobl.cii', format: 'cii', folders: ['en16931', 'facturx', 'zugferd', 'peppol', 'xrechnung'] },
] as const;

/** The examples we refuse to write, with the faults we give: the converter writes each all the same, in its own way. */
const REFUSED: Record<string, string[]> = {
  // Prices that include VAT: EN 16931 carries net prices only (BT-146), so we refuse; the converter derives net lines
  // of its own that do not add up to GOBL's totals (it then needs a rounding amount GOBL never calculated).
  'gobl.ubl/peppol/invoice-prices-include-vat': ['format-prices-include'],
  'gobl.ubl/peppol/peppol-reverse-charge': ['format-prices-include'],
  'gobl.cii/en16931/invoice-prices-include': ['format-prices-include'],
  'gobl.cii/xrechnung/invoice-credit': ['format-prices-include'],
  // A seller with no VAT identifier, only a German tax number: BR-CO-26 asks for BT-29, BT-30 or BT-31, and we write
  // the tax number as what it is, the seller's tax registration (BT-32); the converter writes it as its identifier (BT-29).
  'gobl.cii/en16931/invoice-out-of-scope': ['BR-CO-26'],
};

/** A value the two documents give differently, at its path in InvoiceValues: ours, then the converter's. */
type Differences = Record<string, [unknown, unknown]>;

// GOBL's `ordering.seller`: the converters write it as the seller (BG-4) and the supplier as the seller's tax
// representative (BG-11); we write the supplier as the seller, and no tax representative.
const ORDERING_SELLER: Differences = {
  'supplier.name': ['Provide One GmbH', 'Salescompany ltd.'],
  'supplier.vatId': ['DE111111125', 'NO923456783'],
  'supplier.country': ['DE', 'NO'],
};

/** The examples we write with values of their own, and those values: every other example gives the converter's. */
const DIFFERENT: Record<string, Differences> = {
  // The buyer's country (BT-55) is its address's; gobl.ubl writes its tax identifier's country there instead.
  'gobl.ubl/en16931/invoice-export-zero-rated': { 'customer.country': ['CH', 'DE'] },
  'gobl.ubl/peppol/credit-note': { 'customer.country': ['DE', 'LU'] },
  'gobl.cii/en16931/invoice-de-de': ORDERING_SELLER,
  'gobl.cii/facturx/invoice-de-de': ORDERING_SELLER,
  'gobl.cii/peppol/invoice-de-de': ORDERING_SELLER,
};

let uuids = 0;
const context = { newUuid: () => `0190a0b0-0000-7000-8000-${String(++uuids).padStart(12, '0')}`, now: new Date('2026-11-20T10:00:00Z') };

/** The example's GOBL JSON (an envelope or a document) written as the service writes it: our XML, or the fault codes. */
function written(json: string, format: 'ubl' | 'cii'): { xml: string } | { refused: string[] } {
  const data = JSON.parse(readFileSync(json, 'utf8')) as unknown;
  try {
    return { xml: runFormatJob({ workspaceId: 'converter-examples', convertBody: JSON.stringify({ data, format }) }, context).text };
  } catch (error) {
    if (!(error instanceof DomainError) || error.key !== 'validation') throw error;
    return { refused: [...new Set((error.details.faults ?? []).map((fault) => fault.code))] };
  }
}

/** Every leaf of the values, by its dotted path. */
function leaves(value: unknown, at = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) leaves(member, at === '' ? key : `${at}.${key}`, out);
  } else out[at] = value;
  return out;
}

/** Where the two documents' values differ: ours, then theirs. */
function differences(ours: InvoiceValues, theirs: InvoiceValues): Differences {
  const [a, b] = [leaves(ours), leaves(theirs)];
  const paths = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return Object.fromEntries(paths.filter((at) => a[at] !== b[at]).map((at) => [at, [a[at], b[at]]]));
}

const EXAMPLES = CONVERTER_FIXTURES_DIR
  ? CONVERTERS.flatMap(({ repo, format, folders }) => converterExamples(repo, folders).map((example) => ({ ...example, format })))
  : [];

/** The suite, or one skipped placeholder (its body not run) without the examples; test/setup/gobl-notice.ts says why. */
const withConverters = CONVERTER_FIXTURES_DIR
  ? describe
  : (name: string, _body: () => void) => describe.skip(name, () => test("reads GOBL's converters' examples", () => undefined));

withConverters("GOBL's converters' examples, written by us", () => {
  test('every example named below is among them, and each converter gives some', () => {
    const names = EXAMPLES.map((example) => example.name);
    expect([...Object.keys(REFUSED), ...Object.keys(DIFFERENT)].filter((name) => !names.includes(name))).toEqual([]);
    for (const { repo } of CONVERTERS) expect(names.filter((name) => name.startsWith(`${repo}/`)).length).toBeGreaterThan(0);
  });

  test.each(EXAMPLES.map((example) => [example.name, example] as const))('%s', (name, example) => {
    const ours = written(example.json, example.format);
    if ('refused' in ours) {
      expect({ name, refused: ours.refused }).toEqual({ name, refused: REFUSED[name] ?? [] });
      return;
    }
    expect(REFUSED[name]).toBeUndefined();
    const [mine, theirs] = [einvoiceValues(ours.xml), einvoiceValues(readFileSync(example.xml, 'utf8'))];
    // A document with nothing in it would agree with another one: each has its number, totals, parties and lines.
    expect(theirs).toMatchObject({
      id: expect.any(String),
      totals: { payable: expect.any(String) },
      supplier: { name: expect.any(String) },
    });
    expect(theirs.lines.length).toBeGreaterThan(0);
    if (DIFFERENT[name]) expect(differences(mine, theirs)).toEqual(DIFFERENT[name]);
    else expect(mine).toEqual(theirs);
  });
});
