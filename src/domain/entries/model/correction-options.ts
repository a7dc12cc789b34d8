import {
  CORRECTION_TYPES,
  type CorrectionOptions,
  type CorrectionRules,
  type CorrectionType,
  type Stamp,
} from '../../../document/bill/invoice-correct';
import type { JsonObject } from '../../../document';
import { isObject } from '../../../document/base/json';
import type { ErrorFields } from '../../shared/errors';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SHORTHANDS: Record<string, CorrectionType> = { credit: 'credit-note', debit: 'debit-note', corrective: 'corrective' };

function isDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * Reads the request's `correct` object: GOBL's correction options (`type`, `reason`, `series`,
 * `issue_date`, `stamps`, `ext`, `copy_tax`), and the specification's `{"credit": true}`,
 * `{"debit": true}` (and `{"corrective": true}`) for the type. Members it does not know are ignored,
 * as GOBL does. Returns the options, or every bad member at once.
 */
export function readCorrectionOptions(correct: JsonObject): { options: CorrectionOptions } | { problems: ErrorFields } {
  const fields: ErrorFields = {};
  const types = new Set<CorrectionType>();
  for (const [name, type] of Object.entries(SHORTHANDS)) {
    const flag = correct[name];
    if (flag === undefined || flag === null) continue;
    if (typeof flag !== 'boolean') fields[name] = 'must be true or false';
    else if (flag) types.add(type);
  }
  if (correct.type !== undefined && correct.type !== null) {
    if (typeof correct.type === 'string' && (CORRECTION_TYPES as readonly string[]).includes(correct.type))
      types.add(correct.type as CorrectionType);
    else fields.type = `must be one of ${CORRECTION_TYPES.join(', ')}`;
  }
  if (types.size > 1) fields.type = `names more than one correction type: ${[...types].join(', ')}`;
  else if (types.size === 0 && !fields.type) fields.type = 'is required: give type, or credit, debit or corrective as true';

  const text = (name: string): string | undefined => {
    const value = correct[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'string') return value;
    fields[name] = 'must be a string';
    return undefined;
  };
  const reason = text('reason');
  const series = text('series');
  const issueDate = text('issue_date');
  if (issueDate !== undefined && !isDate(issueDate)) fields.issue_date = 'must be a date (YYYY-MM-DD)';

  let stamps: Stamp[] | undefined;
  if (correct.stamps !== undefined && correct.stamps !== null) {
    const valid =
      Array.isArray(correct.stamps) &&
      correct.stamps.every((s) => isObject(s) && typeof s.prv === 'string' && s.prv !== '' && typeof s.val === 'string');
    if (valid) stamps = (correct.stamps as JsonObject[]).map((s) => ({ prv: s.prv as string, val: s.val as string }));
    else fields.stamps = 'must be a list of stamps: {"prv": provider, "val": value}';
  }
  let ext: Record<string, string> | undefined;
  if (correct.ext !== undefined && correct.ext !== null) {
    if (isObject(correct.ext) && Object.values(correct.ext).every((v) => typeof v === 'string'))
      ext = { ...(correct.ext as Record<string, string>) };
    else fields.ext = 'must be an object of extension codes (strings)';
  }
  let copyTax = false;
  if (correct.copy_tax !== undefined && correct.copy_tax !== null) {
    if (typeof correct.copy_tax === 'boolean') copyTax = correct.copy_tax;
    else fields.copy_tax = 'must be true or false';
  }

  if (Object.keys(fields).length > 0) return { problems: fields };
  return { options: { type: [...types][0], reason, series, issueDate, stamps, ext, copyTax } };
}

/**
 * The JSON Schema of the correction options an invoice accepts, from the rules of its regime and addons:
 * the correction types they allow, the stamps and the reason they require, and the extensions they read.
 */
export function correctionOptionsSchema(rules: CorrectionRules): JsonObject {
  const types = rules.types.length > 0 ? rules.types : [...CORRECTION_TYPES];
  const required = ['type'];
  if (rules.reasonRequired) required.push('reason');
  if (rules.stamps.length > 0) required.push('stamps');
  const stamp: JsonObject = {
    type: 'object',
    properties: { prv: rules.stamps.length > 0 ? { type: 'string', enum: rules.stamps } : { type: 'string' }, val: { type: 'string' } },
    required: ['prv', 'val'],
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Correction options',
    type: 'object',
    properties: {
      type: { type: 'string', enum: types },
      issue_date: { type: 'string', format: 'date' },
      series: { type: 'string' },
      stamps: { type: 'array', items: stamp },
      reason: { type: 'string' },
      ext: {
        type: 'object',
        properties: Object.fromEntries(rules.extensions.map((key) => [key, { type: 'string' }])),
        additionalProperties: { type: 'string' },
      },
      copy_tax: { type: 'boolean' },
    },
    required,
  };
}
