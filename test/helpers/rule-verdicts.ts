/**
 * CEN/TC 434's verdicts checked against the compiled rules, as a program of its own: `node --require
 * ./scripts/register-ts.js test/helpers/rule-verdicts.ts <examples|unit-tests> <rule set> <folder>` prints, as JSON,
 * how many documents or cases it checked and each one whose verdict differs. The test runs it at the lowest
 * priority (a thousand Schematron runs take a core for half a minute), so that timings measured beside it hold.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { saxon } from '../../src/formats/saxon';
import { compiledRules } from '../../src/formats/validation/compiled-rules';
import { ruleFindings } from '../../src/formats/validation/rule-findings';
import { RULE_SETS, type RuleSetName } from '../../src/formats/validation/rule-sets';
import { EINVOICE_DIR, RULES_CACHE } from './einvoice-dir';

/** What a rule set finds in a document, as the tests' judge runs it (einvoice-judge.ts, which needs Jest's globals). */
async function rulesFindings(ruleSet: RuleSetName, xml: string) {
  return ruleFindings(await compiledRules(path.join(EINVOICE_DIR!, RULE_SETS[ruleSet].schematron), RULES_CACHE), xml);
}

interface RuleCase {
  description: string;
  expect: 'error' | 'success' | 'warning';
  rule: string;
  document: string;
}

/** The test cases of one published test file: each `test` holds what it expects and the document it checks. */
export function casesOf(file: string): RuleCase[] {
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

export const xmlFilesIn = (folder: string) =>
  readdirSync(path.join(EINVOICE_DIR!, folder))
    .filter((name) => name.toLowerCase().endsWith('.xml'))
    .map((name) => path.join(EINVOICE_DIR!, folder, name));

/** The published examples of a folder: each fatal finding, as one line. */
async function examples(ruleSet: RuleSetName, folder: string): Promise<{ checked: number; wrong: string[] }> {
  const wrong: string[] = [];
  const files = xmlFilesIn(folder);
  for (const file of files)
    for (const finding of await rulesFindings(ruleSet, readFileSync(file, 'utf8')))
      if (finding.flag === 'fatal') wrong.push(`${path.basename(file)}: ${finding.rule} at ${finding.location}`);
  return { checked: files.length, wrong };
}

/** The unit tests of a folder: each case whose outcome differs from what it expects, as one line. */
async function unitTests(ruleSet: RuleSetName, folder: string): Promise<{ checked: number; wrong: string[] }> {
  const wrong: string[] = [];
  let checked = 0;
  for (const file of xmlFilesIn(folder)) {
    for (const one of casesOf(file)) {
      checked++;
      const fired = (await rulesFindings(ruleSet, one.document)).filter((finding) => finding.rule === one.rule);
      if (fired.length > 0 !== (one.expect !== 'success'))
        wrong.push(`${path.basename(file)}: ${one.description} (expected ${one.expect} ${one.rule}, fired ${fired.length})`);
    }
  }
  return { checked, wrong };
}

if (require.main === module) {
  const [mode, ruleSet, folder] = process.argv.slice(2) as ['examples' | 'unit-tests', RuleSetName, string];
  (mode === 'examples' ? examples : unitTests)(ruleSet, folder).then(
    (result) => process.stdout.write(JSON.stringify(result)),
    (error: Error) => {
      process.stderr.write(`${error.stack ?? error.message}\n`);
      process.exitCode = 1;
    },
  );
}
