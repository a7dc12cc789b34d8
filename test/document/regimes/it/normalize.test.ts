import { normalizeSdiCombo } from '../../../../src/document/addons/it-sdi';
import type { NodeKind } from '../../../../src/document/base/node-kind';
import { regimeHooks } from '../../../../src/document/regimes';
import { normalizeItCombo, normalizeItIdentity, normalizeItParty } from '../../../../src/document/regimes/it/normalize';
import type { JsonObject } from '../../../../src/document/base/types';

const itNormalize = (node: JsonObject, kind: NodeKind) => regimeHooks('IT').normalize?.(node, kind, { doc: {}, addons: [] });

describe('Italian regime: legacy combo extensions', () => {
  test.each<[JsonObject, JsonObject]>([
    [{ 'it-sdi-nature': 'N2.2' }, { 'it-sdi-exempt': 'N2.2' }],
    [{ 'it-sdi-retained-tax': 'A' }, { 'it-sdi-retained': 'A' }],
    [{ 'it-sdi-nature': 'N4', 'it-sdi-exempt': 'N5' }, { 'it-sdi-exempt': 'N4' }],
    [
      { 'it-sdi-retained-tax': 'M', 'it-sdi-nature': 'N1', 'x-other': 'y' },
      { 'it-sdi-exempt': 'N1', 'it-sdi-retained': 'M', 'x-other': 'y' },
    ],
    [{ 'it-sdi-exempt': 'N3.1' }, { 'it-sdi-exempt': 'N3.1' }],
  ])('%j becomes %j', (ext, want) => {
    const combo: JsonObject = { cat: 'VAT', ext };
    normalizeItCombo(combo);
    expect(combo.ext).toEqual(want);
    expect(Object.keys(combo.ext as JsonObject)).toEqual(Object.keys(want).sort());
  });

  test('a combo without extensions is left alone', () => {
    const combo: JsonObject = { cat: 'VAT', rate: 'general' };
    normalizeItCombo(combo);
    expect(combo).toEqual({ cat: 'VAT', rate: 'general' });
  });

  // The regime renames first, then the SDI addon reads the exempt code into the combo key.
  test.each<[string, string, string]>([
    ['N1', 'zero', 'N1'],
    ['N2.1', 'outside-scope', 'N2.1'],
    ['N2.2', 'outside-scope', 'N2.2'],
    ['N7', 'outside-scope', 'N7'],
    ['N3.1', 'export', 'N3.1'],
    ['N3.6', 'intra-community', 'N3.6'],
    ['N4', 'exempt', 'N4'],
    ['N5', 'exempt', 'N5'],
    ['N6.1', 'reverse-charge', 'N6.1'],
    ['N6.9', 'reverse-charge', 'N6.9'],
  ])('legacy nature %s gives key %s', (code, key, exempt) => {
    const combo: JsonObject = { cat: 'VAT', key: 'exempt', ext: { 'it-sdi-nature': code } };
    itNormalize(combo, 'tax/combo');
    normalizeSdiCombo(combo);
    expect(combo.key).toBe(key);
    expect(combo.ext).toEqual({ 'it-sdi-exempt': exempt });
  });

  test('other regimes leave the legacy key in place', () => {
    const combo: JsonObject = { cat: 'VAT', ext: { 'it-sdi-nature': 'N4' } };
    regimeHooks('ES').normalize?.(combo, 'tax/combo', { doc: {}, addons: [] });
    expect(combo.ext).toEqual({ 'it-sdi-nature': 'N4' });
  });
});

describe('Italian regime: individual tax IDs', () => {
  test.each<[string, JsonObject, JsonObject]>([
    [
      'the code moves to a fiscal code identity',
      { name: 'Mela', tax_id: { country: 'IT', type: 'individual', code: 'RSSGNN60R30H501U' } },
      { name: 'Mela', tax_id: { country: 'IT' }, identities: [{ key: 'it-fiscal-code', code: 'RSSGNN60R30H501U' }] },
    ],
    [
      'an existing untyped fiscal code identity is replaced',
      {
        tax_id: { country: 'IT', type: 'individual', code: 'RSSGNN60R30H501U' },
        identities: [
          { key: 'it-fiscal-code', code: 'OLD', label: 'x' },
          { type: 'X', code: '1' },
        ],
      },
      {
        tax_id: { country: 'IT' },
        identities: [
          { key: 'it-fiscal-code', code: 'RSSGNN60R30H501U' },
          { type: 'X', code: '1' },
        ],
      },
    ],
    [
      'a typed identity with the same key is kept',
      { tax_id: { country: 'IT', type: 'individual', code: 'C' }, identities: [{ type: 'T', key: 'it-fiscal-code', code: 'A' }] },
      {
        tax_id: { country: 'IT' },
        identities: [
          { type: 'T', key: 'it-fiscal-code', code: 'A' },
          { key: 'it-fiscal-code', code: 'C' },
        ],
      },
    ],
    [
      'a company tax ID is left alone',
      { tax_id: { country: 'IT', code: '12345678903' } },
      { tax_id: { country: 'IT', code: '12345678903' } },
    ],
    [
      'a foreign individual tax ID is left alone',
      { tax_id: { country: 'ES', type: 'individual', code: 'X' } },
      { tax_id: { country: 'ES', type: 'individual', code: 'X' } },
    ],
  ])('%s', (_name, party, want) => {
    itNormalize(party, 'org/party');
    expect(party).toEqual(want);
  });

  test('normalizeItParty without a tax ID does nothing', () => {
    const party: JsonObject = { name: 'x' };
    normalizeItParty(party);
    expect(party).toEqual({ name: 'x' });
  });

  test.each<[JsonObject, JsonObject]>([
    [
      { key: 'it-fiscal-code', code: 'it rss-gnn60r30h501u' },
      { key: 'it-fiscal-code', code: 'RSSGNN60R30H501U' },
    ],
    [{ key: 'it-fiscal-code', code: ' - ' }, { key: 'it-fiscal-code' }],
    [
      { key: 'other', code: 'it-abc' },
      { key: 'other', code: 'it-abc' },
    ],
  ])('fiscal code identity %j', (id, want) => {
    normalizeItIdentity(id);
    expect(id).toEqual(want);
  });
});
