import type { Fault } from '../document';

/** A document written in a format, or why the format cannot express it validly (faults naming the GOBL path and the rule). */
export type FormatResult = { ok: true; text: string } | { ok: false; faults: Fault[] };

/**
 * A fault of a format's rules: `rule` is the rule's published id (`BR-10`, `BR-CO-25`), or a lower-case code of ours
 * (`format-tax`) where the format has no place for what the document says; `path` is the GOBL path.
 */
export const ruleFault = (rule: string, path: string, message: string): Fault => ({ code: rule, message, paths: [path] });
