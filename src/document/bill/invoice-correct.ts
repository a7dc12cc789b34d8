import { isObject, str, strings } from '../base/json';
import { addonCorrections, addonFor, expandAddons, regimeFor } from '../tax/registry';
import { documentTypeOf } from '../base/schemas';
import type { Json, JsonObject } from '../base/types';

export const CORRECTION_TYPES = ['credit-note', 'debit-note', 'corrective'] as const;
export type CorrectionType = (typeof CORRECTION_TYPES)[number];

/** A seal of another organisation, as kept in an envelope header or a preceding reference. */
export interface Stamp {
  prv: string;
  val: string;
}

/** How to build a corrective invoice, in GOBL's terms (already checked for shape). */
export interface CorrectionOptions {
  type: CorrectionType;
  reason?: string;
  series?: string;
  /** YYYY-MM-DD; today (UTC) when absent. */
  issueDate?: string;
  /** Stamps of the previous document; the header's stamps are offered too. */
  stamps?: Stamp[];
  /** Extensions for the preceding reference (some are routed to the document by its addons). */
  ext?: Record<string, string>;
  /** Copy the previous document's tax totals into the preceding reference. */
  copyTax?: boolean;
}

/** Why a document cannot be corrected as asked; `option` names the correction option at fault, if any. */
export interface CorrectionRefusal {
  ok: false;
  message: string;
  option?: 'type' | 'stamps' | 'reason';
}

export type CorrectionResult = { ok: true; doc: JsonObject } | CorrectionRefusal;

/** The rules of the regime and addons for corrective invoices, merged. */
export interface CorrectionRules {
  types: string[];
  stamps: string[];
  extensions: string[];
  reasonRequired: boolean;
  /** Addons whose correction normalizers apply, in order. */
  addons: string[];
}

const INVOICE = 'bill/invoice';

/** The correction rules of an invoice: its regime's, then those of each addon, merged. */
export function correctionRules(doc: JsonObject): CorrectionRules {
  const rules: CorrectionRules = { types: [], stamps: [], extensions: [], reasonRequired: false, addons: [] };
  const supplier = isObject(doc.supplier) ? doc.supplier : {};
  const country = str(doc.$regime) || (isObject(supplier.tax_id) ? str(supplier.tax_id.country) : '');
  const addons = expandAddons(strings(doc.$addons));
  const definitions = [
    ...(regimeFor(country)?.corrections ?? []).filter((c) => c.schema === INVOICE),
    ...addonCorrections(addons, INVOICE),
  ];
  const addUnique = (list: string[], more: string[] | undefined) => {
    for (const item of more ?? []) if (!list.includes(item)) list.push(item);
  };
  for (const def of definitions) {
    addUnique(rules.types, def.types);
    addUnique(rules.stamps, def.stamps);
    addUnique(rules.extensions, def.extensions);
    rules.reasonRequired ||= Boolean(def.reasonRequired);
  }
  rules.addons = addons.filter((key) => addonFor(key)?.correct !== undefined);
  return rules;
}

/**
 * Builds a corrective invoice (credit note, debit note or corrective) from an earlier one, as GOBL's
 * correction does: the earlier invoice becomes the only `preceding` reference (uuid, type, series,
 * code, issue date, reason, the stamps the regime asks for, the given extensions, and its tax totals
 * when asked), and the new invoice loses its uuid and code and gets the new type, series and issue date.
 * Lines and amounts are kept as they are (a credit note is not negated); totals are left for calculation.
 *
 * `source` is an envelope (whose header stamps are offered to the regime) or a bare invoice.
 * Pure: `source` is not modified; the clock is `ctx.now`.
 */
export function correctInvoice(source: JsonObject, options: CorrectionOptions, ctx: { now: Date }): CorrectionResult {
  const envelope = isObject(source.doc) ? source : undefined;
  const original = envelope ? (source.doc as JsonObject) : source;
  if (documentTypeOf(original.$schema) !== INVOICE) {
    return { ok: false, message: `only invoices can be corrected, not ${str(original.$schema) || 'a document without a schema'}` };
  }
  if (!str(original.code)) return { ok: false, message: 'an invoice without a code cannot be corrected' };

  const rules = correctionRules(original);
  if (rules.types.length > 0 && !rules.types.includes(options.type)) {
    return {
      ok: false,
      option: 'type',
      message: `the invoice's regime does not allow a ${options.type} correction (allowed: ${rules.types.join(', ')})`,
    };
  }
  const reason = options.reason ?? '';
  if (rules.reasonRequired && !reason) return { ok: false, option: 'reason', message: 'a reason is required to correct this invoice' };

  const offered = [...(options.stamps ?? []), ...headStamps(envelope)];
  const stamps: Stamp[] = [];
  for (const provider of rules.stamps) {
    const stamp = offered.find((s) => s.prv === provider);
    if (!stamp)
      return { ok: false, option: 'stamps', message: `the stamp '${provider}' of the previous invoice is required to correct it` };
    stamps.push({ prv: stamp.prv, val: stamp.val });
  }

  const doc = structuredClone(original);
  const preceding = precedingRef(original, reason, stamps, options);
  doc.preceding = [preceding];
  delete doc.uuid;
  delete doc.code;
  doc.type = options.type;
  if (options.series) doc.series = options.series;
  doc.issue_date = options.issueDate ?? ctx.now.toISOString().slice(0, 10);
  for (const key of rules.addons) addonFor(key)?.correct?.(doc, options.ext ?? {});
  if (isObject(preceding.ext) && Object.keys(preceding.ext).length === 0) delete preceding.ext;
  return { ok: true, doc };
}

/** The reference to the corrected invoice, with only the members it has. */
function precedingRef(original: JsonObject, reason: string, stamps: Stamp[], options: CorrectionOptions): JsonObject {
  const ref: JsonObject = {};
  const copy = (name: string, value: Json | undefined) => {
    if (value !== undefined && value !== null && value !== '') ref[name] = structuredClone(value);
  };
  copy('uuid', original.uuid);
  copy('type', original.type);
  copy('issue_date', original.issue_date);
  copy('series', original.series);
  copy('code', original.code);
  copy('reason', reason);
  if (stamps.length > 0) ref.stamps = stamps as unknown as Json;
  if (options.copyTax && isObject(original.totals)) copy('tax', original.totals.taxes);
  ref.ext = { ...(options.ext ?? {}) };
  return ref;
}

function headStamps(envelope: JsonObject | undefined): Stamp[] {
  const head = envelope && isObject(envelope.head) ? envelope.head : undefined;
  if (!head || !Array.isArray(head.stamps)) return [];
  return head.stamps.filter(isObject).map((s) => ({ prv: str(s.prv), val: str(s.val) }));
}
