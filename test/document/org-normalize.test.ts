import { normalizeOrgNode, normalizeParty } from '../../src/document/org/normalize';
import { normalizeMessage } from '../../src/document/note/normalize';
import type { JsonObject } from '../../src/document/types';

describe('org normalization', () => {
  test('party text is trimmed and empty fields dropped', () => {
    const p: JsonObject = { name: '  ACME S.L. \u0000', alias: '   ', uuid: '00000000-0000-0000-0000-000000000000', tax_id: { country: 'ES' } };
    normalizeParty(p);
    expect(p).toEqual({ name: 'ACME S.L.', tax_id: { country: 'ES' } });
  });

  test.each<[string, JsonObject, JsonObject]>([
    ['org/address', { street: ' Calle Mayor ', state: 'mg-', code: ' 28001 ' }, { street: 'Calle Mayor', state: 'MG', code: ' 28001 ' }],
    ['org/email', { addr: ' a@b.com ' }, { addr: 'a@b.com' }],
    ['org/telephone', { num: ' +34 600 ' }, { num: '+34 600' }],
    ['org/item', { name: ' Widget ', uuid: '00000000-0000-0000-0000-000000000000' }, { name: 'Widget', uuid: '00000000-0000-0000-0000-000000000000' }],
    ['org/unknown', { name: ' x ' }, { name: ' x ' }],
  ])('%s', (kind, input, output) => {
    normalizeOrgNode(input, kind);
    expect(input).toEqual(output);
  });

  test('message keeps its content', () => {
    const m: JsonObject = { uuid: '00000000-0000-0000-0000-000000000000', content: ' hello ' };
    normalizeMessage(m);
    expect(m).toEqual({ content: ' hello ' });
  });
});
