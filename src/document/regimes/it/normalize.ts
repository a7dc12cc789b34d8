import type { NodeKind } from '../../base/node-kind';
import { isObject } from '../../base/json';
import { cleanTaxCode } from '../../tax/identity-normalize';
import type { JsonObject } from '../../base/types';

/** Italian regime normalizers, applied to documents whose regime is IT. */

export const IT_FISCAL_CODE = 'it-fiscal-code';

/** Extension keys older documents used, and the keys that replaced them. */
const LEGACY_EXT: readonly [string, string][] = [
  ['it-sdi-retained-tax', 'it-sdi-retained'],
  ['it-sdi-nature', 'it-sdi-exempt'],
];

/** Renames legacy SDI extension keys on a tax combo, so documents without the addon still read them. */
export function normalizeItCombo(combo: JsonObject): void {
  const ext = combo.ext;
  if (!isObject(ext)) return;
  let changed = false;
  for (const [old, key] of LEGACY_EXT) {
    const value = ext[old];
    if (typeof value !== 'string' || value === '') continue;
    ext[key] = value;
    delete ext[old];
    changed = true;
  }
  // Extension maps are written in key order.
  if (changed)
    combo.ext = Object.fromEntries(
      Object.keys(ext)
        .sort()
        .map((k) => [k, ext[k]]),
    );
}

/**
 * An Italian tax ID of the legacy "individual" type holds a codice fiscale, not a partita IVA:
 * the code moves to an `it-fiscal-code` identity (replacing one without a type) and the tax ID keeps only its country.
 */
export function normalizeItParty(party: JsonObject): void {
  const taxId = party.tax_id;
  if (!isObject(taxId) || taxId.country !== 'IT' || taxId.type !== 'individual') return;
  const identity: JsonObject = { key: IT_FISCAL_CODE };
  if (typeof taxId.code === 'string' && taxId.code !== '') identity.code = taxId.code;
  delete taxId.code;
  delete taxId.type;
  const list = Array.isArray(party.identities) ? party.identities : [];
  const same = list.find((id) => isObject(id) && !id.type && id.key === IT_FISCAL_CODE);
  if (isObject(same)) {
    for (const k of Object.keys(same)) delete same[k];
    Object.assign(same, identity);
  } else {
    party.identities = [...list, identity];
  }
}

/** A fiscal code identity: upper case, separators dropped, no "IT" prefix. */
export function normalizeItIdentity(id: JsonObject): void {
  if (id.key !== IT_FISCAL_CODE || typeof id.code !== 'string') return;
  id.code = cleanTaxCode(id.code, 'IT');
  if (id.code === '') delete id.code;
}

export function normalizeIt(node: JsonObject, kind: NodeKind): void {
  switch (kind) {
    case 'tax/combo':
      normalizeItCombo(node);
      break;
    case 'org/party':
      normalizeItParty(node);
      break;
    case 'org/identity':
      normalizeItIdentity(node);
      break;
    default:
  }
}
