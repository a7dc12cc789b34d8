import type { Fault } from '../document';
import type { EntryFault } from './entry';
import { DomainError, type ErrorFields } from './errors';

export const FAULT_PROVIDER = 'gobl';

export const toEntryFaults = (faults: Fault[]): EntryFault[] =>
  faults.map((f) => ({ provider: FAULT_PROVIDER, code: f.code, message: f.message, paths: f.paths }));

/** `$.doc.lines[0].item.price` → ["doc", "lines", "0", "item", "price"] */
export function pathSegments(path: string): string[] {
  return path
    .replace(/^\$\.?/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '');
}

/** Puts a message at a path; a message already standing at or above it is kept. */
function placeMessage(root: ErrorFields, segments: string[], message: string): void {
  let node = root;
  for (const segment of segments.slice(0, -1)) {
    const current = node[segment];
    if (typeof current === 'string') return;
    node = (node[segment] ??= {}) as ErrorFields;
  }
  const last = segments[segments.length - 1];
  node[last] ??= message;
}

/** Nests fault messages under the request property `data`, down to the field at fault. */
export function faultFields(faults: Fault[]): ErrorFields {
  const root: ErrorFields = {};
  for (const fault of faults) {
    for (const path of fault.paths.length > 0 ? fault.paths : ['$']) placeMessage(root, ['data', ...pathSegments(path)], fault.message);
  }
  return root;
}

/** A readable summary: `supplier.name: is required; lines.0.item: ...` */
export function faultSummary(faults: Fault[]): string {
  return faults
    .map((f) => {
      const where = f.paths[0] ? pathSegments(f.paths[0]).filter((s, i) => !(i === 0 && s === 'doc')).join('.') : '';
      return where ? `${where}: ${f.message}` : f.message;
    })
    .join('; ');
}

export function validationError(faults: Fault[]): DomainError {
  return new DomainError('validation', faultSummary(faults) || 'the document is not valid', {
    fields: faultFields(faults),
    faults: toEntryFaults(faults),
  });
}
