import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compiledRules } from '../../src/formats/validation/compiled-rules';
import { RULE_SETS } from '../../src/formats/validation/rule-sets';
import { SigningKeys } from '../../src/signing/signing-keys';
import { DocumentWorkers } from '../../src/workers/document-workers';
import { EINVOICE_DIR, RULES_CACHE, withEinvoice } from '../helpers/einvoice-judge';

/**
 * A validation by the official rules has a budget of its own (ENGINE_VALIDATION_TIME_LIMIT_MS), counted once the
 * thread has read the rules: the published Schematron takes seconds where a create takes milliseconds, and on a
 * loaded machine a cold thread's reading of it alone took a create's whole budget.
 */
withEinvoice.describe('the validation budget', () => {
  jest.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'validation-budget-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test("a Peppol invoice is judged in a cold thread whose documents' limit is far shorter than the judging", async () => {
    const compiled = {
      'en16931-ubl': await compiledRules(path.join(EINVOICE_DIR!, RULE_SETS['en16931-ubl'].schematron), RULES_CACHE),
      'peppol-ubl': await compiledRules(path.join(EINVOICE_DIR!, RULE_SETS['peppol-ubl'].schematron), RULES_CACHE),
    };
    const xml = readFileSync(path.join(EINVOICE_DIR!, 'examples/en16931-ubl/BIS3_Invoice_positive.XML'), 'utf8');
    const seconds: number[] = [];
    const workers = new DocumentWorkers({
      threads: 1,
      timeLimitMs: 50,
      validationTimeLimitMs: 120_000,
      memoryMb: 512,
      nice: 0,
      worker: { signingKeys: SigningKeys.load(undefined, dataDir).material() },
      observeSeconds: (s) => seconds.push(s),
    });
    try {
      const report = await workers.validateEinvoice({ workspaceId: 'ws', artefacts: { dir: EINVOICE_DIR!, compiled }, xml });
      expect(report).toMatchObject({ valid: true, rules: ['en16931-ubl', 'peppol-ubl'] });
      // Judged for longer than a document may take: the validation's own budget applied, not the documents'.
      expect(seconds[0] * 1000).toBeGreaterThan(50);
    } finally {
      await workers.close();
    }
  });
});
