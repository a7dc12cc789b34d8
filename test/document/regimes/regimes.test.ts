import * as fs from 'fs';
import * as path from 'path';
import Decimal from 'decimal.js';
import { allRegimes, regimeFor } from '../../../src/document/regimes';
import type { Regime } from '../../../src/document/tax/regime-def';
import { GOBL_DATA, withGobl } from '../../helpers/golden-examples';

const dataDir = path.join(GOBL_DATA, 'regimes');

type Def = Record<string, any>;

/** Drops absent values and empty lists, as the tables leave them out. */
function compact<T extends Record<string, unknown>>(obj: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out as Partial<T>;
}

/** The figures of a GOBL regime definition, in the shape of the project's tables. */
function figures(def: Def): unknown {
  return compact({
    country: def.country,
    altCountryCodes: def.alt_country_codes,
    currency: def.currency,
    timeZone: def.time_zone,
    taxScheme: def.tax_scheme,
    calculatorRoundingRule: def.calculator_rounding_rule,
    tags: def.tags?.map((t: Def) => ({ schema: t.schema, keys: t.list.map((l: Def) => l.key) })),
    extensions: def.extensions?.map((e: Def) =>
      compact({ key: e.key, pattern: e.pattern, codes: (e.values ?? e.codes ?? []).map((c: Def) => c.code) }),
    ),
    identities: def.identities?.map((i: Def) => compact({ key: i.key, code: i.code })),
    scenarios: def.scenarios?.map((s: Def) => ({
      schema: s.schema,
      list: s.list.map((sc: Def) => compact({ tags: sc.tags, categories: sc.cat, note: sc.note && compact({ ...sc.note }) })),
    })),
    corrections: def.corrections?.map((c: Def) => compact({ schema: c.schema, types: c.types, stamps: c.stamps })),
    categories: (def.categories ?? []).map((c: Def) => ({
      ...compact({
        code: c.code,
        retained: c.retained,
        informative: c.informative,
        keys: c.keys?.map((k: Def) => compact({ key: k.key, noPercent: k.no_percent })),
        map: c.map,
      }),
      rates: (c.rates ?? []).map((r: Def) => ({
        ...compact({ rate: r.rate, keys: r.keys }),
        values: (r.values ?? []).map((v: Def) => compact({ since: v.since, percent: v.percent, surcharge: v.surcharge, ext: v.ext })),
      })),
    })),
  });
}

/** GOBL's data folder still ships a stale gr.json (old format); Greece is el.json. */
const goblFiles = () => fs.readdirSync(dataDir).filter((f) => f.endsWith('.json') && f !== 'gr.json');

withGobl.describe("regime tables against GOBL's data", () => {
  const files = goblFiles();

  test('there is one table per GOBL regime', () => {
    const countries = files.map((f) => JSON.parse(fs.readFileSync(path.join(dataDir, f), 'utf8')).country).sort();
    expect(
      allRegimes()
        .map((r) => r.country)
        .sort(),
    ).toEqual(countries);
  });

  test('the figures files are what scripts/generate-regimes.js writes from GOBL data now (run it when they are not)', () => {
    const { regimeFiles } = require('../../../scripts/generate-regimes') as { regimeFiles: (dir: string) => Map<string, string> };
    const generated = regimeFiles(dataDir);
    expect(generated.size).toBe(files.length);
    for (const [file, text] of generated) expect(`${file}\n${fs.readFileSync(file, 'utf8')}`).toBe(`${file}\n${text}`);
  });

  test.each(files)('%s: figures equal GOBL data', (file) => {
    const def = JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8'));
    const regime = regimeFor(def.country);
    expect(regime).toBeDefined();
    // Only the figures come from GOBL's data; the regime's identity checks and rules are code.
    const { identity: _identity, normalize: _normalize, rules: _rules, everywhere: _everywhere, ...tables } = regime!;
    expect(JSON.parse(JSON.stringify(tables))).toEqual(figures(def));
  });
});

describe('regime tables', () => {
  describe.each(allRegimes().map((r) => [r.country, r] as [string, Regime]))('%s', (_country, regime) => {
    test('rate values are dated newest first (per extension group)', () => {
      for (const cat of regime.categories) {
        for (const rate of cat.rates) {
          const groups = new Map<string, (string | undefined)[]>();
          for (const v of rate.values) {
            const g = JSON.stringify(v.ext ?? {});
            groups.set(g, [...(groups.get(g) ?? []), v.since]);
          }
          for (const dates of groups.values()) {
            // An undated value applies from the beginning, so it may only come last.
            dates.slice(0, -1).forEach((d) => expect(d).toBeDefined());
            const dated = dates.filter((d): d is string => d !== undefined);
            dated.forEach((d) => expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/));
            expect([...dated].sort().reverse()).toEqual(dated);
          }
        }
      }
    });

    test('percentages parse as decimals', () => {
      for (const cat of regime.categories) {
        for (const rate of cat.rates) {
          for (const v of rate.values) {
            for (const p of [v.percent, v.surcharge].filter((x): x is string => x !== undefined)) {
              expect(p).toMatch(/^\d+(\.\d+)?%$/);
              const d = new Decimal(p.slice(0, -1));
              expect(d.gte(0) && d.lte(100)).toBe(true);
            }
          }
        }
      }
    });

    test("rate keys are among the category's keys", () => {
      for (const cat of regime.categories) {
        const keys = new Set((cat.keys ?? []).map((k) => k.key));
        for (const rate of cat.rates) for (const k of rate.keys ?? []) expect(keys).toContain(k);
      }
    });

    test('category codes and rate keys are unique', () => {
      const codes = regime.categories.map((c) => c.code);
      expect(new Set(codes).size).toBe(codes.length);
      for (const cat of regime.categories) {
        const rates = cat.rates.map((r) => r.rate);
        expect(new Set(rates).size).toBe(rates.length);
      }
    });
  });

  test.each([
    ['ES', 'ES'],
    ['es', 'ES'],
    ['GR', 'EL'],
    ['EL', 'EL'],
    ['XI', 'GB'],
  ])('regimeFor(%s) is %s', (code, country) => {
    expect(regimeFor(code)?.country).toBe(country);
  });

  test('unknown countries have no regime', () => {
    expect(regimeFor('ZW')).toBeUndefined();
    expect(regimeFor('')).toBeUndefined();
  });
});
