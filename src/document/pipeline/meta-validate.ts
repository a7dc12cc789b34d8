import { KEY_PATTERN } from '../cbc/key';
import { hasMeta } from './decode';
import { at, fault } from '../rules/fault';
import { isObject } from '../rules/values';
import type { Fault, Json } from '../base/types';

/** GOBL-CBC-KEY-02 at each `meta` key that is not a valid key (an empty key is let through, as GOBL does). */
export function validateMetaKeys(meta: Json | undefined, path: string): Fault[] {
  if (!isObject(meta)) return [];
  return Object.keys(meta)
    .filter((k) => k !== '' && !KEY_PATTERN.test(k))
    .map((k) => fault('GOBL-CBC-KEY-02', at(at(path, 'meta'), k)));
}

/** The meta keys of an object of `kind`, when that kind has a meta map. */
export function validateMetaOf(node: { meta?: Json }, kind: string, path: string): Fault[] {
  return hasMeta(kind) ? validateMetaKeys(node.meta, path) : [];
}
