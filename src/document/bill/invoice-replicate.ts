import { documentTypeOf, type DocumentType } from '../base/schemas';
import type { JsonObject } from '../base/types';

/**
 * What a copy may not keep, per document type: its identity (uuid and code) and its dates, which belong
 * to the document it was copied from. Types not listed (parties, items, messages...) are copied whole.
 */
const CLEARED: Partial<Record<DocumentType, string[]>> = {
  'bill/invoice': ['uuid', 'code', 'issue_date', 'issue_time', 'value_date', 'operation_date'],
  'bill/order': ['uuid', 'code', 'issue_date', 'issue_time', 'value_date', 'operation_date'],
  'bill/delivery': ['uuid', 'code', 'issue_date', 'issue_time', 'value_date'],
  'bill/payment': ['uuid', 'code', 'issue_date', 'issue_time', 'value_date'],
};

/**
 * A copy of a document to issue again or to use as a template: same parties, lines and terms, with the
 * fields that must change between documents removed, so that calculation gives it a new uuid and date.
 * Pure: `doc` is not modified.
 */
export function replicateDocument(doc: JsonObject): JsonObject {
  const copy = structuredClone(doc);
  const type = documentTypeOf(doc.$schema);
  for (const field of (type && CLEARED[type]) || []) delete copy[field];
  return copy;
}
