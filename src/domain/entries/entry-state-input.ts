import { Type } from '@sinclair/typebox';
import { STATE_KEYS } from './entry-states';

/**
 * The body of a new state of an entry (POST and PUT /silo/v1/entries/{entry_id}/states): the one declaration of
 * that command's input, shown by the OpenAPI description and checked by parseStateInput (entry-states.ts). GraphQL's
 * AddEntryStateInput names the same members (test/graphql/input-declarations.test.ts).
 */
export const StateBody = Type.Object(
  {
    key: Type.Union(
      STATE_KEYS.map((key) => Type.Literal(key)),
      { description: 'The state.' },
    ),
    notes: Type.Optional(Type.String()),
    meta: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { $id: 'CreateState', description: "A state of an entry; the newest state is the entry's `state`." },
);
