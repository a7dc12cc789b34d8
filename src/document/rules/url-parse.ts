/**
 * What Go's `net/url` Parse makes of a text, as far as GOBL's URL test reads it: whether the text parses at all,
 * and then its host and its decoded path. This is Go 1.25.0's parser, the version GOBL v0.502.1's go.mod names and
 * its CI runs. Later patch releases also refuse a bracketed host that is not an IPv6 address, and a `[` anywhere but
 * at the start of a host; the URL test tells the difference only on texts such as `http://[fe80:%25x]` or
 * `http://a[::1]:80/@b.com`.
 */

export interface ParsedUrl {
  /** The host with its port, `%XX` escapes decoded; empty when the text has no `//` authority. */
  host: string;
  /** The path with `%XX` escapes decoded; empty for an opaque URL such as `mailto:a@b.c`. */
  path: string;
}

type Part = 'path' | 'fragment' | 'userinfo' | 'host' | 'zone';

/** ASCII punctuation Go lets stand unescaped in a host (it keeps `:` and `[ ]` for ports and IPv6 addresses). */
const HOST_PUNCTUATION = new Set('!$&\'()*+,;=:[]<>"-_.~');
/** ASCII punctuation Go lets stand in the user information before `@`. */
const USERINFO_PUNCTUATION = new Set("-._:~!$&'()*+,;=%@");

function isAsciiAlnum(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** An ASCII character a host may hold as it is. */
function hostMayHold(c: number): boolean {
  return isAsciiAlnum(c) || HOST_PUNCTUATION.has(String.fromCharCode(c));
}

/**
 * Decodes the `%XX` escapes of one part of a URL, or undefined where Go refuses the part: an escape without two hex
 * digits anywhere; in a host, an escaped ASCII byte other than `%25` or an ASCII character it may not hold; in an IPv6
 * zone, an escaped byte a host could not hold either (a space excepted). Decoded bytes become one character each,
 * which is all the callers look at.
 */
function unescape(text: string, part: Part): string | undefined {
  let out = '';
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 0x25) {
      if (i + 2 >= text.length || !isHex(text.charCodeAt(i + 1)) || !isHex(text.charCodeAt(i + 2))) return undefined;
      const byte = parseInt(text.slice(i + 1, i + 3), 16);
      if (part === 'host' && byte < 0x80 && byte !== 0x25) return undefined;
      if (part === 'zone' && byte !== 0x25 && byte !== 0x20 && !(byte < 0x80 && hostMayHold(byte))) return undefined;
      out += String.fromCharCode(byte);
      i += 3;
      continue;
    }
    if ((part === 'host' || part === 'zone') && c < 0x80 && !hostMayHold(c)) return undefined;
    out += text[i];
    i += 1;
  }
  return out;
}

/** Go's optional port after a host: nothing, or `:` and ASCII digits (none at all passes too). */
function isOptionalPort(text: string): boolean {
  return text === '' || /^:[0-9]*$/.test(text);
}

/** A leading `scheme:` (a letter, then letters, digits, `+`, `-` or `.`); undefined for a `:` in first place. */
function splitScheme(text: string): { scheme: string; rest: string } | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) continue;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
      if (i === 0) break;
      continue;
    }
    if (c === 0x3a) return i === 0 ? undefined : { scheme: text.slice(0, i).toLowerCase(), rest: text.slice(i + 1) };
    break;
  }
  return { scheme: '', rest: text };
}

/** A host with its optional port, decoded; undefined where Go refuses it. Several colons pass: only the last starts the port. */
function parseHost(host: string): string | undefined {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0 || !isOptionalPort(host.slice(close + 1))) return undefined;
    const zone = host.slice(0, close).indexOf('%25');
    if (zone >= 0) {
      const parts = [unescape(host.slice(0, zone), 'host'), unescape(host.slice(zone, close), 'zone'), unescape(host.slice(close), 'host')];
      return parts.some((p) => p === undefined) ? undefined : parts.join('');
    }
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0 && !isOptionalPort(host.slice(colon))) return undefined;
  }
  return unescape(host, 'host');
}

/** The host of an authority (`user:password@host:port`); the user information is checked, then dropped. */
function parseAuthority(authority: string): string | undefined {
  const at = authority.lastIndexOf('@');
  const host = parseHost(authority.slice(at + 1));
  if (host === undefined || at < 0) return host;
  const userinfo = authority.slice(0, at);
  for (let i = 0; i < userinfo.length; i++) {
    const c = userinfo.charCodeAt(i);
    if (!isAsciiAlnum(c) && !USERINFO_PUNCTUATION.has(userinfo[i])) return undefined;
  }
  return unescape(userinfo, 'userinfo') === undefined ? undefined : host;
}

/** Go's `url.Parse(text)`: undefined where it answers an error. */
export function parseUrl(text: string): ParsedUrl | undefined {
  const hash = text.indexOf('#');
  const main = hash < 0 ? text : text.slice(0, hash);
  // The fragment is only checked for its escapes: control characters pass there, not before it.
  if (hash >= 0 && unescape(text.slice(hash + 1), 'fragment') === undefined) return undefined;
  if (/[\x00-\x1f\x7f]/.test(main)) return undefined;
  const split = splitScheme(main);
  if (split === undefined) return undefined;
  const { scheme } = split;
  let rest = split.rest;
  const query = rest.indexOf('?');
  if (query >= 0) rest = rest.slice(0, query);
  if (!rest.startsWith('/')) {
    if (scheme !== '') return { host: '', path: '' };
    // Without a scheme, a colon in the first segment would read as one.
    const slash = rest.indexOf('/');
    if ((slash < 0 ? rest : rest.slice(0, slash)).includes(':')) return undefined;
  }
  let host = '';
  if (rest.startsWith('//') && (scheme !== '' || !rest.startsWith('///'))) {
    const slash = rest.indexOf('/', 2);
    const parsed = parseAuthority(slash < 0 ? rest.slice(2) : rest.slice(2, slash));
    if (parsed === undefined) return undefined;
    host = parsed;
    rest = slash < 0 ? '' : rest.slice(slash);
  }
  const path = unescape(rest, 'path');
  return path === undefined ? undefined : { host, path };
}
