import type { JsonObject } from '../base/types';
import { normalizeInbox } from './inbox';

/** GOBL's string cleanup: no NUL characters, no surrounding whitespace. */
export function cleanString(value: string): string {
  return value.replace(/\u0000/g, '').trim();
}

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

function cleanFields(node: JsonObject, fields: readonly string[]): void {
  for (const f of fields) {
    const v = node[f];
    if (typeof v !== 'string') continue;
    const out = cleanString(v);
    // Empty values are left out, as GOBL's JSON omits them.
    if (out === '') delete node[f];
    else node[f] = out;
  }
}

/** A zero UUID means "none". */
function cleanUuid(node: JsonObject): void {
  if (node.uuid === ZERO_UUID || node.uuid === '') delete node.uuid;
}

/** Text fields GOBL trims per kind of organisation object. */
const TEXT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'org/party': ['label', 'name', 'alias'],
  'org/person': ['label', 'role'],
  'org/item': ['name', 'description'],
  'org/address': ['po_box', 'num', 'floor', 'block', 'door', 'street', 'street_extra', 'locality', 'region'],
  'org/document-ref': ['reason', 'url'],
  'org/email': ['label', 'addr'],
  'org/endpoint': ['label'],
  'org/identity': ['label', 'description'],
  'org/inbox': ['label'],
  'org/name': ['alias', 'prefix', 'given', 'middle', 'surname', 'surname2', 'suffix'],
  'org/note': ['text'],
  'org/registration': ['label', 'office', 'book', 'volume', 'sheet', 'section', 'page', 'entry', 'other'],
  'org/telephone': ['label', 'num'],
  'org/website': ['label', 'title', 'url'],
  'org/attachment': ['name', 'description', 'url', 'mime'],
};

/** Kinds whose UUID GOBL clears when zero (items have none of their own rule). */
const WITH_UUID = new Set(Object.keys(TEXT_FIELDS).filter((k) => k !== 'org/item'));

/**
 * Normalizes one organisation object in place, as GOBL's org normalizers do: trims text,
 * drops what ends up empty, clears zero UUIDs, tidies address state codes and inbox codes.
 * Tax IDs inside parties are normalized separately, by their own country (see `normalizeTaxIdentity`).
 */
export function normalizeOrgNode(node: JsonObject, kind: string): void {
  const fields = TEXT_FIELDS[kind];
  if (!fields) return;
  if (WITH_UUID.has(kind)) cleanUuid(node);
  cleanFields(node, fields);
  if (kind === 'org/address' && typeof node.state === 'string') {
    const state = node.state.toUpperCase().replace(/[^A-Z0-9]+/g, '');
    if (state === '') delete node.state;
    else node.state = state;
  }
  if (kind === 'org/inbox') normalizeInbox(node);
}

/** Normalizes a party's own fields (children are walked by the caller). */
export function normalizeParty(party: JsonObject): void {
  normalizeOrgNode(party, 'org/party');
}
