import type { NodeKind } from '../base/node-kind';
import type { Fault, JsonObject } from '../base/types';
import type { ExtensionDefinition } from './extension-def';
import type { TaxIdentityDef } from './identity-def';

/**
 * The shape of a tax regime's figures: one table per country, plain data.
 * Percentages are strings such as "21.0%" and are only ever read through the decimal library.
 * Rate values are listed newest first; `since` is an ISO date (YYYY-MM-DD).
 */
export interface RateValue {
  since?: string;
  percent: string;
  surcharge?: string;
  /** Extension values that select this value (e.g. a region); absent for the default. */
  ext?: Record<string, string>;
}

export interface TaxRate {
  /** The rate key used in documents, e.g. "general", "reduced". */
  rate: string;
  /** Tax keys this rate may be combined with, e.g. ["standard"]. */
  keys?: string[];
  exempt?: boolean;
  values: RateValue[];
  /** Extension values a combo with this rate receives. */
  ext?: Record<string, string>;
}

export interface TaxKey {
  key: string;
  noPercent?: boolean;
}

export interface TaxCategory {
  code: string;
  retained?: boolean;
  informative?: boolean;
  keys?: TaxKey[];
  rates: TaxRate[];
  /** Extension keys a combo of this category may carry. */
  extensions?: string[];
  /** Codes other formats use for this category, e.g. `{ 'fatturapa-tipo-ritenuta': 'RT01' }`. */
  map?: Record<string, string>;
}

export interface Scenario {
  types?: string[];
  tags?: string[];
  /** Tax categories the document must use for the scenario to apply. */
  categories?: string[];
  extKey?: string;
  extValue?: string;
  /** A legal note added to the document; `cat` ties it to a tax category. */
  note?: { cat?: string; key?: string; src?: string; code?: string; text: string };
  /** Extension values the scenario sets on the document's tax. */
  ext?: Record<string, string>;
}

export interface CorrectionDefinition {
  schema: string;
  types: string[];
  stamps?: string[];
  extensions?: string[];
  reasonRequired?: boolean;
}

export interface RegimeFigures {
  country: string;
  altCountryCodes?: string[];
  currency: string;
  timeZone: string;
  taxScheme?: string;
  /** "precise" (GOBL's default, called sum-then-round) or "currency" (round each line first). */
  calculatorRoundingRule?: 'precise' | 'currency';
  tags?: { schema: string; keys: string[] }[];
  categories: TaxCategory[];
  scenarios?: { schema: string; list: Scenario[] }[];
  corrections?: CorrectionDefinition[];
  /** Identity keys and codes (e.g. Spanish tax ID types); formats and checksums live in code beside the table. */
  identities?: { key?: string; code?: string }[];
  /** Extension keys the regime defines, with their allowed codes or a pattern. */
  extensions?: ExtensionDefinition[];
}

/** One of a regime's own checks on an object of a kind (GOBL-<CC>-...); `path` is the object's JSON path. */
export type RegimeRule = (node: JsonObject, path: string) => Fault[];

/** A regime's checks, by the kind of object they apply to. */
export type RegimeRules = Partial<Record<NodeKind, RegimeRule>>;

/**
 * A regime: its figures plus what is the country's own code. The generic regime hooks read these,
 * so the engine never branches on a country.
 */
export interface Regime extends RegimeFigures {
  /** How the country's tax identity codes are cleaned and checked. */
  identity?: TaxIdentityDef;
  /** Normalizes objects of documents under this regime (beyond tax identities, which their own country cleans). */
  normalize?: (node: JsonObject, kind: NodeKind) => void;
  rules?: RegimeRules;
  /** Checks GOBL makes wherever their objects appear, whatever the document's regime (Danish CVR numbers). */
  everywhere?: RegimeRules;
}
