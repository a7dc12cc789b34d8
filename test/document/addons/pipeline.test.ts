import { processDocument } from '../../../src/document';
import type { Json, JsonObject } from '../../../src/document/base/types';
import { withGobl } from '../../helpers/golden-examples';
import { clone, goldenCases } from './golden';

/**
 * End to end through the engine: every extension map GOBL wrote into an example's output must
 * come out of the engine with the same values. This checks the addons together with the
 * engine's walk and its scenario step, but looks only at `ext` maps (and the combo keys the
 * addons may set), so it does not depend on the calculator being complete.
 */

function extMaps(value: Json, at: string, out: Map<string, Json>): Map<string, Json> {
  if (Array.isArray(value)) value.forEach((v, i) => extMaps(v, `${at}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'ext') out.set(`${at}.ext`, v);
      else extMaps(v, `${at}.${k}`, out);
    }
  }
  return out;
}

export function extDifferences(expected: JsonObject, actual: JsonObject): string[] {
  const want = extMaps(expected, '$', new Map());
  const got = extMaps(actual, '$', new Map());
  const diffs: string[] = [];
  for (const [p, v] of want) {
    if (JSON.stringify(got.get(p)) !== JSON.stringify(v)) diffs.push(`${p}: want ${JSON.stringify(v)} got ${JSON.stringify(got.get(p))}`);
  }
  for (const [p, v] of got) if (!want.has(p)) diffs.push(`${p}: unexpected ${JSON.stringify(v)}`);
  return diffs;
}

withGobl.describe('addon extensions through the engine', () => {
  const cases = goldenCases();

  test.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = processDocument(clone(c.input), {
      newUuid: () => '00000000-0000-0000-0000-000000000000',
      now: new Date('2025-01-01T00:00:00Z'),
    });
    if (!result.ok) throw new Error(`${result.error}: ${result.message}`);
    expect(extDifferences(c.output, result.envelope.doc)).toEqual([]);
  });
});
