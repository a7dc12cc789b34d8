import { documentTypeOf, type Envelope, type JsonObject } from '../../../document';
import type { Snippet } from './entry';
import type { SnippetParty } from './snippet-party';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const object = (value: unknown): JsonObject | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;

/** Drops undefined members so that snippets stay small and JSON-stable. */
function compact<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T;
}

/** A party of an invoice as its snippet shows it: the hosted API's `OrgParty`, its tax id split into country and code. */
function partySummary(party: JsonObject | undefined): SnippetParty | undefined {
  if (!party) return undefined;
  const taxId = object(party.tax_id);
  return compact({
    uuid: text(party.uuid),
    name: text(party.name),
    alias: text(party.alias),
    country: text(taxId?.country),
    tax_code: text(taxId?.code),
  });
}

/** "SAMPLE-001" or "F-001" from series and code; undefined when there is no code yet. */
function numbering(doc: JsonObject): string | undefined {
  const code = text(doc.code);
  if (!code) return undefined;
  const series = text(doc.series);
  return series ? `${series}-${code}` : code;
}

function invoiceSnippet(doc: JsonObject): Snippet {
  const totals = object(doc.totals);
  const preceding = Array.isArray(doc.preceding) ? object(doc.preceding[0]) : undefined;
  return compact({
    title: numbering(doc) ?? text(doc.type) ?? 'invoice',
    uuid: text(doc.uuid),
    type: text(doc.type),
    series: text(doc.series),
    code: text(doc.code),
    currency: text(doc.currency),
    issue_date: text(doc.issue_date),
    supplier: partySummary(object(doc.supplier)),
    customer: partySummary(object(doc.customer)),
    total: text(totals?.total),
    tax: text(totals?.tax),
    total_with_tax: text(totals?.total_with_tax),
    payable: text(totals?.payable),
    p_series: text(preceding?.series),
    p_code: text(preceding?.code),
    p_uuid: text(preceding?.uuid),
  });
}

/** A party: its title, then the same members as an invoice's parties. */
function partySnippet(doc: JsonObject): Snippet {
  return { title: text(doc.name) ?? text(doc.alias) ?? 'party', ...partySummary(doc) };
}

const TITLE_LENGTH = 80;

function messageSnippet(doc: JsonObject): Snippet {
  const content = text(doc.content)?.trim();
  const start = content && content.length > TITLE_LENGTH ? `${content.slice(0, TITLE_LENGTH - 1)}…` : content;
  return compact({ title: text(doc.title) ?? start ?? 'message', uuid: text(doc.uuid) });
}

/** The excerpt stored with an entry, chosen by the document's schema. */
export function buildSnippet(envelope: Envelope): Snippet {
  const doc = envelope.doc;
  const type = documentTypeOf(doc.$schema);
  switch (type) {
    case 'bill/invoice':
      return invoiceSnippet(doc);
    case 'org/party':
      return partySnippet(doc);
    case 'note/message':
      return messageSnippet(doc);
    default:
      return { title: numbering(doc) ?? text(doc.name) ?? type ?? 'document' };
  }
}
