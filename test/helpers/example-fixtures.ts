import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The official example instances of the CIUS the service writes, as `npm run fixtures:examples` lays them out:
 * OpenPeppol's BIS Billing 3.0 examples in `peppol/`, KoSIT's XRechnung 3.0 standard business cases (UBL and CII) in
 * `xrechnung/`. Read from `EXAMPLE_FIXTURES_DIR`, else test/fixtures/examples; the tests that need them are skipped,
 * with one line (test/setup/gobl-notice.ts), where neither holds them. No jest global is used here: the notice reads
 * this file outside the tests.
 */
const SETS = ['peppol', 'xrechnung'] as const;
const candidates = [process.env.EXAMPLE_FIXTURES_DIR, path.resolve(__dirname, '../fixtures/examples')];
export const EXAMPLE_FIXTURES_DIR = candidates.find((dir): dir is string => !!dir && SETS.every((set) => existsSync(path.join(dir, set))));

export const HOW_TO_GET_EXAMPLE_FIXTURES =
  'The official Peppol BIS and XRechnung examples (OpenPEPPOL/peppol-bis-invoice-3, itplr-kosit/xrechnung-testsuite) not found: their round trip is skipped. ' +
  'Get them with `npm run fixtures:examples` (or `-- --from DIR` from local copies) or set EXAMPLE_FIXTURES_DIR to a folder holding peppol/ and xrechnung/.';

/** One example: `<set>/<file>`, its path, and the format it is written again in (its own syntax and CIUS). */
export interface CiusExample {
  name: string;
  file: string;
  format: 'peppol' | 'xrechnung-ubl' | 'xrechnung-cii';
}

/** Every example of both sets, in a stable order; an XRechnung example's syntax is told by its file name (`_ubl`, `_uncefact`). */
export function ciusExamples(): CiusExample[] {
  return SETS.flatMap((set) => {
    const dir = path.join(EXAMPLE_FIXTURES_DIR!, set);
    return readdirSync(dir)
      .filter((file) => /\.xml$/i.test(file))
      .sort()
      .map((file) => ({
        name: `${set}/${file}`,
        file: path.join(dir, file),
        format: set === 'peppol' ? 'peppol' : /_uncefact\.xml$/i.test(file) ? 'xrechnung-cii' : 'xrechnung-ubl',
      }));
  });
}
