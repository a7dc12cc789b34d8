import type { JsonObject } from '../../base/types';
import { ISO_SCHEME_ID } from '../eu-en16931';
import { obj, objects, str } from '../../rules/values';
import { inEU } from '../../tax/eu-members';
import { getExt, setExt } from '../../tax/extensions';

/** French CTC identities: SIREN, SIRET, private ids and the SIREN inbox of a party, shared by flows 2 and 10. */

export const FR_CTC = {
  billingMode: 'fr-ctc-billing-mode',
  b2cCategory: 'fr-ctc-flow10-b2c-category',
} as const;

export const SIREN = '0002';
export const SIRET = '0009';
export const PRIVATE_ID = '0224';
export const SIREN_INBOX = '0225';
export const STC = '0231';
export const EU_VAT = '0223';
/** Characters allowed in invoice codes, SIREN inbox codes and private identifiers. */
export const CODE_CHARS = /^[A-Za-z0-9\-+_/]+$/;
export const STC_NOTE_TEXT = 'MEMBRE_ASSUJETTI_UNIQUE';

/* ---------- parties and identities, shared by the flows ---------- */

/** Scheme defaults of one identity: SIREN and SIRET types get their ISO 6523 scheme when none is given. */
export function normalizeCtcIdentity(id: JsonObject, privateKey: boolean): void {
  if (privateKey && str(id, 'key') === 'private-id') setExt(id, ISO_SCHEME_ID, PRIVATE_ID);
  const type = str(id, 'type');
  if (type === 'SIREN' && getExt(id, ISO_SCHEME_ID) === '') setExt(id, ISO_SCHEME_ID, SIREN);
  if (type === 'SIRET' && getExt(id, ISO_SCHEME_ID) === '') setExt(id, ISO_SCHEME_ID, SIRET);
}

export function identities(party: JsonObject): JsonObject[] {
  return objects(party, 'identities');
}

export function addIdentity(party: JsonObject, id: JsonObject): void {
  const list = Array.isArray(party.identities) ? party.identities : [];
  list.push(id);
  party.identities = list;
}

/** The SIREN of a French VAT code: the first nine digits of a SIRET identity, or the last nine digits of the code. */
export function sirenOfTaxCode(party: JsonObject, code: string): string {
  for (const id of identities(party)) {
    if (str(id, 'type') === 'SIRET' && str(id, 'code').length === 14) return str(id, 'code').slice(0, 9);
  }
  const digits = code.replace(/[^0-9]/g, '');
  return digits.length >= 9 ? digits.slice(-9) : digits;
}

/** Adds a legal identity with the scheme unless one with that scheme is there. */
export function ensureLegalIdentity(party: JsonObject, type: string, code: string, scheme: string): void {
  if (code === '') return;
  if (identities(party).some((id) => getExt(id, ISO_SCHEME_ID) === scheme)) return;
  const id: JsonObject = { scope: 'legal' };
  if (type !== '') id.type = type;
  id.code = code;
  id.ext = { [ISO_SCHEME_ID]: scheme };
  addIdentity(party, id);
}

/** A SIRET without SIREN gets its SIREN; the SIREN becomes the legal identity when no identity is legal. */
export function normalizeIdentityList(party: JsonObject, privateKey: boolean): void {
  const list = identities(party);
  if (list.length === 0) return;
  let siret: JsonObject | undefined;
  let siren: JsonObject | undefined;
  let legal = false;
  for (const id of list) {
    normalizeCtcIdentity(id, privateKey);
    if (str(id, 'type') === 'SIRET') siret = id;
    if (str(id, 'type') === 'SIREN') siren = id;
    if (str(id, 'scope') === 'legal') legal = true;
  }
  if (siret && !siren && str(siret, 'code').length === 14) {
    siren = { type: 'SIREN', code: str(siret, 'code').slice(0, 9), ext: { [ISO_SCHEME_ID]: SIREN } };
    addIdentity(party, siren);
  }
  if (siren && !legal) siren.scope = 'legal';
}

/** The last inbox with the SIREN scheme takes the Peppol key when no inbox has it. */
export function normalizeSirenInbox(party: JsonObject): void {
  const inboxes = objects(party, 'inboxes');
  if (inboxes.some((i) => str(i, 'key') === 'peppol')) return;
  const siren = inboxes.filter((i) => str(i, 'scheme') === SIREN_INBOX).pop();
  if (siren) siren.key = 'peppol';
}

export function taxIdOf(party: JsonObject): { country: string; code: string } {
  const t = obj(party, 'tax_id');
  return { country: str(t, 'country'), code: str(t, 'code') };
}

export function normalizeFlow2Party(party: JsonObject): void {
  const { country, code } = taxIdOf(party);
  if (code !== '' && country === 'FR') ensureLegalIdentity(party, 'SIREN', sirenOfTaxCode(party, code), SIREN);
  normalizeIdentityList(party, true);
  normalizeSirenInbox(party);
}

export function normalizeFlow10Party(party: JsonObject): void {
  const { country, code } = taxIdOf(party);
  if (code !== '') {
    if (country === 'FR') ensureLegalIdentity(party, 'SIREN', sirenOfTaxCode(party, code), SIREN);
    else if (country !== '' && inEU(country)) ensureLegalIdentity(party, '', country + code, EU_VAT);
  }
  normalizeIdentityList(party, false);
}

export function partySiren(party: JsonObject): string {
  const id = identities(party).find((i) => str(i, 'type') === 'SIREN' || getExt(i, ISO_SCHEME_ID) === SIREN);
  return id ? str(id, 'code') : '';
}

export function hasStcIdentity(party: JsonObject | undefined): boolean {
  return !!party && identities(party).some((id) => getExt(id, ISO_SCHEME_ID) === STC);
}

export function scopeHas(id: JsonObject, part: string): boolean {
  return str(id, 'scope').split('+').includes(part);
}

/** The party's SIREN inbox (the first with scheme 0225) starts with its SIREN; true when it has no SIREN. */
export function sirenInboxMatches(party: JsonObject): boolean {
  const siren = partySiren(party);
  if (siren === '') return true;
  const inbox = objects(party, 'inboxes').find((i) => str(i, 'scheme') === SIREN_INBOX);
  return !!inbox && str(inbox, 'code').startsWith(siren);
}

export function sirenInboxCodeValid(inbox: JsonObject): boolean {
  if (str(inbox, 'scheme') !== SIREN_INBOX) return true;
  const code = str(inbox, 'code');
  return code === '' || (Buffer.byteLength(code) <= 125 && CODE_CHARS.test(code));
}

/** The SIRET and SIREN (the last of each type) agree when both have their usual lengths. */
export function siretSirenCoherent(party: JsonObject): boolean {
  let siret = '';
  let siren = '';
  let hasSiret = false;
  let hasSiren = false;
  for (const id of identities(party)) {
    if (str(id, 'type') === 'SIRET') [siret, hasSiret] = [str(id, 'code'), true];
    if (str(id, 'type') === 'SIREN') [siren, hasSiren] = [str(id, 'code'), true];
  }
  if (!hasSiret || !hasSiren || siret.length !== 14 || siren.length !== 9) return true;
  return siret.startsWith(siren);
}

/** Identity schemes appear at most once (identities without a scheme are not counted). */
export function schemesUnique(party: JsonObject): boolean {
  const seen = new Set<string>();
  for (const id of identities(party)) {
    const scheme = getExt(id, ISO_SCHEME_ID);
    if (scheme === '') continue;
    if (seen.has(scheme)) return false;
    seen.add(scheme);
  }
  return true;
}

export function privateCodeValid(code: string): boolean {
  return Buffer.byteLength(code) <= 100 && CODE_CHARS.test(code);
}

/* ---------- flow 2 ---------- */
