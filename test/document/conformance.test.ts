import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_GOBL_DIR, formatReport, runConformance } from '../../scripts/conformance';

/** The golden examples GOBL produced must keep coming out identical; the recorded figure only goes up. */
const figure = JSON.parse(fs.readFileSync(path.join(__dirname, 'conformance-figure.json'), 'utf8')) as {
  equal: number;
  total: number;
};

describe('conformance with GOBL golden examples', () => {
  const results = runConformance(DEFAULT_GOBL_DIR);

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
