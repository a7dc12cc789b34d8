import { isEmail } from '../rules/checks';
import { normalizeStrictCode } from '../text';
import type { JsonObject } from '../types';

/**
 * Whether an inbox code reads as a URL, with the permissive test GOBL applies: an optional known scheme,
 * an optional user, a host name or IP address, an optional port of up to five digits, then an optional path.
 * A bare word with neither a dot nor a colon (e.g. "M5UXCR5") is never one.
 */
export function codeIsUrl(code: string): boolean {
  if (code.length <= 3 || code.length >= 2083 || code.startsWith('.') || /\s/.test(code)) return false;
  // Without a colon there is no host part: the text is a path, and only a dotted one may pass as a host name.
  if (!code.includes(':') && !/^[^?#]*\./.test(code)) return false;
  const m = /^(?:(?:ftp|tcp|udp|wss?|https?):\/\/)?(?:[^@]+@)?(\[[0-9A-Fa-f:.]+\]|[^:/?#]+?)\.?(?::\d{1,5})?(?:[/?#].*)?$/.exec(code);
  if (!m) return false;
  return m[1].startsWith('[') || HOST.test(m[1]);
}

/** Dot-separated labels of letters and digits, with inner hyphens or underscores. */
const HOST = /^[\p{L}\p{N}](?:[\p{L}\p{N}_-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}_-]*[\p{L}\p{N}])?)*$/u;

/**
 * GOBL's inbox cleanup: a code that is an e-mail address or a URL moves to `email` or `url`;
 * the scheme is upper-cased and the code kept to its strict form; a Peppol code written "0088:123"
 * without a scheme is split into scheme and code.
 */
export function normalizeInbox(inbox: JsonObject): void {
  if (typeof inbox.code === 'string') {
    const code = inbox.code;
    if (isEmail(code)) {
      inbox.email = code;
      delete inbox.code;
    } else if (codeIsUrl(code)) {
      inbox.url = code;
      delete inbox.code;
    }
  }
  if (typeof inbox.scheme === 'string') inbox.scheme = normalizeStrictCode(inbox.scheme).toUpperCase();
  if (typeof inbox.code === 'string') inbox.code = normalizeStrictCode(inbox.code);
  for (const f of ['scheme', 'code']) if (inbox[f] === '') delete inbox[f];
  if (inbox.key === 'peppol' && !inbox.scheme && typeof inbox.code === 'string' && inbox.code[4] === ':') {
    inbox.scheme = inbox.code.slice(0, 4);
    inbox.code = inbox.code.slice(5);
  }
}
