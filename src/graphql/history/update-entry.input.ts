import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType } from 'type-graphql';
import { ClientMutationIdInputField } from '../node/relay-mutation.type';

/**
 * The update body (UpdateEntryBody, src/domain/update-entry.input.ts, its one declaration) with GraphQL's names
 * (input-names.ts), with the entry's id and the version the change is made from. No rules here: the domain checks it.
 */
/** UpdateEntryInput's members that are not the body's: REST's path and If-Match. */
export const UPDATE_ENTRY_OUTSIDE = ['id', 'expectedVersion'] as const;

@InputType('UpdateEntryInput')
export class UpdateEntryInput {
  @Field(() => ID, { description: 'The entry to change.' })
  id: string;

  @Field(() => GraphQLJSON, {
    nullable: true,
    description: 'The new envelope or document; or a patch of the current envelope, as contentType says.',
  })
  data?: unknown;

  @Field(() => String, {
    nullable: true,
    description: 'application/json (default: data replaces), application/json-patch+json or application/merge-patch+json.',
  })
  contentType?: string | null;

  @Field(() => String, { nullable: true, description: 'Move the entry to this folder.' })
  folder?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Store the new version even when its contents are invalid.' })
  allowInvalid?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Sign the envelope (a new version).' })
  sign?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: 'The version the change is made from (REST If-Match): CONFLICT when the entry is no longer at it.',
  })
  expectedVersion?: string | null;

  @ClientMutationIdInputField()
  clientMutationId?: string | null;
}

/** A state's body (StateBody, src/domain/entry-state-input.ts) with GraphQL's names, with the entry's id and the state's moment (REST's path). */
/** AddEntryStateInput's members that are not the body's: REST's path. */
export const ADD_ENTRY_STATE_OUTSIDE = ['entryId', 'at'] as const;

@InputType('AddEntryStateInput')
export class AddEntryStateInput {
  @Field(() => ID)
  entryId: string;

  @Field(() => String, {
    description: 'The state: processing, sent, error, registered, completed, received, rejected, paid, void, draft or invalid.',
  })
  key: string;

  @Field(() => String, { nullable: true })
  notes?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'String values.' })
  meta?: Record<string, unknown> | null;

  @Field(() => String, {
    nullable: true,
    description: 'When the state holds from (RFC 3339 with milliseconds), replacing a state there; now when absent.',
  })
  at?: string | null;

  @ClientMutationIdInputField()
  clientMutationId?: string | null;
}
