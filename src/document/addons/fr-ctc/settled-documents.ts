import type { Fault, JsonObject } from '../../base/types';
import { obj, objects, present } from '../../rules/values';

/** The fault of each part a payment line's settled document lacks, by the path it is missing at. */
export interface SettledDocumentFaults {
  document: (at: string) => Fault;
  code: (at: string) => Fault;
  issueDate: (at: string) => Fault;
}

/** Each line of a payment names the document it settles, with that document's code and issue date (flows 6 and 10). */
export function settledDocumentFaults(doc: JsonObject, path: string, faults: SettledDocumentFaults): Fault[] {
  const out: Fault[] = [];
  objects(doc, 'lines').forEach((line, i) => {
    const at = `${path}.lines[${i}].document`;
    const ref = obj(line, 'document');
    if (!ref) out.push(faults.document(at));
    else {
      if (!present(ref, 'code')) out.push(faults.code(`${at}.code`));
      if (!present(ref, 'issue_date')) out.push(faults.issueDate(`${at}.issue_date`));
    }
  });
  return out;
}
