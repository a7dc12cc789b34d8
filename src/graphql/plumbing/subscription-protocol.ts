import type { GraphQLError } from 'graphql';
import type { Credentials } from '../../http/authentication';
import { formatError } from './format-error';

/** What the graphql-ws side says and reads beside the operations: close reasons, credentials, errors. */

/** A close reason within the 123 bytes a close frame holds. */
export const reasonOf = (text: string) =>
  Buffer.byteLength(text) <= 123
    ? text
    : `${Buffer.from(text)
        .subarray(0, 120)
        .toString()
        .replace(/\uFFFD+$/, '')}...`;

/** The credentials of connection_init's payload: `{ authorization: "Bearer …" }` (any case of the key), or `{ token }`. */
export function credentialsOf(params: Record<string, unknown> | undefined): Credentials {
  const key = Object.keys(params ?? {}).find((name) => name.toLowerCase() === 'authorization');
  if (key !== undefined) {
    const value = params![key];
    return { authorization: typeof value === 'string' ? value : value === undefined || value === null ? undefined : String(value) };
  }
  return { token: params?.token };
}

/** Formats each error as Apollo's answers do: one domain error mapping for both transports (`http` is Apollo's, never sent). */
export const formatted = (errors: readonly GraphQLError[]) =>
  errors.map((error) => {
    const shown = formatError(error.toJSON(), error);
    if (shown.extensions?.http === undefined) return shown;
    const { http: _http, ...extensions } = shown.extensions;
    return { ...shown, extensions };
  });
