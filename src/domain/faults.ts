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

/** Nests fault messages under the request property `data`, down to the field at fault. */
export function faultFields(faults: Fault[]): ErrorFields {
  const root: ErrorFields = {};
  for (const fault of faults) {
    for (const path of fault.paths.length > 0 ? fault.paths : ['$']) {
      let node = root;
      const segments = ['data', ...pathSegments(path)];
      segments.forEach((segment, index) => {
        const last = index === segments.length - 1;
        const current = node[segment];
        if (last) {
          if (current === undefined) node[segment] = fault.message;
        } else {
          if (typeof current === 'string') return; // a message already stands here; keep it
          node = (node[segment] ??= {}) as ErrorFields;
        }
      });
    }
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
