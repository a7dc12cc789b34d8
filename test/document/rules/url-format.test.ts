import { isUrl } from '../../../src/document/rules/url-format';

/**
 * Each answer is what GOBL v0.502.1's `is.URL` (govalidator's IsURL, Go 1.25.0's url.Parse) gives, worked out from
 * their source and checked against it. Comments mark the answers a reader would not expect.
 */
const CASES: [string, boolean, string?][] = [
  // What the engine decided otherwise before it followed GOBL.
  ['www.example.com', true, 'no scheme is needed'],
  ['example.com/a.html', true, 'without a host, a path holding a dot will do'],
  ['HTTP://EXAMPLE.COM', false, 'schemes are lower case only'],
  ['Https://example.com', false],
  ['http://example.com/a b', false, 'no space anywhere, the path included'],
  ['http://example.com/path?x=a b', false],
  ['http://example.com/a\tb', false],

  // Schemes.
  ['http://example.com', true],
  ['https://example.com/a.pdf', true],
  ['ftp://ftp.example.com/file.txt', true],
  ['ws://example.com', true],
  ['wss://example.com', true],
  ['tcp://example.com', true],
  ['udp://example.com', true],
  ['gopher://example.com', false, 'a scheme outside the list'],
  ['mailto:someone@example.com', true, '"mailto:someone" reads as user information before the @'],
  ['file:///etc/passwd', false],
  ['javascript:alert(1)', false],
  ['http:example.com', false],
  ['https:/inbox', false],

  // No scheme.
  ['example.com', true],
  ['example.com.', true],
  ['ex.com:8080/p', true],
  ['localhost', false, 'neither a scheme, a colon nor a dot'],
  ['localhost:8080', true, 'a colon without :// gets http:// for the parser'],
  ['//example.com', false],
  ['M5UXCR5', false],
  ['abc/def', false],
  ['B98602642', false],
  ['992-90009-96', false],
  ['0088:12345', true, 'a host and a port of five digits'],
  ['0208:0735585741', false, 'a port has at most five digits'],

  // Length: more than 3 bytes, fewer than 2083 characters.
  ['a.b', false, 'three bytes'],
  ['ab.c', true],
  ['é.b', true, 'four bytes in UTF-8'],
  [`http://${'a'.repeat(2075)}`, true, '2082 characters'],
  [`http://${'a'.repeat(2076)}`, false, '2083 characters'],
  [`http://${'é'.repeat(2075)}`, true, 'characters are counted, not bytes'],

  // Ports.
  ['https://example.com:8080/a?b#c', true],
  ['http://example.com:65536', true, 'five digits, whatever their value'],
  ['http://example.com:99999', true],
  ['http://example.com:123456', false],
  ['http://example.com:', false],
  ['http://example.com:80:80', false],

  // IPv4.
  ['http://127.0.0.1', true],
  ['http://127.0.0.1:8080/x', true],
  ['http://1.02.3.04', true, 'leading zeros pass after the first octet'],
  ['http://0.0.0.0', false, 'the first octet does not start with 0'],
  ['http://230.0.0.1', false, 'first octets 224 to 239 (multicast) are left out'],
  ['http://224.0.0.1', false],
  ['http://240.0.0.1', true],
  ['http://256.1.1.1', false],
  ['http://1.2.3', false],
  ['http://1.2.3.4.5', false],

  // IPv6, in brackets.
  ['http://[::1]', true],
  ['http://[::1]:8080/x', true],
  ['http://[2001:db8::1]', true],
  ['http://[FE80::1]', true],
  ['http://[1:2:3:4:5:6:7:8]', true],
  ['http://[1:2:3:4:5:6:7:8:9]', false],
  ['http://[::ffff:192.168.0.1]', true],
  ['http://[fe80::1%25en0]', true, 'a zone, its % escaped as %25'],
  ['http://[fe80::1%en0]', false, 'a bare % is a bad escape to the parser'],
  ['http://[::1', false],
  ['http://[example.com]', false],
  ['http://[1.2.3.4]', false],

  // User information.
  ['http://user:pass@example.com', true],
  ['http://user@example.com', true],
  ['http://@example.com', true, 'empty user information'],
  ['http://a@b@example.com', true],
  ['http://us er@example.com', false],
  ['http://ü@example.com', false, 'the parser takes ASCII user information only'],

  // Host names.
  ['http://localhost', true, 'with a scheme, a bare name is a host'],
  ['http://a', true],
  ['http://www.a', true],
  ['http://例子.测试', true],
  ['http://bücher.de', true],
  ['http://xn--bcher-kva.de', true],
  ['http://😀.com', false, 'nothing beyond the Basic Multilingual Plane'],
  ['http://example.c0m', true, 'the last label may hold digits when it reads as part of a name'],
  ['http://example.123', true],
  ['http://ex--ample.com', true],
  ['http://ex---ample.com', true, 'a dashed first label may hold any run of hyphens'],
  ['http://ex_ample.com', true],
  ['http://a_b.example.com', true],
  ['http://a_b', false, 'an underscore needs a name after it'],
  ['http://a.b_c.com', false],
  ['http://foo.a-b.com', true],
  ['http://a-b.c-d.e', false, 'GOBL refuses some short dashed labels'],
  ['http://a.b.c', false, 'GOBL refuses three one-letter labels'],
  ['http://a.bc.d', false],
  ['http://ab.c.d', false],
  ['http://-example.com', false],
  ['http://example-.com', false],
  ['http://x.y.z-', false],
  ['http://example .com', false],

  // Dots.
  ['http://example.com.', true, 'one trailing dot'],
  ['http://example.com..', false],
  ['.example.com', false],
  ['http://.example.com', false],

  // Paths, queries, fragments and escapes.
  ['http://example.com/#frag', true],
  ['http://example.com?q=1', true],
  ['http://example.com/?a=1&b=2', true],
  ['http://example.com/ü', true],
  ['http://example.com/a%20b', true],
  ['http://example.com/%41', true],
  ['http://example.com/%zz', false, 'a bad escape'],
  ['http://exa%41mple.com', false, 'a host may not escape ASCII'],
  ['http://example.com\\path', false],
  ['http://example.com/\u0001', false, 'a control character'],
  ['http://example.com/a\u000bb', false],
  ['http://example.com/#\u0001', true, 'control characters pass in the fragment'],

  ['', false],
];

test.each(CASES)('isUrl(%j) is %s', (value, expected) => {
  expect(isUrl(value)).toBe(expected);
});
