import { canonicalJson, sha256Hex } from '../c14n';
import { routingOf } from './routing';
import type { Header, Json, JsonObject } from '../types';

const HEADER_ORDER = ['uuid', 'dig', 'stamps', 'links', 'tags', 'meta', 'notes', 'from', 'to', 'ignore'];
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
  const fields: JsonObject = { ...given, uuid, dig: digestOf(doc) };
  const route = routingOf(doc);
  if (!fields.from && route.from) fields.from = route.from;
  if (!fields.to && route.to) fields.to = route.to;
  // GOBL's order first, anything else after.
  const head = {} as Header;
  for (const k of HEADER_ORDER) if (fields[k] !== undefined) head[k] = fields[k];
  for (const k of Object.keys(fields)) if (!(k in head)) head[k] = fields[k];
  return head;
}
