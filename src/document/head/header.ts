import { canonicalJson, sha256Hex } from '../base/c14n';
import { dropUnknownFieldsDeep, orderFields } from '../base/fields';
import { routingOf } from './routing';
import type { Header, Json, JsonObject } from '../base/types';
import { isUnsetUuid } from '../base/uuid';

/** The document's digest: SHA-256 of its canonical JSON. */
export function digestOf(doc: JsonObject): { alg: 'sha256'; val: string } {
  return { alg: 'sha256', val: sha256Hex(canonicalJson(doc as Json)) };
}

/**
 * The envelope header: the uploaded header's fields are kept (stamps, links, tags, meta, notes...) and, as GOBL
 * reads a header, any field its type lacks is dropped at every depth; a missing or all-zero UUID gets a new one,
 * and the digest is always recomputed from the calculated document. Fields come out in GOBL's order.
 * `given` is the caller's own copy: it is modified.
 */
export function buildHeader(given: JsonObject, doc: JsonObject, ctx: { newUuid: () => string }): Header {
  dropUnknownFieldsDeep(given, 'head/header');
  const uuid = isUnsetUuid(given.uuid) ? ctx.newUuid() : (given.uuid as string);
  const fields: JsonObject = { ...given, uuid, dig: digestOf(doc) };
  const route = routingOf(doc);
  if (!fields.from && route.from) fields.from = route.from;
  if (!fields.to && route.to) fields.to = route.to;
  return orderFields(fields, 'head/header') as Header;
}
