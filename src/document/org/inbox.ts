import { isEmail } from '../rules/email-format';
import { isUrl } from '../rules/url-format';
import { normalizeStrictCode } from '../base/text';
import type { JsonObject } from '../base/types';

/**
 * GOBL's inbox cleanup: a code that passes GOBL's e-mail test moves to `email`, else one that passes its URL test
 * moves to `url`; the scheme is upper-cased and the code kept to its strict form; a Peppol code written "0088:123"
 * without a scheme is split into scheme and code.
 */
export function normalizeInbox(inbox: JsonObject): void {
  if (typeof inbox.code === 'string') {
    const code = inbox.code;
    if (isEmail(code)) {
      inbox.email = code;
      delete inbox.code;
    } else if (isUrl(code)) {
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
