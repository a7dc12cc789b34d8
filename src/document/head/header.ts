import { canonicalJson, sha256Hex } from '../c14n';
import { routingOf } from './routing';
import type { Header, Json, JsonObject } from '../types';

const ZERO_UUID = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;

/** The document's digest: SHA-256 of its canonical JSON. */
export function digestOf(doc: JsonObject): { alg: 'sha256'; val: string } {
  return { alg: 'sha256', val: sha256Hex(canonicalJson(doc as Json)) };
}

/**
 * The envelope header: every uploaded field is kept (stamps, links, tags, meta, notes...), a missing or
 * all-zero UUID gets a new one, and the digest is always recomputed from the calculated document.
 */
export function buildHeader(given: JsonObject, doc: JsonObject, ctx: { newUuid: () => string }): Header {
  const uuid = typeof given.uuid === 'string' && given.uuid !== '' && !ZERO_UUID.test(given.uuid) ? given.uuid : ctx.newUuid();
  const head: Header = { ...given, uuid, dig: digestOf(doc) };
  const route = routingOf(doc);
  if (!head.from && route.from) head.from = route.from;
  if (!head.to && route.to) head.to = route.to;
  return head;
}
