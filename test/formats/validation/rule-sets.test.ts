import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { saxon } from '../../../src/formats/saxon';
import { EINVOICE_DIR, rulesFindings, withEinvoice } from '../../helpers/einvoice-judge';

/**
 * The Schematron compiler and SaxonJS are judged by CEN/TC 434's own verdicts: its example documents are valid (no
 * fatal finding), and in each of its unit tests of a rule the rule fires exactly where the test says it must.
 */

interface RuleCase {
  file: string;
  description: string;
  expect: 'error' | 'success' | 'warning';
  rule: string;
  document: string;
}

/** The test cases of one published test file: each `test` holds what it expects and the document it checks. */
function casesOf(file: string): RuleCase[] {
  return saxon().XPath.evaluate(
    `array { parse-xml($text)//*:test ! map {
       'description': normalize-space(*:assert/*:description),
       'expect': local-name(*:assert/(*:error | *:success | *:warning)[1]),
       'rule': string(*:assert/(*:error | *:success | *:warning)[1]),
       'document': serialize(*[not(self::*:assert)])
     } }`,
    null,
    { params: { text: readFileSync(file, 'utf8') } },
  ) as unknown as RuleCase[];
}

const filesIn = (folder: string) =>
  readdirSync(path.join(EINVOICE_DIR!, folder))
    .filter((name) => name.toLowerCase().endsWith('.xml'))
    .map((name) => path.join(EINVOICE_DIR!, folder, name));

/** Each case whose outcome differs from what the test expects, as one readable line. */
async function disagreements(ruleSet: 'en16931-ubl' | 'en16931-cii', folder: string): Promise<{ checked: number; wrong: string[] }> {
  const wrong: string[] = [];
  let checked = 0;
  for (const file of filesIn(folder)) {
    for (const one of casesOf(file)) {
      checked++;
      const fired = (await rulesFindings(ruleSet, one.document)).filter((finding) => finding.rule === one.rule);
      const expected = one.expect === 'success' ? 0 : 1;
      if ((fired.length > 0 ? 1 : 0) !== expected)
        wrong.push(`${path.basename(file)}: ${one.description} (expected ${one.expect} ${one.rule}, fired ${fired.length})`);
    }
  }
  return { checked, wrong };
}

withEinvoice.describe('the official rules, compiled to XSLT and run by SaxonJS', () => {
  jest.setTimeout(600_000);

  test.each([
    ['en16931-ubl', 'examples/en16931-ubl'],
    ['en16931-cii', 'examples/en16931-cii'],
  ] as const)('%s finds nothing fatal in the published examples of %s', async (ruleSet, folder) => {
    const files = filesIn(folder);
    expect(files.length).toBeGreaterThan(10);
    const fatal: string[] = [];
    for (const file of files)
      for (const finding of await rulesFindings(ruleSet, readFileSync(file, 'utf8')))
        if (finding.flag === 'fatal') fatal.push(`${path.basename(file)}: ${finding.rule} at ${finding.location}`);
    expect(fatal).toEqual([]);
  });

  test.each([
    ['en16931-ubl', 'rule-tests/en16931/Invoice-unit-UBL'],
    ['en16931-ubl', 'rule-tests/en16931/CreditNote-unit-UBL'],
    ['en16931-cii', 'rule-tests/en16931/cii'],
  ] as const)('%s gives the verdict of every unit test in %s', async (ruleSet, folder) => {
    const { checked, wrong } = await disagreements(ruleSet, folder);
    expect(checked).toBeGreaterThan(5);
    expect(wrong).toEqual([]);
  });

  test('a finding names its rule, its flag, where it is and what it says', async () => {
    const [file] = filesIn('rule-tests/en16931/Invoice-unit-UBL').filter((name) => name.endsWith('BR-10.xml'));
    const failing = casesOf(file).find((one) => one.expect === 'error')!;
    expect(await rulesFindings('en16931-ubl', failing.document)).toContainEqual({
      rule: 'BR-10',
      flag: 'fatal',
      location: expect.stringMatching(/^\/ubl:Invoice\[1\]/),
      message: expect.stringContaining('[BR-10]'),
    });
  });
});
