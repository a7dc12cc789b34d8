/**
 * GOBL's e-mail test (`is.EmailFormat`, which is govalidator's IsEmail): e-mail addresses and inbox e-mails are
 * checked with it, and an inbox code that passes it moves to the inbox e-mail. It looks at the form only, with no
 * length limit. GOBL runs it as one pattern, which backtracks badly in a JavaScript engine; here each part is
 * decided in one pass.
 *
 * An address is a local part, `@`, and a domain (the domain holds no `@`, so the last `@` splits them):
 * - the local part is dot-separated runs of ASCII letters, digits and ``!#$%&'*+-/=?^_`{|}~`` or wide characters
 *   (no leading, trailing or double dot), or a quoted form (see `isQuotedLocal`);
 * - the domain is a label, a dot, a top-level label, and optionally one more dot. The label is letters, digits and
 *   wide characters, with `-`, `.`, `_` and `~` allowed inside (so `a@b..c.com` passes); the top-level label is
 *   letters and wide characters with digits, `-`, `_` and `~` allowed inside. IP addresses in brackets are no domain.
 *
 * Wide characters are U+00A0 to U+D7FF, U+F900 to U+FDCF and U+FDF0 to U+FFEF; nothing beyond the Basic
 * Multilingual Plane counts.
 */
export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 0) return false;
  const local = value.slice(0, at);
  let domain = value.slice(at + 1);
  if (domain.endsWith('.')) domain = domain.slice(0, -1);
  const dot = domain.lastIndexOf('.');
  if (dot < 0 || !LABEL.test(domain.slice(0, dot)) || !TOP_LEVEL.test(domain.slice(dot + 1))) return false;
  return DOT_ATOM.test(local) || isQuotedLocal(local);
}

const WIDE = '\\u00a0-\\ud7ff\\uf900-\\ufdcf\\ufdf0-\\uffef';
const ATOM = `0-9A-Za-z!#$%&'*+\\-/=?^_\`{|}~${WIDE}`;
const DOT_ATOM = new RegExp(`^[${ATOM}]+(?:\\.[${ATOM}]+)*$`);
const LABEL = new RegExp(`^[0-9A-Za-z${WIDE}](?:[0-9A-Za-z._~${WIDE}-]*[0-9A-Za-z${WIDE}])?$`);
const TOP_LEVEL = new RegExp(`^[A-Za-z${WIDE}](?:[0-9A-Za-z_~${WIDE}-]*[A-Za-z${WIDE}])?$`);

const isWide = (c: number): boolean => (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xf900 && c <= 0xfdcf) || (c >= 0xfdf0 && c <= 0xffef);
const isBlank = (c: number): boolean => c === 0x20 || c === 0x09;

/**
 * A character a quoted local part holds as it is: the ASCII controls but NUL, tab, line feed and carriage return;
 * printable ASCII but space, `"` and `\`; DEL; and wide characters.
 */
function isQuotedText(c: number): boolean {
  return (
    (c >= 0x01 && c <= 0x08) ||
    c === 0x0b ||
    c === 0x0c ||
    (c >= 0x0e && c <= 0x1f) ||
    c === 0x21 ||
    (c >= 0x23 && c <= 0x5b) ||
    (c >= 0x5d && c <= 0x7f) ||
    isWide(c)
  );
}

/** States of the quoted local part's reader, as bits of one number: the reader may be in several at once. */
const OPEN = 1 << 0; // after a step's `"`: a blank run or an item follows
const OPEN_BLANKS = 1 << 1; // in a step's blanks before any CR LF
const OPEN_CR = 1 << 2; // a step's CR, wanting its LF
const OPEN_LF = 1 << 3; // after a step's CR LF, wanting a blank
const OPEN_FOLDED = 1 << 4; // in a step's blanks after its CR LF
const PAREN = 1 << 5; // after `(`, which may take the next character with it
const BETWEEN = 1 << 6; // before a step's `"`, the closing `"` or the closing blanks
const CLOSE_BLANKS = 1 << 7; // the closing blanks, before any CR LF
const CLOSE_CR = 1 << 8;
const CLOSE_LF = 1 << 9;
const CLOSE_FOLDED = 1 << 10;
const CLOSED = 1 << 11; // after the closing `"`: nothing may follow

/**
 * A quoted local part, as GOBL's pattern has it: steps of `"`, an optional blank run and one item, then an optional
 * blank run and a closing `"`. So each quote but the last is followed by exactly one item: `"a"@b.co` and
 * `"a"b"@b.co` pass, `"ab"@b.co` and `"john.doe"@b.co` do not, and a lone `"` is a quoted form too (`"@b.co`).
 * An item is one character a quoted part holds as it is, or `(` with any ASCII character but NUL and line feed
 * (the pattern escapes with `(` where RFC 5322 has a backslash). A blank run is spaces and tabs, or spaces and tabs,
 * a CR LF and at least one more space or tab. The reader tracks every reading at once, so it reads each character
 * once.
 */
function isQuotedLocal(text: string): boolean {
  let states = BETWEEN;
  for (let i = 0; i < text.length && states !== 0; i++) {
    const c = text.charCodeAt(i);
    const blank = isBlank(c);
    let next = 0;
    if (states & BETWEEN) next |= c === 0x22 ? OPEN | CLOSED : blank ? CLOSE_BLANKS : c === 0x0d ? CLOSE_CR : 0;
    if (states & (OPEN | OPEN_BLANKS)) next |= blank ? OPEN_BLANKS : c === 0x0d ? OPEN_CR : 0;
    if (states & (OPEN | OPEN_BLANKS | OPEN_FOLDED)) next |= c === 0x28 ? BETWEEN | PAREN : isQuotedText(c) ? BETWEEN : 0;
    if ((states & OPEN_CR) !== 0 && c === 0x0a) next |= OPEN_LF;
    if ((states & (OPEN_LF | OPEN_FOLDED)) !== 0 && blank) next |= OPEN_FOLDED;
    if ((states & PAREN) !== 0 && c >= 0x01 && c <= 0x7f && c !== 0x0a) next |= BETWEEN;
    if (states & CLOSE_BLANKS) next |= blank ? CLOSE_BLANKS : c === 0x0d ? CLOSE_CR : c === 0x22 ? CLOSED : 0;
    if ((states & CLOSE_CR) !== 0 && c === 0x0a) next |= CLOSE_LF;
    if ((states & (CLOSE_LF | CLOSE_FOLDED)) !== 0 && blank) next |= CLOSE_FOLDED;
    if ((states & CLOSE_FOLDED) !== 0 && c === 0x22) next |= CLOSED;
    states = next;
  }
  return (states & CLOSED) !== 0;
}
