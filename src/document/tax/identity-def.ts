/** A tax identity as the engine reads it: the tax country and the code. */
export interface TaxId {
  country: string;
  code: string;
}

/**
 * How one country's tax identity codes are cleaned and checked.
 * `check` receives a normalized, non-empty code and returns the fault codes it breaks (empty when valid).
 */
export interface TaxIdentityDef {
  /** The tax country code the checks apply to (e.g. `EL` for Greece). */
  country: string;
  /** Other codes identities of this country may carry (e.g. `GR`, or `XI` for Northern Ireland). */
  altCountries?: string[];
  /** Cleans an identity of this country; absent means the country has no normalizer at all. */
  normalize?: (id: TaxId) => TaxId;
  check: (code: string) => string[];
}

/** One fault code when `ok` is false. */
export function failIf(ok: boolean, code: string): string[] {
  return ok ? [] : [code];
}
