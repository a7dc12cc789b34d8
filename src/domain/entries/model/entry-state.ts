import { isObject } from './create-entry.input';
import { DomainError, badInput, type ErrorFields } from '../../shared/errors';

/** The states an entry may be given (contract section 3), lowercase. */
export const STATE_KEYS = [
  'processing',
  'sent',
  'error',
  'registered',
  'completed',
  'received',
  'rejected',
  'paid',
  'void',
  'draft',
  'invalid',
] as const;

const NOTES_MAX = 65_535;
const META_MAX = 64;

export interface StateInput {
  key: string;
  notes?: string;
  meta?: Record<string, string>;
}

/** Checks a state body (`key`, `notes`, `meta`): 400 for a wrong shape, 422 `unknown-state` for a key that is not a state. */
export function parseStateInput(given: unknown): StateInput {
  if (!isObject(given)) throw badInput('request body must be a JSON object');
  const fields: ErrorFields = {};
  const { key, notes, meta } = given;
  if (typeof key !== 'string' || key === '') fields.key = 'must be a string: one of the state keys';
  if (notes !== undefined && notes !== null && (typeof notes !== 'string' || notes.length > NOTES_MAX || !notes.isWellFormed())) {
    fields.notes = `must be a string of at most ${NOTES_MAX} characters`;
  }
  if (meta !== undefined && meta !== null) {
    const ok = isObject(meta) && Object.keys(meta).length <= META_MAX && Object.values(meta).every((value) => typeof value === 'string');
    if (!ok) fields.meta = `must be an object of at most ${META_MAX} string values`;
  }
  const names = Object.keys(fields);
  if (names.length > 0) throw badInput(names.map((name) => `${name}: ${fields[name] as string}`).join('; '), fields);
  if (!(STATE_KEYS as readonly string[]).includes(key as string)) {
    throw new DomainError('unknown-state', `key: not a state; one of ${STATE_KEYS.join(', ')}`, {
      fields: { key: `must be one of ${STATE_KEYS.join(', ')}` },
    });
  }
  return {
    key: key as string,
    notes: typeof notes === 'string' ? notes : undefined,
    meta: isObject(meta) ? (meta as Record<string, string>) : undefined,
  };
}
