import { addonHooks, addonTags, applyAddonScenarios, expandAddons } from '../addons';
import { calculateBill, calculateIssueDate } from '../bill/calculate';
import { applyRegimeScenarios } from '../bill/invoice-scenarios';
import { calculatePayment } from '../bill/payment';
import { checkTags } from '../bill/tags';
import { complementKindOf, hasOwnUuid, registeredComplementType } from '../base/complements';
import type { NodeKind } from '../base/node-kind';
import type { HookContext } from '../tax/hooks';
import { isObject, objects, str, strings } from '../base/json';
import { type Normalizers, intrinsicNormalize, normalizeTree } from './normalize';
import { regimeFor, regimeHooks } from '../regimes';
import type { Regime } from '../tax/regime-def';
import { DOCUMENT_SCHEMAS, type DocumentType } from '../base/schemas';
import type { JsonObject } from '../base/types';
import { isUnsetUuid } from '../base/uuid';

const BILLS: DocumentType[] = ['bill/invoice', 'bill/order', 'bill/delivery', 'bill/payment'];

export interface DocumentContext {
  newUuid: () => string;
  now: Date;
}

/** The country of the supplier's tax ID: where a bill's regime comes from when `$regime` is missing. */
function supplierCountry(doc: JsonObject): string | undefined {
  const supplier = isObject(doc.supplier) ? doc.supplier : undefined;
  const taxId = supplier && isObject(supplier.tax_id) ? supplier.tax_id : undefined;
  return taxId ? str(taxId.country) || undefined : undefined;
}

/** Fields older documents used, moved where GOBL reads them. */
function prepareLegacy(doc: JsonObject): void {
  if (isObject(doc.tax) && Array.isArray(doc.tax.tags)) {
    const tags = strings(doc.tax.tags);
    if (tags.length > 0) doc.$tags = tags;
    delete doc.tax.tags;
  }
}

/** Resolves `$regime`: a given code is mapped to its regime's own code; otherwise the supplier's country. */
function resolveRegime(doc: JsonObject, type: DocumentType): Regime | undefined {
  if (!BILLS.includes(type) && type !== 'bill/status') return regimeFor(str(doc.$regime) || undefined);
  const given = str(doc.$regime);
  if (given) return regimeFor(given);
  const regime = regimeFor(supplierCountry(doc));
  if (regime) doc.$regime = regime.country;
  else delete doc.$regime;
  return regime;
}

/**
 * Normalizes and calculates one document in place, in GOBL's order: identity, regime and addons, the
 * normalization walk (engine, regime, addons per node), the calculation of its type, then scenarios.
 */
export function buildDocument(doc: JsonObject, type: DocumentType, ctx: DocumentContext): { regime?: Regime; addons: string[] } {
  if (type !== 'tax/identity' && isUnsetUuid(doc.uuid)) {
    doc.uuid = ctx.newUuid();
  }
  prepareLegacy(doc);
  const regime = resolveRegime(doc, type);
  const addonKeys = expandAddons(strings(doc.$addons));
  if (addonKeys.length > 0) doc.$addons = addonKeys;
  else delete doc.$addons;

  const hookCtx: HookContext = { doc, regime, addons: addonKeys, now: ctx.now };
  const normalizers: Normalizers = {
    intrinsic: intrinsicNormalize,
    regime: regime ? regimeHooks(regime.country) : {},
    addons: addonHooks(addonKeys),
  };
  normalizeTree(doc, type as NodeKind, hookCtx, normalizers);

  const billCtx = { regime, now: ctx.now };
  switch (type) {
    case 'bill/invoice':
      checkTags(doc, type, regime, addonTags(addonKeys, type));
      calculateBill(doc, billCtx);
      calculateBillComplements(doc, ctx);
      applyRegimeScenarios(doc, regime, (note) => normalizeTree(note, 'tax/note', hookCtx, normalizers));
      applyAddonScenarios(doc, addonKeys);
      break;
    case 'bill/delivery':
      checkTags(doc, type, regime, addonTags(addonKeys, type));
      calculateBill(doc, billCtx);
      calculateBillComplements(doc, ctx);
      break;
    case 'bill/order':
      calculateBill(doc, billCtx);
      calculateBillComplements(doc, ctx);
      break;
    case 'bill/payment':
      calculatePayment(doc, billCtx);
      break;
    case 'bill/status':
      if (!str(doc.issue_date)) calculateIssueDate(doc, { now: ctx.now });
      objects(doc.lines).forEach((l, i) => {
        l.index = i + 1;
        calculateComplements(l, ctx);
      });
      break;
    default:
  }
  return { regime, addons: addonKeys };
}

/** A bill calculates its complements unless its tags bypass the calculation (payments never do). */
function calculateBillComplements(doc: JsonObject, ctx: DocumentContext): void {
  if (doc.complements !== undefined && !strings(doc.$tags).includes('bypass')) calculateComplements(doc, ctx);
}

/**
 * GOBL's calculation of the complements of a bill or a status line (see complements.ts), each in place: a UUID
 * when its type has one and it is empty, then its type's own calculation: a document calculates as it would
 * alone (with its own regime and addons), a module's type as the module says; others have none.
 */
function calculateComplements(node: JsonObject, ctx: DocumentContext): void {
  const list = node.complements;
  if (!Array.isArray(list)) return;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (!isObject(c)) continue;
    const kind = complementKindOf(c.$schema);
    if (kind === undefined) continue;
    if ((DOCUMENT_SCHEMAS as readonly string[]).includes(kind)) {
      buildDocument(c, kind as DocumentType, ctx);
      continue;
    }
    if (hasOwnUuid(kind) && isUnsetUuid(c.uuid)) c.uuid = ctx.newUuid();
    const calculate = registeredComplementType(c.$schema)?.calculate;
    if (calculate) list[i] = calculate(c);
  }
}
