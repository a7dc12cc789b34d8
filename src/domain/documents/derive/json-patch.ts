import { applyOperation, JsonPatchError, validator, type Operation } from 'fast-json-patch';
import type { Json } from '../../../document';
import { isObject } from '../../../document/base/json';
import { DomainError } from '../../shared/errors';

/** Bounds on a JSON patch, so that a small request cannot make a huge document or a long computation. */
export interface JsonPatchLimits {
  /** Most operations in one patch. */
  maxOperations: number;
  /** Largest estimated size of the patched document, in bytes of JSON; every value added or copied counts. */
  maxBytes: number;
  /**
   * Most work for the whole patch, in bytes of JSON touched: every value an operation writes, copies,
   * compares or overwrites counts, so many operations on large parts of a document add up.
   */
  maxWork: number;
}

/** The defaults; `maxWork` is JSON_PATCH_MAX_WORK. */
export const JSON_PATCH_LIMITS: JsonPatchLimits = { maxOperations: 1000, maxBytes: 8 * 1024 * 1024, maxWork: 16 * 1024 * 1024 };

const OPERATIONS = ['add', 'remove', 'replace', 'move', 'copy', 'test'];

/** What each failure of the library means, in the words given to clients. */
const REASONS: Record<string, string> = {
  TEST_OPERATION_FAILED: 'the test failed: the value differs',
  OPERATION_PATH_UNRESOLVABLE: 'the path does not exist',
  OPERATION_FROM_UNRESOLVABLE: 'the from path does not exist',
  OPERATION_PATH_CANNOT_ADD: 'the parent of the path does not exist',
  OPERATION_PATH_ILLEGAL_ARRAY_INDEX: 'an array index must be a non-negative integer without leading zeros, or "-" to append',
  OPERATION_VALUE_OUT_OF_BOUNDS: 'the array index is past the end of the array',
  OPERATION_NOT_AN_OBJECT: 'an operation must be an object',
  OPERATION_OP_INVALID: `op must be one of ${OPERATIONS.join(', ')}`,
  OPERATION_PATH_INVALID: 'path must be a JSON pointer: empty, or starting with "/"',
  OPERATION_FROM_REQUIRED: 'from is required for move and copy',
  OPERATION_VALUE_REQUIRED: 'value is required for add, replace and test',
  OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED: 'value is required for add, replace and test',
};

/** The 422 for a patch; `index` names the operation at fault. */
export function patchError(reason: string, index?: number, operation?: unknown): DomainError {
  if (index === undefined) return new DomainError('patch', `patch: ${reason}`, { fields: { data: reason } });
  const op = isObject(operation) ? operation : {};
  const what = typeof op.op === 'string' && typeof op.path === 'string' ? ` (${op.op} ${op.path})` : '';
  return new DomainError('patch', `patch operation ${index}${what}: ${reason}`, { fields: { data: { [String(index)]: reason } } });
}

/**
 * Applies an RFC 6902 JSON patch to a copy of `document` and returns the result; `document` is not modified.
 * Any malformed or failing operation (a failed `test`, a missing path...) stops the whole patch with a
 * DomainError 'patch' that names the operation's index. The document is copied once and every operation
 * changes that copy in place, so the work grows with what the operations touch, not with their number
 * times the document's size; that work is bounded by `limits.maxWork`.
 */
export function applyJsonPatch(document: Json, patch: unknown, limits: JsonPatchLimits = JSON_PATCH_LIMITS): Json {
  if (!Array.isArray(patch)) throw patchError('a JSON patch must be an array of operations');
  if (patch.length > limits.maxOperations)
    throw patchError(`a patch may have at most ${limits.maxOperations} operations, this one has ${patch.length}`);

  let result: Json = structuredClone(document);
  let bytes = jsonSize(result, Infinity);
  // A document stored under a larger body limit may still grow a little.
  const ceiling = Math.max(limits.maxBytes, 2 * bytes);
  let work = 0;
  patch.forEach((operation, index) => {
    const fail = (reason: string) => patchError(reason, index, operation);
    const problem = operationProblem(operation, result);
    if (problem) throw fail(problem);
    const op = operation as Operation & { from?: string; value?: Json };
    const added = op.op === 'add' || op.op === 'replace' ? op.value : op.op === 'copy' ? resolvePointer(result, op.from!).value : undefined;
    const addedBytes = added === undefined ? 0 : jsonSize(added as Json, Math.min(ceiling - bytes, limits.maxWork - work));
    bytes += addedBytes;
    if (bytes > ceiling) throw fail(`the patched document would exceed ${ceiling} bytes`);
    work += 1 + addedBytes + touchedBytes(op, result, limits.maxWork - work);
    if (work > limits.maxWork)
      throw fail(`the patch is too large for the document: its operations would touch more than ${limits.maxWork} bytes`);
    try {
      result = applyOperation(result, op, validateInPlace, true, true, index).newDocument as Json;
    } catch (error) {
      if (error instanceof JsonPatchError) throw fail(REASONS[error.name] ?? 'the operation cannot be applied');
      if (error instanceof TypeError) throw fail('the path must not reach __proto__ or constructor/prototype');
      throw error;
    }
  });
  return result;
}

/**
 * Bytes of JSON an operation reads besides the value it adds: the value a `test` compares, and the value
 * a `move` overwrites (the library keeps a copy of it). Counted up to `limit`.
 */
function touchedBytes(op: Operation & { value?: Json }, document: Json, limit: number): number {
  if (op.op === 'test') return jsonSize(op.value as Json, limit);
  if (op.op !== 'move') return 0;
  const overwritten = resolvePointer(document, op.path).value;
  return overwritten === undefined ? 0 : jsonSize(overwritten, limit);
}

/**
 * The library's own checks, except that it would check a `move` or `copy` source by applying a read of it
 * to a deep copy of the whole document; here the source is looked up in place.
 */
function validateInPlace(operation: Operation, index: number, document: Json, existingPath: string): void {
  if (operation.op !== 'move' && operation.op !== 'copy') return validator(operation, index, document, existingPath);
  validator(operation, index);
  if (resolvePointer(document, operation.from).value === undefined) {
    throw new JsonPatchError('the from path does not exist', 'OPERATION_FROM_UNRESOLVABLE', index, operation, document);
  }
}

/** What is wrong with an operation that the library would let through, or undefined. */
function operationProblem(operation: unknown, document: Json): string | undefined {
  if (!isObject(operation)) return REASONS.OPERATION_NOT_AN_OBJECT;
  if (typeof operation.op !== 'string' || !OPERATIONS.includes(operation.op)) return REASONS.OPERATION_OP_INVALID;
  for (const member of ['path', 'from'] as const) {
    const pointer = operation[member];
    if (member === 'from' && operation.op !== 'move' && operation.op !== 'copy') continue;
    if (typeof pointer !== 'string') return member === 'path' ? REASONS.OPERATION_PATH_INVALID : REASONS.OPERATION_FROM_REQUIRED;
    if (pointer !== '' && !pointer.startsWith('/')) return `${member} must be a JSON pointer: empty, or starting with "/"`;
    if (/~([^01]|$)/.test(pointer)) return `${member} has a "~" not followed by 0 or 1`;
    const { badIndex } = resolvePointer(document, pointer);
    if (badIndex) return REASONS.OPERATION_PATH_ILLEGAL_ARRAY_INDEX;
  }
  if (operation.op === 'move' && (operation.path as string).startsWith(`${operation.from as string}/`)) {
    return 'a value cannot be moved into one of its own children';
  }
  return undefined;
}

/** Follows a JSON pointer; reports an array index written other than as RFC 6901 allows ("01", "1e0", ""). */
function resolvePointer(document: Json, pointer: string): { value?: Json; badIndex?: boolean } {
  if (pointer === '') return { value: document };
  let node: Json | undefined = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      if (token === '-') return {};
      if (!/^(0|[1-9]\d*)$/.test(token)) return { badIndex: true };
      node = node[Number(token)];
    } else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, token)) {
      node = node[token];
    } else {
      return {};
    }
  }
  return { value: node };
}

/** The length of `value` written as JSON, counted without writing it; stops counting past `limit`. */
export function jsonSize(value: Json, limit: number): number {
  let size = 0;
  const stack: Json[] = [value];
  while (stack.length > 0 && size <= limit) {
    const node = stack.pop();
    if (node === undefined) continue; // a member the operation lacks (a `test` without `value`): the library refuses it
    if (node === null || typeof node === 'boolean') size += 5;
    else if (typeof node === 'number') size += String(node).length;
    else if (typeof node === 'string') size += node.length + 2;
    else if (Array.isArray(node)) {
      size += 1 + node.length;
      if (size <= limit) for (const item of node) stack.push(item);
    } else {
      const keys = Object.keys(node);
      size += 1 + keys.length;
      for (const key of keys) {
        size += key.length + 3;
        stack.push(node[key]);
      }
    }
  }
  return size;
}
