/** Parties (suppliers, customers, payees) with the variety real ones have. */
import type { JsonObject } from '../../src/document/base/types';
import type { Random } from './random';
import { invalidTaxCode, looselyWritten, validTaxCode } from './tax-codes';

const COMPANY_WORDS = ['Provide', 'Acme', 'Nordic', 'Sol', 'Blue', 'Iberia', 'Atlas', 'Lumen', 'Orbit', 'Cedar', 'Kite', 'Vega'];
const COMPANY_ENDS = ['S.L.', 'GmbH', 'SAS', 'Ltd', 'S.p.A.', 'B.V.', 'AB', 'Inc.', 'Lda', 'Oy', 'A/S', 'Sp. z o.o.', ''];
const GIVEN = ['Ana', 'Jon', 'María', 'Lukas', 'Chloé', 'Giulia', 'Søren', 'Zoë', 'Ömer', 'Li'];
const SURNAMES = ['Pérez', 'Müller', 'Dubois', 'Rossi', 'Nowak', 'Silva', 'Smith', "O'Neil", 'Larsen'];
const STREETS = ['Calle Pradillo', 'Hauptstraße', 'Rue de la Paix', 'Via Roma', 'High Street', 'Avenida da Liberdade'];
const CITIES = ['Madrid', 'Berlin', 'Paris', 'Roma', 'London', 'Lisboa', 'Oslo', 'Warszawa', 'Ciudad de México'];

export interface PartyOptions {
  /** The country of its tax ID; undefined for a party without one. */
  country?: string;
  /** Write the tax ID code with a broken checksum on purpose. */
  badTaxId?: boolean;
  /** A small party: a name and perhaps a tax ID. */
  minimal?: boolean;
}

export function companyName(rng: Random): string {
  return `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_ENDS)}`.trim();
}

export function taxId(rng: Random, country: string, bad = false): JsonObject {
  if (bad) return { country, code: invalidTaxCode(rng, country) };
  const code = validTaxCode(rng, country);
  if (code === undefined) return { country };
  return { country, code: rng.chance(0.15) ? looselyWritten(rng, country, code) : code };
}

export function address(rng: Random, country: string): JsonObject {
  const a: JsonObject = {
    num: String(rng.int(1, 250)),
    street: rng.pick(STREETS),
    locality: rng.pick(CITIES),
    code: country === 'BR' ? `${rng.int(10000, 99999)}-${rng.int(100, 999)}` : String(rng.int(10000, 99999)),
    country,
  };
  if (rng.chance(0.4)) a.region = rng.pick(CITIES);
  if (rng.chance(0.15)) a.street_extra = `Planta ${rng.int(1, 9)}`;
  if (rng.chance(0.1)) a.po_box = String(rng.int(100, 999));
  return a;
}

function person(rng: Random): JsonObject {
  const p: JsonObject = { name: { given: rng.pick(GIVEN), surname: rng.pick(SURNAMES) } };
  if (rng.chance(0.3)) p.role = rng.pick(['Director', 'Accountant', 'Buyer']);
  if (rng.chance(0.4)) p.emails = [{ addr: `${rng.chars('abcdefghij', 5)}@example.com` }];
  return p;
}

function inbox(rng: Random): JsonObject {
  switch (rng.int(0, 2)) {
    case 0:
      return { scheme: '0088', code: rng.chars('0123456789', 13) };
    case 1:
      return { email: `inbox-${rng.chars('abcdef', 4)}@example.org` };
    default:
      return { key: 'peppol', url: `https://ap.example.net/${rng.chars('abc123', 6)}` };
  }
}

/** A party; `country` decides the tax ID and the address. */
export function party(rng: Random, opts: PartyOptions): JsonObject {
  const p: JsonObject = { name: companyName(rng) };
  if (opts.country) p.tax_id = taxId(rng, opts.country, opts.badTaxId);
  const country = opts.country ?? 'ES';
  if (opts.minimal) return p;
  if (rng.chance(0.2)) p.alias = rng.pick(COMPANY_WORDS);
  if (rng.chance(0.7)) p.addresses = [address(rng, country)];
  if (rng.chance(0.6)) p.emails = [{ addr: `billing@${rng.pick(COMPANY_WORDS).toLowerCase()}.example.com` }];
  if (rng.chance(0.3)) p.telephones = [{ num: `+34 ${rng.chars('0123456789', 9)}` }];
  if (rng.chance(0.3)) p.websites = [{ url: `https://www.${rng.pick(COMPANY_WORDS).toLowerCase()}.example.com` }];
  if (rng.chance(0.25)) p.people = [person(rng)];
  if (rng.chance(0.2)) p.inboxes = [inbox(rng)];
  if (rng.chance(0.2)) p.identities = [{ type: rng.pick(['DUNS', 'GLN', 'LEI']), code: rng.chars('0123456789', 9) }];
  if (rng.chance(0.1)) p.registration = { office: rng.pick(CITIES), book: String(rng.int(1, 99)), sheet: `M-${rng.int(1000, 9999)}` };
  return p;
}
