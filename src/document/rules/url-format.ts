import { parseUrl } from './url-parse';

/**
 * GOBL's URL test (`is.URL`, which is govalidator's IsURL): websites, images, attachments, document references,
 * inbox URLs and online payments are checked with it, and an inbox code that passes it moves to the inbox URL.
 *
 * A text is a URL when it passes four steps:
 * 1. it is not empty, has more than 3 bytes (UTF-8) and fewer than 2083 characters, and does not start with a dot;
 * 2. Go's URL parser accepts it, with `http://` put in front when it has a colon but no `://`;
 * 3. the parsed host does not start with a dot, and without a host the path holds a dot (`example.com/a.html`
 *    passes, `localhost` does not);
 * 4. the text has the shape below.
 *
 * The shape: an optional lower-case scheme (`http`, `https`, `ftp`, `tcp`, `udp`, `ws`, `wss`) with `://`; optional
 * user information ending in `@`; a host; an optional dot; an optional port of 1 to 5 digits; an optional rest
 * starting with `/`, `?` or `#`. Nothing in it may be a space, tab, line feed, carriage return or form feed. A host
 * is a dotted IPv4 address, an IPv6 address in brackets, or a host name (see `isHostName`).
 *
 * The pattern GOBL runs for the shape backtracks badly in a JavaScript engine, so it is decided here part by part,
 * each in one pass over its text.
 */
export function isUrl(value: string): boolean {
  if (value.startsWith('.') || (value.length <= 3 && utf8Length(value) <= 3)) return false;
  if (value.length >= 2083 && codePointCount(value) >= 2083) return false;
  const parsed = parseUrl(value.includes(':') && !value.includes('://') ? `http://${value}` : value);
  if (parsed === undefined || parsed.host.startsWith('.')) return false;
  if (parsed.host === '' && parsed.path !== '' && !parsed.path.includes('.')) return false;
  return hasUrlShape(value);
}

function utf8Length(value: string): number {
  let bytes = 0;
  for (const ch of value) {
    const c = ch.codePointAt(0) as number;
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c <= 0xffff ? 3 : 4;
  }
  return bytes;
}

function codePointCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

const SCHEME = /^(?:ftp|tcp|udp|wss?|https?):\/\//;
/** The five characters the shape refuses everywhere (Go's `\s`; a vertical tab is not one of them). */
const SPACE = /[\t\n\f\r ]/;

/**
 * The shape of step 4. The host starts at the beginning, after the scheme, or after any `@` (the user information
 * may hold `@`, `:` and `/` alike), and runs to the first `/`, `?` or `#`; after that anything goes. A start whose
 * stretch holds an `@` cannot be the host's, so the stretches tried never overlap but for the first few.
 */
function hasUrlShape(value: string): boolean {
  if (SPACE.test(value)) return false;
  const starts = [0];
  const scheme = SCHEME.exec(value);
  if (scheme) starts.push(scheme[0].length);
  for (let at = value.indexOf('@', 1); at >= 0; at = value.indexOf('@', at + 1)) starts.push(at + 1);
  for (const start of starts) {
    let end = start;
    while (end < value.length && value[end] !== '/' && value[end] !== '?' && value[end] !== '#' && value[end] !== '@') end++;
    if (value[end] !== '@' && isHostAndPort(value.slice(start, end))) return true;
  }
  return false;
}

/** A host, an optional dot, then an optional port of 1 to 5 digits. */
function isHostAndPort(text: string): boolean {
  const port = /:[0-9]{1,5}$/.exec(text);
  let host = port ? text.slice(0, port.index) : text;
  if (host.endsWith('.')) host = host.slice(0, -1);
  // No host character lies outside the Basic Multilingual Plane.
  if (/[\ud800-\udbff][\udc00-\udfff]/.test(host)) return false;
  if (host.startsWith('[') && host.endsWith(']')) return isIpv6(host.slice(1, -1));
  return isIpv4(host) || isHostName(host);
}

/** 1 to 3 digits; three only from 100 to 255 (`07` passes, `007` does not). */
function isOctet(text: string): boolean {
  return /^[0-9]{1,2}$/.test(text) || (/^[0-9]{3}$/.test(text) && Number(text) >= 100 && Number(text) <= 255);
}

/**
 * Four octets; the first neither starts with 0 nor lies from 224 to 239, so `0.1.2.3` and the multicast range
 * (`230.0.0.1`) are no URL hosts, while `1.02.3.04` is one.
 */
function isIpv4(host: string): boolean {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every(isOctet) || parts[0].startsWith('0')) return false;
  const first = Number(parts[0]);
  return first < 224 || first > 239;
}

const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

/** How many hex groups `text` is, joined by single colons; -1 when it is not that. */
function hexGroups(text: string): number {
  const groups = text.split(':');
  return groups.every((g) => HEX_GROUP.test(g)) ? groups.length : -1;
}

/**
 * An IPv6 address as GOBL's pattern knows it: eight hex groups; or at most seven around one `::`; or `::`, `::ffff:`,
 * `::ffff:0:` or one to four groups and `::`, then four octets; or lower-case `fe80:` with up to four more
 * `:`-led groups of up to four hex digits, then `%` and a zone of letters and digits (so `fe80::1%25en0` in a URL).
 */
function isIpv6(text: string): boolean {
  const percent = text.indexOf('%');
  if (percent >= 0) {
    return /^fe80:(?::[0-9A-Fa-f]{0,4}){0,4}$/.test(text.slice(0, percent)) && /^[0-9A-Za-z]+$/.test(text.slice(percent + 1));
  }
  if (text.includes('.')) {
    const colon = text.lastIndexOf(':');
    const octets = text.slice(colon + 1).split('.');
    const head = text.slice(0, colon + 1);
    return (
      octets.length === 4 &&
      octets.every(isOctet) &&
      (/^::(?:ffff:(?:0{1,4}:)?)?$/.test(head) || /^(?:[0-9A-Fa-f]{1,4}:){1,4}:$/.test(head))
    );
  }
  const halves = text.split('::');
  if (halves.length === 1) return hexGroups(text) === 8;
  if (halves.length !== 2) return false;
  const [left, right] = halves.map((h) => (h === '' ? 0 : hexGroups(h)));
  return left >= 0 && right >= 0 && left + right <= 7;
}

/** ASCII letters and digits, and every character from U+00A1 to U+FFFF (so no `_`, `.` or `~`). */
const WORD = '0-9A-Za-z\\u00a1-\\uffff';
/** A name: letters and digits with runs of at most two hyphens between them. */
const NAME = new RegExp(`^[${WORD}](?:-{0,2}[${WORD}])*$`);
/** A top-level label: letters only, of any script. */
const TOP_LEVEL = /^[A-Za-z\u00a1-\uffff]+$/;
/** A sub-domain label: ASCII letters and digits with single `-` or `_` between them. */
const SUB_LABEL = /^[0-9A-Za-z]+(?:[-_][0-9A-Za-z]+)*$/;
/** The first label of a dashed host: ASCII letters, digits, `-` and `_`, starting and ending with a letter or digit. */
const DASH_HEAD = /^[0-9A-Za-z][0-9A-Za-z_-]*[0-9A-Za-z]$/;
/** A later label of a dashed host: ASCII letters and digits with single hyphens between them. */
const DASH_LABEL = /^[0-9A-Za-z]+(?:-[0-9A-Za-z]+)*$/;

const isAlnum = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isWord = (c: number): boolean => isAlnum(c) || c >= 0xa1;

/**
 * A host name: a name, optionally led by a prefix and optionally followed by a dot and a top-level label. The name
 * holds no dot and ends the last label before the top-level one (or the last label); a prefix is one of
 * - `www.`;
 * - sub-domain labels, the last of them ending in two letters or digits, a dot, and a letter or digit that starts
 *   the name's label (`a.bc.example`; `a.b.c` is no host name);
 * - a dashed head label, dashed labels, and the start of the name's label (`my_host.a-b.example`).
 * Which of these hold has been worked out label by label from GOBL's pattern, and checked against it.
 */
function isHostName(host: string): boolean {
  const labels = host.split('.');
  if (isLedName(labels)) return true;
  const last = labels.length - 1;
  return last > 0 && TOP_LEVEL.test(labels[last]) && isLedName(labels.slice(0, last));
}

/** Whether `labels` are an optional prefix and a name (see `isHostName`). */
function isLedName(labels: string[]): boolean {
  const last = labels.length - 1;
  const label = labels[last];
  const startsAlnum = isAlnum(label.charCodeAt(0));
  if (last === 0) {
    // A name, or a dashed head running into one (`a_bc`, `a---bc`).
    return NAME.test(label) || (startsAlnum && headThenName(label, /^[0-9A-Za-z_-]*/.exec(label)![0].length, 2));
  }
  if (last === 1 && labels[0] === 'www' && NAME.test(label)) return true;
  const inner = labels.slice(0, last);
  if (inner.every((l) => SUB_LABEL.test(l)) && /[0-9A-Za-z]{2}$/.test(inner[last - 1]) && startsAlnum && NAME.test(label.slice(1))) {
    return true;
  }
  return (
    DASH_HEAD.test(labels[0]) &&
    inner.slice(1).every((l) => DASH_LABEL.test(l)) &&
    startsAlnum &&
    headThenName(label, singleDashRun(label), 1)
  );
}

/** The length of the longest start of `label` made of ASCII letters, digits and single hyphens. */
function singleDashRun(label: string): number {
  let end = 0;
  while (end < label.length && (isAlnum(label.charCodeAt(end)) || (label[end] === '-' && end > 0 && label[end - 1] !== '-'))) end++;
  return end;
}

/**
 * Whether `label` is a head of at least `min` characters, ending in an ASCII letter or digit and lying within its
 * first `headRoom` characters, followed by a name. A name that starts at some place still is one from any later
 * letter or digit, so only the last place the head may end needs a try.
 */
function headThenName(label: string, headRoom: number, min: number): boolean {
  for (let end = Math.min(headRoom, label.length - 1); end >= min; end--) {
    if (isAlnum(label.charCodeAt(end - 1)) && isWord(label.charCodeAt(end))) return NAME.test(label.slice(end));
  }
  return false;
}
