import type { CombinedError } from 'urql';

/**
 * What the service said of each member of a form's input: the domain's `fields` (`{"padding": "must be an integer
 * from 0 to 20"}`), or the member GraphQL itself could not take (`… at "input.padding"; Int cannot represent …`).
 */
export function fieldErrorsOf(error: CombinedError): Record<string, string> {
  const first = error.graphQLErrors[0];
  const found: Record<string, string> = {};
  const fields = first?.extensions?.fields;
  if (typeof fields === 'object' && fields !== null)
    for (const [name, said] of Object.entries(fields)) if (typeof said === 'string') found[name] = said;
  const coerced = first ? /at "input\.(\w+)"[^;]*;\s*(.+)$/s.exec(first.message) : null;
  if (coerced && !(coerced[1] in found)) found[coerced[1]] = coerced[2];
  return found;
}
