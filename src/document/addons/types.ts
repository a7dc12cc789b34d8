import type { Hooks } from '../hooks';
import type { JsonObject } from '../types';

/** An extension an addon (or a catalogue) defines: a key and either a closed list of codes or a pattern. */
export interface ExtensionDefinition {
  key: string;
  codes?: string[];
  pattern?: string;
}

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

/** An addon: its data plus its normalization and validation hooks. */
export interface Addon extends Hooks {
  def: AddonDefinition;
}
