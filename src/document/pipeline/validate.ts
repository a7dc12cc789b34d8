import type { NodeKind } from '../base/node-kind';
import type { HookContext, Hooks } from '../tax/hooks';
import type { Regime } from '../tax/regime-def';
import { rulesEverywhere } from '../tax/registry';
import { regimeFor, regimeHooks } from '../regimes';
import { validateInvoice } from '../bill/invoice-validate';
import {
  validateAction,
  validateBillTax,
  validateDelivery,
  validateOrder,
  validatePayment,
  validatePaymentLine,
  validateReason,
  validateStatus,
  validateStatusFault,
  validateStatusLine,
} from '../bill/documents-validate';
import {
  validateCharge,
  validateDiscount,
  validateLine,
  validateLineCharge,
  validateLineDiscount,
  validateSubLine,
} from '../bill/line-validate';
import {
  validateAttachment,
  validateCoordinates,
  validateDocumentRef,
  validateEmail,
  validateEndpoint,
  validateIdentity,
  validateImage,
  validateInbox,
  validateItem,
  validateName,
  validateNote,
  validatePerson,
  validateRegistration,
  validateTelephone,
  validateUnit,
  validateWebsite,
} from '../org/org-validate';
import { validateMessage } from '../note/message-validate';
import { validateDueDate, validateInstructions, validateOnline, validateRecord, validateTerms } from '../pay/pay-validate';
import { validateTaxIdentity } from '../tax/identity-validate';
import { validateCombo, validateTaxSet } from '../tax/combo-validate';
import { validateCurrencyCode, validateDate, validateExchangeRate, validatePeriod } from './scalars-validate';
import { validateMetaKeys, validateMetaOf } from './meta-validate';
import type { KindValidator, ValidationContext } from '../tax/validation-context';
import { at, fault, mergeFaults } from '../rules/fault';
import { isUrl } from '../rules/url-format';
import { SCHEMA_OBJECT, complementKindOf } from '../base/complements';
import { isObject } from '../rules/values';
import { type FieldModel, SCHEMA_FIELD, modelOf } from '../model/type-model';
import { documentTypeOf } from '../base/schemas';
import type { Envelope, Fault, Json, JsonObject } from '../base/types';
import { codeFaults, keyFaults } from '../cbc/code';

export interface ValidateOptions {
  /** The document's regime; by default the one named by `doc.$regime`. */
  regime?: Regime;
  /** Hooks of the document's active addons, in the order they apply. */
  addons: Hooks[];
}

/** The engine's own checks per kind of object (GOBL's rules), before regime and addon hooks. */
const validators: Readonly<Record<string, KindValidator>> = {
  'bill/invoice': validateInvoice,
  'bill/order': validateOrder,
  'bill/delivery': validateDelivery,
  'bill/payment': validatePayment,
  'bill/payment-line': validatePaymentLine,
  'bill/status': validateStatus,
  'bill/status-line': (n, p) => validateStatusLine(n, p),
  'bill/reason': (n, p) => validateReason(n, p),
  'bill/action': (n, p) => validateAction(n, p),
  'bill/fault': (n, p) => validateStatusFault(n, p),
  'bill/tax': (n, p) => validateBillTax(n, p),
  'bill/line': validateLine,
  'bill/sub-line': validateSubLine,
  'bill/line-discount': (n, p) => validateLineDiscount(n, p),
  'bill/line-charge': (n, p) => validateLineCharge(n, p),
  'bill/discount': (n, p) => validateDiscount(n, p),
  'bill/charge': (n, p) => validateCharge(n, p),
  'org/document-ref': (n, p) => validateDocumentRef(n, p),
  'org/item': (n, p) => validateItem(n, p),
  'org/identity': (n, p) => validateIdentity(n, p),
  'org/email': (n, p) => validateEmail(n, p),
  'org/telephone': (n, p) => validateTelephone(n, p),
  'org/website': (n, p) => validateWebsite(n, p),
  'org/endpoint': (n, p) => validateEndpoint(n, p),
  'org/inbox': (n, p) => validateInbox(n, p),
  'org/person': (n, p) => validatePerson(n, p),
  'org/name': (n, p) => validateName(n, p),
  'org/note': (n, p) => validateNote(n, p),
  'org/coordinates': (n, p) => validateCoordinates(n, p),
  'org/image': (n, p) => validateImage(n, p),
  'org/attachment': (n, p) => validateAttachment(n, p),
  'org/registration': (n, p) => validateRegistration(n, p),
  'note/message': (n, p) => validateMessage(n, p),
  'pay/instructions': (n, p) => validateInstructions(n, p),
  'pay/record': (n, p) => validateRecord(n, p),
  'pay/terms': (n, p) => validateTerms(n, p),
  'pay/due-date': (n, p) => validateDueDate(n, p),
  'pay/online': (n, p) => validateOnline(n, p),
  'tax/identity': (n, p) => validateTaxIdentity(n, p),
  'tax/combo': validateCombo,
  'currency/exchange-rate': (n, p) => validateExchangeRate(n, p),
  'cal/period': (n, p) => validatePeriod(n, p),
};

/** Checks for values that are not objects, by their type's name, wherever GOBL's types hold them. */
const scalarValidators: Readonly<Record<string, (value: Json, path: string) => Fault[]>> = {
  'cbc/code': codeFaults,
  'cbc/key': keyFaults,
  'cal/date': validateDate,
  'currency/code': validateCurrencyCode,
  'org/unit': validateUnit,
};

/** Checks of a whole list, by the list type's name. */
const listValidators: Readonly<Record<string, (value: Json[], path: string) => Fault[]>> = {
  'tax/set': validateTaxSet,
};

/** A field the walk visits: one holding objects, or values with a check of their own, or complements. */
interface Step {
  field: FieldModel;
  scalar?: (value: Json, path: string) => Fault[];
  whole?: (value: Json[], path: string) => Fault[];
  complements?: boolean;
}

/** Per kind, the fields the walk visits, in GOBL's order; built on first use from GOBL's types. */
const STEPS = new Map<string, readonly Step[]>();
function stepsOf(kind: string): readonly Step[] {
  let steps = STEPS.get(kind);
  if (!steps) {
    steps = (modelOf(kind)?.fields ?? [])
      .map((field) => ({
        field,
        scalar: scalarValidators[field.item],
        whole: field.list ? listValidators[field.type] : undefined,
        complements: field.list && field.item === SCHEMA_OBJECT,
      }))
      .filter((s) => s.field.kind !== undefined || s.scalar || s.whole || s.complements);
    STEPS.set(kind, steps);
  }
  return steps;
}

function stringsOf(value: Json | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Lists every fault of an envelope's document, never stopping at the first: the engine's own rules
 * for each object (GOBL's codes, JSON paths under `$.doc`), then the regime's and the addons' hooks.
 * Faults with the same code and message are merged; codes listed in `head.ignore` are dropped.
 */
export function validateDocument(envelope: Envelope, opts: ValidateOptions): Fault[] {
  const doc = envelope.doc;
  if (!isObject(doc)) return [];
  const kind = documentTypeOf(doc.$schema);
  if (!kind) return [];
  const regime = opts.regime ?? (typeof doc.$regime === 'string' ? regimeFor(doc.$regime) : undefined);
  const vc: ValidationContext = { doc, regime, addons: stringsOf(doc.$addons) };
  const hookCtx: HookContext = { doc, regime, addons: vc.addons };
  const hooks: Hooks[] = [...(regime ? [regimeHooks(regime.country)] : []), ...opts.addons];
  const faults = validateTree(doc, kind, '$.doc', vc, hookCtx, hooks);
  if (isObject(envelope.head)) append(faults, validateMetaKeys(envelope.head.meta, '$.head'));
  const ignored = new Set(stringsOf(isObject(envelope.head) ? envelope.head.ignore : undefined));
  return mergeFaults(faults.filter((f) => !ignored.has(f.code)));
}

/** Validates one object and everything below it. Exported for documents checked outside an envelope. */
export function validateTree(
  node: JsonObject,
  kind: string,
  path: string,
  vc: ValidationContext,
  hookCtx: HookContext,
  hooks: Hooks[],
): Fault[] {
  const faults: Fault[] = [];
  collectFaults(node, kind, path, { vc, hookCtx, hooks, faults });
  return faults;
}

/** What the walk carries down: one list receives every fault, so none is copied from level to level. */
interface Walk {
  vc: ValidationContext;
  hookCtx: HookContext;
  hooks: Hooks[];
  faults: Fault[];
}

/** Appends one by one: spreading a list of many thousand faults into `push` overflows the call stack. */
function append(faults: Fault[], more: Fault[]): void {
  for (const f of more) faults.push(f);
}

function collectFaults(node: JsonObject, kind: string, path: string, w: Walk): void {
  const own = validators[kind];
  if (own) append(w.faults, own(node, path, w.vc));
  for (const rule of rulesEverywhere(kind)) append(w.faults, rule(node, path));
  append(w.faults, validateMetaOf(node, kind, path));
  for (const h of w.hooks) if (h.validate) append(w.faults, h.validate(node, kind as NodeKind, path, w.hookCtx));

  for (const { field, scalar, whole, complements } of stepsOf(kind)) {
    const value = node[field.name];
    if (value === undefined || value === null) continue;
    const fieldPath = at(path, field.name);
    if (complements) {
      if (Array.isArray(value)) collectComplementFaults(value, fieldPath, w);
      continue;
    }
    if (!field.list) {
      if (scalar) append(w.faults, scalar(value, fieldPath));
      else if (isObject(value)) collectFaults(value, field.kind as string, fieldPath, w);
      continue;
    }
    if (!Array.isArray(value)) continue;
    if (whole) append(w.faults, whole(value, fieldPath));
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (scalar) append(w.faults, scalar(v, at(fieldPath, i)));
      else if (isObject(v) && field.kind) collectFaults(v, field.kind, at(fieldPath, i), w);
    }
  }
}

/**
 * Complements are validated where they stand, with the document's regime and addons (see complements.ts): one of
 * a type the engine knows as an object of its kind, any other only for its `$schema`, which must be a URL.
 */
function collectComplementFaults(list: Json[], path: string, w: Walk): void {
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (!isObject(c)) continue;
    const schema = c[SCHEMA_FIELD];
    const kind = complementKindOf(schema);
    if (kind !== undefined) collectFaults(c, kind, at(path, i), w);
    else if (typeof schema === 'string' && schema !== '' && !isUrl(schema)) {
      w.faults.push(fault('GOBL-SCHEMA-ID-01', at(at(path, i), SCHEMA_FIELD)));
    }
  }
}
