import type { JsonObject } from '../../base/types';
import { objects, str } from '../../rules/values';
import { mergeExt } from '../../tax/extensions';
import { ISO_SCHEME_ID } from './extensions';

const IDENTITY_SCHEME_BY_KEY: Record<string, string> = { gln: '0088', gtin: '0160' };
const IDENTITY_SCHEME_BY_TYPE: Record<string, string> = { SIREN: '0002', SIRET: '0009', CVR: '0184' };
const PEPPOL_SCHEME = 'iso6523-actorid-upis';

export function normalizeEnIdentity(id: JsonObject): void {
  const byKey = IDENTITY_SCHEME_BY_KEY[str(id, 'key')];
  if (byKey) {
    mergeExt(id, { [ISO_SCHEME_ID]: byKey });
    return;
  }
  const byType = IDENTITY_SCHEME_BY_TYPE[str(id, 'type')];
  if (byType) mergeExt(id, { [ISO_SCHEME_ID]: byType });
}

/** An inbox code written as "0088:123" is split into scheme and code. */
export function normalizeEnInbox(inbox: JsonObject): void {
  const code = str(inbox, 'code');
  if (/^\d{4}:/.test(code)) {
    inbox.scheme = code.slice(0, 4);
    inbox.code = code.slice(5);
  }
}

function uriScheme(uri: string): string {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(uri);
  return m ? m[1].toLowerCase() : '';
}

/** A party with a Peppol inbox and no Peppol endpoint gets one built from the inbox. */
export function normalizeEnParty(party: JsonObject): void {
  if (objects(party, 'endpoints').some((e) => uriScheme(str(e, 'uri')) === PEPPOL_SCHEME)) return;
  for (const inbox of objects(party, 'inboxes')) {
    if (str(inbox, 'key') !== 'peppol') continue;
    const scheme = str(inbox, 'scheme');
    const code = str(inbox, 'code');
    if (scheme === '' || code === '') continue;
    const endpoint: JsonObject = {};
    if (str(inbox, 'label') !== '') endpoint.label = str(inbox, 'label');
    endpoint.uri = `${PEPPOL_SCHEME}::${scheme}:${code}`;
    const list = Array.isArray(party.endpoints) ? party.endpoints : [];
    list.push(endpoint);
    party.endpoints = list;
    return;
  }
}
