import { normalizeInbox } from '../../../src/document/org/inbox';
import { normalizeOrgNode, normalizeParty } from '../../../src/document/org/normalize';
import { normalizeStrictCode } from '../../../src/document/base/text';
import { normalizeMessage } from '../../../src/document/note/normalize';
import type { JsonObject } from '../../../src/document/base/types';

describe('org normalization', () => {
  test('party text is trimmed and empty fields dropped', () => {
    const p: JsonObject = {
      name: '  ACME S.L. \u0000',
      alias: '   ',
      uuid: '00000000-0000-0000-0000-000000000000',
      tax_id: { country: 'ES' },
    };
    normalizeParty(p);
    expect(p).toEqual({ name: 'ACME S.L.', tax_id: { country: 'ES' } });
  });

  test.each<[string, JsonObject, JsonObject]>([
    ['org/address', { street: ' Calle Mayor ', state: 'mg-', code: ' 28001 ' }, { street: 'Calle Mayor', state: 'MG', code: ' 28001 ' }],
    ['org/email', { addr: ' a@b.com ' }, { addr: 'a@b.com' }],
    ['org/telephone', { num: ' +34 600 ' }, { num: '+34 600' }],
    [
      'org/item',
      { name: ' Widget ', uuid: '00000000-0000-0000-0000-000000000000' },
      { name: 'Widget', uuid: '00000000-0000-0000-0000-000000000000' },
    ],
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

  describe('inboxes', () => {
    test.each<[string, JsonObject, JsonObject]>([
      [
        'an e-mail code moves to email',
        { key: 'it-sdi-pec', code: 'inbox@example.com' },
        { key: 'it-sdi-pec', email: 'inbox@example.com' },
      ],
      ['a URL code moves to url', { code: 'https://example.com/inbox' }, { url: 'https://example.com/inbox' }],
      ['a host name code moves to url', { code: 'inbox.example.com' }, { url: 'inbox.example.com' }],
      ['a plain code stays', { key: 'it-sdi-code', code: 'M5UXCR5' }, { key: 'it-sdi-code', code: 'M5UXCR5' }],
      ['a Peppol participant stays a code', { scheme: '0208', code: '0208:0735585741' }, { scheme: '0208', code: '0208:0735585741' }],
      ['the scheme is upper-cased', { scheme: ' ab-c ', code: 'x' }, { scheme: 'AB-C', code: 'x' }],
      ['the code is kept strict', { code: ' A--B  C$ ' }, { code: 'A-B C' }],
      ['a Peppol code is split', { key: 'peppol', code: '0088:1234567890123' }, { key: 'peppol', scheme: '0088', code: '1234567890123' }],
      // GOBL's URL test takes a number of up to five digits after a colon for a host and its port.
      ['a Peppol-like code with a short number moves to url', { key: 'peppol', code: '0088:12345' }, { key: 'peppol', url: '0088:12345' }],
      // Not an e-mail for GOBL (two dots), but a URL: user information `a..b`, then the host.
      ['an e-mail GOBL refuses may still move to url', { code: 'a..b@example.com' }, { url: 'a..b@example.com' }],
      ['an upper-case scheme is no URL: the code stays, kept strict', { code: 'HTTP://EXAMPLE.COM' }, { code: 'HTTP:EXAMPLE.COM' }],
      [
        'a Peppol code with a scheme is not split',
        { key: 'peppol', scheme: '9920', code: '0088:1234567890123' },
        { key: 'peppol', scheme: '9920', code: '0088:1234567890123' },
      ],
      [
        'the label is trimmed and a zero UUID dropped',
        { uuid: '00000000-0000-0000-0000-000000000000', label: ' In ', code: 'X1' },
        { label: 'In', code: 'X1' },
      ],
    ])('%s', (_name, input, output) => {
      normalizeOrgNode(input, 'org/inbox');
      expect(input).toEqual(output);
    });

    test('normalizeInbox leaves an inbox without a code alone', () => {
      const inbox: JsonObject = { email: 'a@b.com' };
      normalizeInbox(inbox);
      expect(inbox).toEqual({ email: 'a@b.com' });
    });
  });

  test.each<[string, string]>([
    ['  AB-12 ', 'AB-12'],
    ['A--B', 'A-B'],
    ['A-.B', 'A-B'],
    ['A$B', 'AB'],
    ['ÑA/B,C&D_E:F', 'ÑA/B,C&D_E:F'],
  ])('strict code %j is %j', (code, want) => {
    expect(normalizeStrictCode(code)).toBe(want);
  });
});
