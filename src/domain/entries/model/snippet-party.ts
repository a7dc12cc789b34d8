import type { Snippet } from './entry';

/**
 * A party as an invoice's snippet shows it (`supplier`, `customer`): the hosted API's `OrgParty`, which its Go
 * client reads as `snippets.OrgParty`. `country` and `tax_code` are the party's tax id, split as GOBL writes it.
 * Absent members are left out.
 */
export interface SnippetParty {
  uuid?: string;
  name?: string;
  alias?: string;
  country?: string;
  tax_code?: string;
}

/** The members of a snippet that are parties. */
const PARTY_MEMBERS = ['supplier', 'customer'] as const;

/** A GOBL tax id as one string begins with its two-letter country: "ESB98602642" is `ES` and `B98602642`. */
const COUNTRY_THEN_CODE = /^([A-Za-z]{2})(.*)$/s;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Drops undefined members, keeping the order of the others. */
function compact<T extends object>(fields: T): T {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) kept[key] = value;
  return kept as T;
}

/**
 * An earlier snippet's party, `{name, tax_id: "ESB98602642"}` (the tax id's country and code joined), in the
 * current shape: `{name, country: "ES", tax_code: "B98602642"}`. A tax id without a country in front is its code.
 */
function currentParty(party: Record<string, unknown>): Record<string, unknown> {
  const { tax_id: taxId, ...rest } = party;
  if (typeof taxId !== 'string') return party;
  const split = COUNTRY_THEN_CODE.exec(taxId);
  const country = split ? split[1].toUpperCase() : undefined;
  const code = split ? split[2] : taxId;
  const { uuid, name, alias, country: ownCountry, tax_code: ownCode, ...others } = rest;
  return compact({ uuid, name, alias, country: ownCountry ?? country, tax_code: ownCode ?? (code || undefined), ...others });
}

/**
 * A stored snippet as it is shown: an entry stored before snippets took the `OrgParty` shape keeps its snippet as
 * it was, and is shown in the current shape (its parties' `tax_id` split into `country` and `tax_code`). A snippet
 * already current is returned as it is, not copied. Applied where storage reads a snippet back.
 */
export function currentSnippet(snippet: Snippet): Snippet {
  if (!isObject(snippet)) return snippet;
  let shown: Snippet | undefined;
  for (const member of PARTY_MEMBERS) {
    const party = snippet[member];
    if (!isObject(party) || typeof party.tax_id !== 'string') continue;
    shown ??= { ...snippet };
    shown[member] = currentParty(party);
  }
  return shown ?? snippet;
}
