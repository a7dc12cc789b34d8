import { execFile } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { rulesFindings, withEinvoice } from '../../helpers/einvoice-judge';
import { casesOf, xmlFilesIn } from '../../helpers/rule-verdicts';

/**
 * The Schematron compiler and SaxonJS are judged by CEN/TC 434's own verdicts: its example documents are valid (no
 * fatal finding), and in each of its unit tests of a rule the rule fires exactly where the test says it must. The
 * thousand runs go in a process of their own at the lowest priority (test/helpers/rule-verdicts.ts).
 */
const ROOT = path.resolve(__dirname, '../../..');

function verdicts(mode: 'examples' | 'unit-tests', ruleSet: string, folder: string): Promise<{ checked: number; wrong: string[] }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--require', './scripts/register-ts.js', 'test/helpers/rule-verdicts.ts', mode, ruleSet, folder],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout))),
    );
    try {
      setPriority(child.pid!, 19);
    } catch {
      // Not allowed here: it runs at the test's priority.
    }
  });
}

withEinvoice.describe('the official rules, compiled to XSLT and run by SaxonJS', () => {
  jest.setTimeout(600_000);

  test.each([
    ['en16931-ubl', 'examples/en16931-ubl'],
    ['en16931-cii', 'examples/en16931-cii'],
  ] as const)('%s finds nothing fatal in the published examples of %s', async (ruleSet, folder) => {
    const { checked, wrong } = await verdicts('examples', ruleSet, folder);
    expect(checked).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });

  test.each([
    ['en16931-ubl', 'rule-tests/en16931/Invoice-unit-UBL'],
    ['en16931-ubl', 'rule-tests/en16931/CreditNote-unit-UBL'],
    ['en16931-cii', 'rule-tests/en16931/cii'],
  ] as const)('%s gives the verdict of every unit test in %s', async (ruleSet, folder) => {
    const { checked, wrong } = await verdicts('unit-tests', ruleSet, folder);
    expect(checked).toBeGreaterThan(5);
    expect(wrong).toEqual([]);
  });

  test('a finding names its rule, its flag, where it is and what it says', async () => {
    const [file] = xmlFilesIn('rule-tests/en16931/Invoice-unit-UBL').filter((name) => name.endsWith('BR-10.xml'));
    const failing = casesOf(file).find((one) => one.expect === 'error')!;
    expect(await rulesFindings('en16931-ubl', failing.document)).toContainEqual({
      rule: 'BR-10',
      flag: 'fatal',
      location: expect.stringMatching(/^\/ubl:Invoice\[1\]/),
      message: expect.stringContaining('[BR-10]'),
    });
  });

  test("a rule tells its cases apart: BR-10 fires on CEN's error case and not on its success case", async () => {
    const [file] = xmlFilesIn('rule-tests/en16931/Invoice-unit-UBL').filter((name) => name.endsWith('BR-10.xml'));
    const rulesOf = async (expect: string) =>
      (await rulesFindings('en16931-ubl', casesOf(file).find((one) => one.expect === expect)!.document)).map((finding) => finding.rule);
    expect(await rulesOf('error')).toContain('BR-10');
    expect(await rulesOf('success')).not.toContain('BR-10');
  });
});
