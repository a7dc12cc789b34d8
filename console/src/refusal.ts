import type { CombinedError } from 'urql';
import type { EntryFault } from './view/fault-places';

/** What the service said when it refused a document: its message, and each fault with the paths it points at. */
export interface Refusal {
  key: string;
  message: string;
  faults: EntryFault[];
}

/** What the service said of a failed GraphQL request: its first error's message, else the client's own. */
export const messageOf = (error: CombinedError): string => error.graphQLErrors[0]?.message ?? error.message;

interface ErrorBody {
  key?: string;
  message?: string;
  fields?: unknown;
  faults?: EntryFault[];
}

/**
 * `fields` as faults: `{"data": {"doc": {"lines": {"0": {"price": "..."}}}}}` gives the path
 * `$.doc.lines[0].price`, as the engine's faults write it. Members beside `data` (`key`, `folder`) keep their name.
 */
function faultsOfFields(fields: unknown, key: string, sentDocument: boolean, path = ''): EntryFault[] {
  if (typeof fields === 'string') {
    // A value the engine could not read is named in the message, by its path in the data as sent.
    const named = path === '$' ? /^(\$[^\s:]*): (.+)$/s.exec(fields) : null;
    if (named) return [{ code: key, message: named[2], paths: [sentDocument ? named[1].replace(/^\$/, '$.doc') : named[1]] }];
    return [{ code: key, message: fields, paths: [path] }];
  }
  if (typeof fields !== 'object' || fields === null) return [];
  return Object.entries(fields).flatMap(([name, inner]) => {
    const next = path === '' ? (name === 'data' ? '$' : name) : /^\d+$/.test(name) ? `${path}[${name}]` : `${path}.${name}`;
    return faultsOfFields(inner, key, sentDocument, next);
  });
}

/**
 * A REST error body, or GraphQL's `extensions` (which carry the same key, fields and faults), as a refusal.
 * `sentDocument`: the data sent was a bare document, so paths into it are written as paths into its envelope.
 */
export function refusalOf(body: ErrorBody | undefined, fallback: string, sentDocument = false): Refusal {
  const key = body?.key ?? 'error';
  const faults = body?.faults && body.faults.length > 0 ? body.faults : faultsOfFields(body?.fields, key, sentDocument);
  return { key, message: body?.message ?? fallback, faults };
}

/** urql's error (the first GraphQL error, or the network's) as a refusal. */
export function refusalOfGraphQL(error: CombinedError, sentDocument = false): Refusal {
  const first = error.graphQLErrors[0];
  if (!first) return { key: 'network', message: error.message, faults: [] };
  return refusalOf({ ...(first.extensions as ErrorBody), message: first.message }, first.message, sentDocument);
}
