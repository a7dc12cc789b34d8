import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compiledRules } from '../../../src/formats/validation/compiled-rules';
import { validateEinvoice } from '../../../src/formats/validation/einvoice-validation';
import { loadedRules } from '../../../src/formats/validation/rule-findings';
import { RULE_SETS } from '../../../src/formats/validation/rule-sets';
import { EINVOICE_DIR, RULES_CACHE, withEinvoice } from '../../helpers/einvoice-judge';

/**
 * Reading the official rules takes seconds the first time in a thread; the engine's time limit must not count them
 * against the first document (a cold thread under load refused a valid invoice as too complex): `loaded` tells when
 * they are read, before any judging begins.
 */
withEinvoice.describe('validateEinvoice', () => {
  jest.setTimeout(300_000);

  test('reads the rule sets a document needs before it calls `loaded`, once, and judges after', async () => {
    const sefFile = await compiledRules(path.join(EINVOICE_DIR!, RULE_SETS['en16931-ubl'].schematron), RULES_CACHE);
    const xml = readFileSync(path.join(EINVOICE_DIR!, 'examples/en16931-ubl/ubl-tc434-example1.xml'), 'utf8');
    expect(loadedRules()).not.toContain(sefFile);
    const seenWhenLoaded: string[][] = [];
    const report = await validateEinvoice(
      xml,
      { dir: EINVOICE_DIR!, compiled: { 'en16931-ubl': sefFile } },
      { loaded: () => seenWhenLoaded.push(loadedRules()) },
    );
    expect(seenWhenLoaded).toEqual([[sefFile]]);
    expect(report).toMatchObject({ valid: true, syntax: 'ubl', rules: ['en16931-ubl'], errors: [] });
  });
});
