import * as fs from 'fs';
import * as path from 'path';
import { GOBL_DATA, withGobl } from '../../helpers/golden-examples';
import {
  addonCorrections,
  addonDefinition,
  addonHooks,
  addonKeys,
  addonScenarios,
  addonTags,
  expandAddons,
  extensionCodeValid,
  extensionDefinition,
  knownAddon,
  normalizeAddonCorrection,
} from '../../../src/document/addons';

const SHARED = GOBL_DATA;
const SRC = path.resolve(__dirname, '../../../src/document/addons');
/**
 * Addons GOBL's service loads from modules of their own, with the prefix of their fault codes: GOBL's
 * data holds neither their definitions nor their rules, so their own tests check them instead.
 */
const EXTERNAL: Record<string, string> = {
  'mx-cfdi-v4': 'GOBL-MX-CFDI-',
  'br-nfe-v4': 'GOBL-BR-NFE-',
  'br-nfse-v1': 'GOBL-BR-NFSE-',
  'pt-saft-v1': 'GOBL-PT-SAFT-',
  'sa-zatca-v1': 'GOBL-SA-ZATCA-',
  'fr-ctc-flow10-v1': 'GOBL-FR-CTC-FLOW10-',
  'fr-ctc-flow2-v1': 'GOBL-FR-CTC-FLOW2-',
  'fr-ctc-flow6-v1': 'GOBL-FR-CTC-FLOW6-',
};
const isExternalCode = (code: string) => Object.values(EXTERNAL).some((p) => code.startsWith(p));

describe('addon registry', () => {
  it('knows the addons GOBL registers, and not the stale pl-favat-v2', () => {
    expect(addonKeys()).toEqual([
      'ar-arca-v4',
      'co-dian-v2',
      'eu-en16931-v2017',
      'de-xrechnung-v3',
      'de-zugferd-v2',
      'es-facturae-v3',
      'es-sii-v1',
      'es-tbai-v1',
      'es-verifactu-v1',
      'fr-choruspro-v1',
      'fr-facturx-v1',
      'gr-mydata-v1',
      'it-sdi-v1',
      'it-ticket-v1',
      'pl-favat-v3',
      'mx-cfdi-v4',
      'br-nfe-v4',
      'br-nfse-v1',
      'fr-ctc-flow10-v1',
      'fr-ctc-flow2-v1',
      'fr-ctc-flow6-v1',
      'pt-saft-v1',
      'sa-zatca-v1',
    ]);
    expect(knownAddon('es-verifactu-v1')).toBe(true);
    expect(knownAddon('pl-favat-v2')).toBe(false);
  });

  test.each([
    [['fr-facturx-v1'], ['eu-en16931-v2017', 'fr-facturx-v1']],
    [['de-xrechnung-v3'], ['eu-en16931-v2017', 'de-xrechnung-v3']],
    [
      ['fr-choruspro-v1', 'eu-en16931-v2017'],
      ['eu-en16931-v2017', 'fr-choruspro-v1'],
    ],
    [['es-verifactu-v1', 'unknown-v1', 'es-verifactu-v1'], ['es-verifactu-v1']],
    [
      ['es-sii-v1', 'es-facturae-v3'],
      ['es-sii-v1', 'es-facturae-v3'],
    ],
    [[], []],
  ])('expandAddons(%j) = %j', (given, want) => {
    expect(expandAddons(given)).toEqual(want);
  });

  it('gives hooks in registration order, with required addons', () => {
    expect(addonHooks(['fr-facturx-v1'])).toHaveLength(2);
    expect(addonHooks(['pl-favat-v3', 'es-verifactu-v1'])).toHaveLength(2);
    expect(addonHooks(['nope'])).toHaveLength(0);
  });

  it('lists scenarios, tags and corrections', () => {
    expect(addonScenarios(['es-verifactu-v1']).map((s) => s.ext)).toContainEqual({ 'es-verifactu-doc-type': 'F2' });
    expect(addonScenarios(['fr-facturx-v1']).length).toBe(11);
    expect(addonTags(['gr-mydata-v1'])).toEqual(['islands', 'goods', 'services', 'export', 'eu']);
    expect(addonCorrections(['es-sii-v1'])).toEqual([{ schema: 'bill/invoice', extensions: ['es-sii-doc-type'], copyTax: true }]);
  });

  test.each([
    ['es-verifactu-doc-type', 'F1', true],
    ['es-verifactu-doc-type', 'F9', false],
    ['es-tbai-bi-activity', '1234567', true],
    ['es-tbai-bi-activity', '12345678', false],
    ['untdid-document-type', '380', true],
    ['iso-scheme-id', '0088', true],
    ['iso-scheme-id', '88', false],
    ['cef-vatex', 'VATEX-EU-79-C', true],
    ['unknown-key', 'X', false],
  ])('extension %s accepts %s: %s', (key, code, ok) => {
    expect(extensionCodeValid(key, code)).toBe(ok);
  });
});

describe('addon data', () => {
  const keys = addonKeys();

  test.each(keys)('%s: extensions have codes, a valid pattern, or take free values', (key) => {
    const def = addonDefinition(key)!;
    for (const e of def.extensions) {
      if (e.codes) expect(e.codes.length).toBeGreaterThan(0);
      if (e.pattern) expect(() => new RegExp(e.pattern as string)).not.toThrow();
      if (!e.codes && !e.pattern)
        expect(['it-ticket-line-ref', 'mx-cfdi-prod-serv', 'br-nfse-service', 'pt-saft-source-ref']).toContain(e.key);
    }
  });

  test.each(keys)('%s: scenario extension values are allowed codes', (key) => {
    for (const s of addonDefinition(key)!.scenarios ?? []) {
      for (const [k, v] of Object.entries(s.ext ?? {})) {
        expect(extensionDefinition(k)).toBeDefined();
        expect(extensionCodeValid(k, v)).toBe(true);
      }
    }
  });

  withGobl.test.each(keys.filter((k) => !(k in EXTERNAL)))('%s: matches GOBL data (keys, codes, patterns, scenarios)', (key) => {
    const gobl = JSON.parse(fs.readFileSync(path.join(SHARED, 'addons', `${key}.json`), 'utf8'));
    const def = addonDefinition(key)!;
    expect(def.requires ?? []).toEqual(gobl.requires ?? []);
    const exts = (gobl.extensions ?? []).map((e: { key: string; values?: { code: string }[]; pattern?: string }) => ({
      key: e.key,
      ...(e.values?.length ? { codes: e.values.map((v) => v.code) } : {}),
      ...(e.pattern ? { pattern: e.pattern } : {}),
    }));
    expect(def.extensions).toEqual(exts);
    const scen = (gobl.scenarios ?? []).flatMap((s: { schema: string; list: Record<string, unknown>[] }) =>
      s.list.map((x) => ({ schema: s.schema, ext: x.ext ?? undefined, types: x.type, tags: x.tags })),
    );
    expect((def.scenarios ?? []).map((s) => ({ schema: s.schema, ext: s.ext, types: s.types, tags: s.tags }))).toEqual(scen);
  });
});

/** Every fault code the addon sources can emit must be one of GOBL's codes. */
describe('addon fault codes', () => {
  const files = (fs.readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
  const known = new Set<string>();
  if (fs.existsSync(SHARED)) {
    for (const f of fs.readdirSync(path.join(SHARED, 'rules'))) {
      const walk = (s: { assert?: { id: string }[]; subsets?: unknown[] }) => {
        for (const a of s.assert ?? []) known.add(a.id);
        for (const sub of s.subsets ?? []) walk(sub as typeof s);
      };
      walk(JSON.parse(fs.readFileSync(path.join(SHARED, 'rules', f), 'utf8')));
    }
  }
  const emitted: [string, string][] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(SRC, file), 'utf8');
    const makers = new Map<string, string>();
    for (const m of text.matchAll(/const (\w+) = faultMaker\('([A-Z0-9-]+)'\)/g)) makers.set(m[1], m[2]);
    for (const [name, prefix] of makers) {
      for (const m of text.matchAll(new RegExp(`\\b${name}\\(\\s*(?:codes\\[\\d\\]|'(\\d{2})')`, 'g'))) {
        if (m[1]) emitted.push([file, `${prefix}-${m[1]}`]);
      }
      // The maker handed to a shared check with the numbers that check uses: `f, { missing: '01', ... }` or `f, '12'`.
      for (const m of text.matchAll(new RegExp(`\\b${name},\\s*(\\{[^}]*\\}|'\\d{2}')`, 'g'))) {
        for (const code of m[1].matchAll(/'(\d{2})'/g)) emitted.push([file, `${prefix}-${code[1]}`]);
      }
    }
  }

  it('finds fault codes in the sources', () => {
    expect(emitted.length).toBeGreaterThan(150);
  });

  withGobl.test.each(emitted.filter(([, code]) => !isExternalCode(code)))('%s emits %s, a GOBL code', (_file, code) => {
    expect(known.has(code)).toBe(true);
  });
});

describe('addon correction steps', () => {
  it('moves the VERI*FACTU document type from the reference to the tax', () => {
    const inv: Record<string, unknown> = { preceding: [{ code: '1', ext: { 'es-verifactu-doc-type': 'F1' } }] };
    normalizeAddonCorrection(inv as never, ['es-verifactu-v1'], { 'es-verifactu-doc-type': 'R2' });
    expect(inv).toEqual({ preceding: [{ code: '1' }], tax: { ext: { 'es-verifactu-doc-type': 'R2' } } });
  });

  it('copies ARCA tax extensions onto the reference', () => {
    const inv: Record<string, unknown> = {
      tax: { ext: { 'ar-arca-doc-type': '1', 'ar-arca-concept': '1' } },
      preceding: [{ code: '1', ext: { 'ar-arca-doc-type': '1' } }],
    };
    normalizeAddonCorrection(inv as never, ['ar-arca-v4'], { 'ar-arca-doc-type': '3' });
    expect(inv).toEqual({
      tax: { ext: { 'ar-arca-doc-type': '3', 'ar-arca-concept': '1' } },
      preceding: [{ code: '1', ext: { 'ar-arca-doc-type': '1', 'ar-arca-concept': '1' } }],
    });
  });
});
