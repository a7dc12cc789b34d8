import { isMediaType } from '../../../src/domain/files/media-type';

describe('isMediaType (RFC 9110 media-type)', () => {
  test.each([
    'application/pdf',
    'application/vnd.oasis.opendocument.text',
    'image/svg+xml',
    'text/plain; charset=utf-8',
    'text/plain;charset=UTF-8',
    'multipart/mixed; boundary="a b; c"',
    'text/plain; x="a \\"quoted\\" b"',
    'text/plain;\tformat=flowed',
    'text/plain;',
  ])('%p is a media type', (text) => expect(isMediaType(text)).toBe(true));

  test.each([
    'text',
    'text/',
    '/plain',
    'text/plain x',
    'text /plain',
    'text/plain; charset',
    'text/plain; =utf-8',
    'text/plain; x=a b',
    'text/plain; x="unterminated',
    'text/plain; x=€',
    'text/plain; x="é"',
    'texté/plain',
    'text/plain; x="a\u0001"',
    'text/plain\r\nX-Injected: 1',
    'text/plain; x="a\\\u0000"',
  ])('%p is not', (text) => expect(isMediaType(text)).toBe(false));
});
