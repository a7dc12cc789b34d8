import type { Fault, ProcessResult } from '../../document';
import type { EntryFault } from '../entries/model/entry';
import { DomainError, type ErrorFields } from '../shared/errors';

export const FAULT_PROVIDER = 'gobl';

/** A fault whose rules are not GOBL's own: a format's (`ubl`), named by its `provider`. */
export type ProvidedFault = Fault & { provider?: string };

/** Faults as an entry keeps them: each fault's provider (whose rules they are), GOBL's where it names none. */
export const toEntryFaults = (faults: ProvidedFault[]): EntryFault[] =>
  faults.map((f) => ({ provider: f.provider ?? FAULT_PROVIDER, code: f.code, message: f.message, paths: f.paths }));

/**
 * The error for a document the engine refused outright. A value that cannot be read as its field's type is
 * the client's input (400 `input`, the message under `data`); the other refusals keep the engine's key.
 */
export function engineRefusal(result: Extract<ProcessResult, { ok: false }>): DomainError {
  if (result.error === 'input') return new DomainError('input', result.message, { fields: { data: result.message } });
  return new DomainError(result.error, result.message, { faults: toEntryFaults(result.faults) });
}

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

/**
 * How much of a refused document's faults the error spells out: a document of a hundred thousand empty
 * lines has as many fault paths, and its 422 need not be larger than the document was.
 */
export const ERROR_DETAIL_LIMITS = { paths: 1000, summary: 20 };

/** Nests fault messages under the request property `data`, down to the field at fault (the first paths only). */
export function faultFields(faults: Fault[], maxPaths = Number.POSITIVE_INFINITY): ErrorFields {
  const root: ErrorFields = {};
  let placed = 0;
  for (const fault of faults) {
    for (const path of fault.paths.length > 0 ? fault.paths : ['$']) {
      if (placed++ >= maxPaths) return root;
      placeMessage(root, ['data', ...pathSegments(path)], fault.message);
    }
  }
  return root;
}

/** A readable summary: `supplier.name: is required; lines.0.item: ...`, with how many more past `max`. */
export function faultSummary(faults: Fault[], max = Number.POSITIVE_INFINITY): string {
  const shown = faults.slice(0, max).map((f) => {
    const where = f.paths[0]
      ? pathSegments(f.paths[0])
          .filter((s, i) => !(i === 0 && s === 'doc'))
          .join('.')
      : '';
    return where ? `${where}: ${f.message}` : f.message;
  });
  if (faults.length > shown.length) shown.push(`and ${faults.length - shown.length} more`);
  return shown.join('; ');
}

/** The 422 for a document with faults; each fault names at most ERROR_DETAIL_LIMITS.paths paths, and says how many it had. */
export function validationError(faults: ProvidedFault[]): DomainError {
  const { paths: maxPaths, summary } = ERROR_DETAIL_LIMITS;
  return new DomainError('validation', faultSummary(faults, summary) || 'the document is not valid', {
    fields: faultFields(faults, maxPaths),
    faults: toEntryFaults(faults).map((f) =>
      f.paths.length > maxPaths
        ? {
            ...f,
            paths: f.paths.slice(0, maxPaths),
            message: `${f.message} (at ${f.paths.length} paths; the first ${maxPaths} are listed)`,
          }
        : f,
    ),
  });
}
