import { JsonText } from '../../domain/shared/json-text';

/**
 * The one mapping between GraphQL's names of a command's input and the domain's (the REST contract's): GraphQL
 * spells `previous_id` as `previousId`. A command's input is declared once, as the domain's TypeBox schema
 * (src/domain/create-entry.input.ts, update-entry.input.ts, entry-state-input.ts, webhook-input.ts); the GraphQL
 * input types name the same members through this mapping, and test/graphql/input-declarations.test.ts fails
 * when one is missing or differs.
 */

/** `previousId` → `previous_id`. */
export const domainNameOf = (graphqlName: string): string => graphqlName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** `previous_id` → `previousId`. */
export const graphqlNameOf = (domainName: string): string =>
  domainName.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** Relay's echo: in every mutation's input, never in a command's body. */
export const CLIENT_MUTATION_ID = 'clientMutationId';

export interface BodyOptions {
  /** GraphQL members that are not the body's: what the command applies to (`id`), or how (`expectedVersion`). */
  outside?: readonly string[];
  /** A member's value as the domain takes it, where GraphQL's differs (an enum's names). */
  values?: Readonly<Record<string, (value: never) => unknown>>;
}

/** The members of the body, by the domain's names, in the input's order; those left out or null are not. */
function* membersOf(input: object, options: BodyOptions): Generator<[string, unknown]> {
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined || value === null || name === CLIENT_MUTATION_ID || options.outside?.includes(name)) continue;
    const convert = options.values?.[name] as ((value: unknown) => unknown) | undefined;
    yield [domainNameOf(name), convert ? convert(value) : value];
  }
}

/** A GraphQL input as the command's body, with the domain's names. Null and absent members are left out: the domain reads null as absent. */
export function domainBodyOf<T = Record<string, unknown>>(input: object, options: BodyOptions = {}): T {
  const body: Record<string, unknown> = {};
  for (const [name, value] of membersOf(input, options)) body[name] = value;
  return body as T;
}

/**
 * The same body as JSON text, for a command run in the engine's threads: written once here, parsed once there,
 * with no body object made between.
 */
export function domainTextOf(input: object, options: BodyOptions = {}): JsonText {
  let text = '';
  for (const [name, value] of membersOf(input, options)) {
    const json = JSON.stringify(value);
    if (json !== undefined) text += `${text ? ',' : '{'}${JSON.stringify(name)}:${json}`;
  }
  return new JsonText(text ? `${text}}` : '{}');
}
