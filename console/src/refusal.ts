import type { CombinedError } from 'urql';
import type { EntryFault } from './view/fault-places';

/** What the service said when it refused a document: its message, and each fault with the paths it points at. */
export interface Refusal {
  key: string;
  message: string;
  faults: EntryFault[];
}

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
function faultsOfFields(fields: unknown, key: string, path = ''): EntryFault[] {
  if (typeof fields === 'string') return [{ code: key, message: fields, paths: [path] }];
  if (typeof fields !== 'object' || fields === null) return [];
  return Object.entries(fields).flatMap(([name, inner]) => {
    const next = path === '' ? (name === 'data' ? '$' : name) : /^\d+$/.test(name) ? `${path}[${name}]` : `${path}.${name}`;
    return faultsOfFields(inner, key, next);
  });
}

/** A REST error body, or GraphQL's `extensions` (which carry the same key, fields and faults), as a refusal. */
export function refusalOf(body: ErrorBody | undefined, fallback: string): Refusal {
  const key = body?.key ?? 'error';
  const faults = body?.faults && body.faults.length > 0 ? body.faults : faultsOfFields(body?.fields, key);
  return { key, message: body?.message ?? fallback, faults };
}

/** urql's error (the first GraphQL error, or the network's) as a refusal. */
export function refusalOfGraphQL(error: CombinedError): Refusal {
  const first = error.graphQLErrors[0];
  if (!first) return { key: 'network', message: error.message, faults: [] };
  return refusalOf({ ...(first.extensions as ErrorBody), message: first.message }, first.message);
}
