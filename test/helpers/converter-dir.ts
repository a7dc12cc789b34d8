import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The test data of GOBL's own converters (invopop/gobl.ubl, invopop/gobl.cii): GOBL documents and the XML each
 * converter writes of them, as `npm run fixtures:converters` lays them out (`<repo>/convert/<folder>/<name>.json` and
 * `<repo>/convert/<folder>/out/<name>.xml`). Read from `CONVERTER_FIXTURES_DIR`, else test/fixtures/converters; the
 * tests that need them are skipped, with one line (test/setup/gobl-notice.ts), where neither holds them. No jest
 * global is used here: the notice reads this file outside the tests.
 */
const candidates = [process.env.CONVERTER_FIXTURES_DIR, path.resolve(__dirname, '../fixtures/converters')];
export const CONVERTER_FIXTURES_DIR = candidates.find(
  (dir): dir is string => !!dir && ['gobl.ubl', 'gobl.cii'].some((repo) => existsSync(path.join(dir, repo, 'convert'))),
);

export const HOW_TO_GET_CONVERTER_FIXTURES =
  "GOBL's converters' examples (invopop/gobl.ubl, invopop/gobl.cii) not found: the comparison with them is skipped. " +
  'Get them with `npm run fixtures:converters` or set CONVERTER_FIXTURES_DIR to a folder holding gobl.ubl/convert and gobl.cii/convert.';

/** One example: `<repo>/<folder>/<name>`, its GOBL JSON and the XML the converter wrote of it. */
export interface ConverterExample {
  name: string;
  json: string;
  xml: string;
}

/** The examples of a converter's folders that have both their JSON and their XML, in a stable order. */
export function converterExamples(repo: string, folders: readonly string[]): ConverterExample[] {
  return folders.flatMap((folder) => {
    const dir = path.join(CONVERTER_FIXTURES_DIR!, repo, 'convert', folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => {
        const base = file.replace(/\.json$/, '');
        return { name: `${repo}/${folder}/${base}`, json: path.join(dir, file), xml: path.join(dir, 'out', `${base}.xml`) };
      })
      .filter((example) => existsSync(example.xml));
  });
}
