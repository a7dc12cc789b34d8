import type { Hooks } from './hooks';
import type { JsonObject } from '../base/types';
import type { ExtensionDefinition } from './extension-def';

/**
 * A tax scenario an addon contributes. Filters: document type, tags (all must be present),
 * categories (one must be used), an extension key (and value) present in the document's tax
 * or tax totals, whether the document is paid (`totals.due` present and zero). Output: extension
 * values merged into the document's `tax.ext`, or codes.
 */
export interface AddonScenario {
  schema: string;
  types?: string[];
  tags?: string[];
  categories?: string[];
  extKey?: string;
  extValue?: string;
  paid?: boolean;
  /** A further condition on the document, for filters that are not plain data. */
  filter?: (doc: JsonObject) => boolean;
  codes?: Record<string, string>;
  ext?: Record<string, string>;
}

/** How corrective documents are built under the addon. */
export interface AddonCorrection {
  schema: string;
  types?: string[];
  stamps?: string[];
  extensions?: string[];
  reasonRequired?: boolean;
  copyTax?: boolean;
}

/** The static part of an addon: plain data. */
export interface AddonDefinition {
  key: string;
  /** Addons that must be active as well, applied before this one. */
  requires?: string[];
  extensions: ExtensionDefinition[];
  /** Extra tags allowed per document schema, e.g. `{ 'bill/invoice': ['replacement'] }`. */
  tags?: Record<string, string[]>;
  scenarios?: AddonScenario[];
  corrections?: AddonCorrection[];
  /** Identity keys the addon knows. */
  identities?: string[];
  /** Inbox keys the addon knows. */
  inboxes?: string[];
  /** Fault codes of other addons that are dropped while this addon is active (GOBL's rules.Ignore). */
  ignores?: string[];
}

/**
 * A step an addon takes when a corrective document is built from an invoice (GOBL's correction
 * normalizer). `invoice` is the new corrective document, whose `preceding[0]` points to the
 * original; `optionsExt` holds the extensions passed with the correction options.
 */
export type CorrectionNormalizer = (invoice: JsonObject, optionsExt: Record<string, string>) => void;

/** An addon: its data plus its normalization, validation and correction hooks. */
export interface Addon extends Hooks {
  def: AddonDefinition;
  correct?: CorrectionNormalizer;
}
