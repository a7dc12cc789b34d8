import type { Fault } from '../base/types';
import { faultMessage } from './catalogue';

/** A fault at one path; the message comes from the catalogue unless one is given. */
export function fault(code: string, path: string, message = faultMessage(code)): Fault {
  return { code, message, paths: [path] };
}

/** Builds faults for one addon, with their own messages: `f('04', ...)` gives `GOBL-ES-VERIFACTU-BILL-INVOICE-04`. */
export function faultMaker(prefix: string) {
  return (code: string, message: string, path: string): Fault => fault(`${prefix}-${code}`, path, message);
}

/** Joins a field name onto a JSON path: `$.doc` + `supplier` → `$.doc.supplier`. */
export function at(path: string, field: string | number): string {
  return typeof field === 'number' ? `${path}[${field}]` : `${path}.${field}`;
}

/**
 * Merges faults sharing a code and message into one with all their paths, keeping first-seen order (as GOBL does).
 * Each merged fault keeps a set of its paths, so merging stays linear however many faults share a code.
 */
export function mergeFaults(faults: Fault[]): Fault[] {
  const out: Fault[] = [];
  const seen = new Map<string, { fault: Fault; paths: Set<string> }>();
  for (const f of faults) {
    const key = `${f.code}\u0000${f.message}`;
    const prev = seen.get(key);
    if (prev) {
      for (const p of f.paths) {
        if (prev.paths.has(p)) continue;
        prev.paths.add(p);
        prev.fault.paths.push(p);
      }
    } else {
      const copy = { code: f.code, message: f.message, paths: [...f.paths] };
      seen.set(key, { fault: copy, paths: new Set(copy.paths) });
      out.push(copy);
    }
  }
  return out;
}
