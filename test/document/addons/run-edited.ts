import { processDocument } from '../../../src/document';
import type { Fault, JsonObject, ProcessContext } from '../../../src/document/base/types';

/**
 * A runner for addon tests: processes a fresh document from `base` after `edit`, and returns the document and
 * its faults as sorted "CODE path,path" lines (a refusal throws, with the engine's message).
 */
export function editedRunner(ctx: ProcessContext, defaultBase: () => JsonObject) {
  return (edit: (doc: JsonObject) => void = () => {}, base: () => JsonObject = defaultBase) => {
    const doc = base();
    edit(doc);
    const out = processDocument(doc, ctx);
    if (!out.ok) throw new Error(out.message);
    return { doc: out.envelope.doc, faults: out.faults.map((f: Fault) => `${f.code} ${f.paths.join(',')}`).sort() };
  };
}
