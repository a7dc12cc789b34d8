import * as fs from 'node:fs';
import * as path from 'node:path';
import { formatReport, runConformance } from '../../scripts/conformance';
import { GOBL_TAG } from '../../scripts/gobl-fixtures';
import { GOBL_DIR, withGobl } from '../helpers/golden-examples';

/** The golden examples GOBL produced must keep coming out identical; the recorded figure only goes up. */
const figure = JSON.parse(fs.readFileSync(path.join(__dirname, 'conformance-figure.json'), 'utf8')) as {
  equal: number;
  total: number;
};

withGobl.describe('conformance with GOBL golden examples', () => {
  const results = runConformance(GOBL_DIR!);

  test('every example was found', () => {
    expect(results.length).toBe(figure.total);
  });

  test(`at least ${figure.equal} examples are identical`, () => {
    const equal = results.filter((r) => r.equal).length;
    if (equal < figure.equal) console.log(formatReport(results));
    expect(equal).toBeGreaterThanOrEqual(figure.equal);
  });

  test.each(['de', 'gb', 'us', 'nl', 'fi', 'se', 'no', 'ie', 'sg', 'ca', 'ae', 'pl', 'gr', 'mx', 'in', 'it'])(
    'all %s examples are identical',
    (country) => {
      const failing = results.filter((r) => r.country === country && !r.equal).map((r) => `${r.name}: ${r.error ?? r.diff?.path}`);
      expect(failing).toEqual([]);
    },
  );
});

test('npm run fixtures:gobl downloads the tag the engine is compared with', () => {
  const script = fs.readFileSync(path.join(__dirname, '../../scripts/fetch-gobl-fixtures.js'), 'utf8');
  expect(script).toContain(`const TAG = '${GOBL_TAG}';`);
});
