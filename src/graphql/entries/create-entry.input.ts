import { GraphQLJSON, GraphQLJSONObject, GraphQLUUID } from 'graphql-scalars';
import { Field, InputType } from 'type-graphql';

/**
 * The REST create body in camelCase. No rules here: the body is handed to the entry service in its
 * REST shape (see restBodyOf), so both APIs share every check and every error.
 */
@InputType('CreateEntryInput')
export class CreateEntryInput {
  @Field(() => GraphQLJSON, {
    nullable: true,
    description: 'A complete envelope or a partial document; a JSON patch (an array) with contentType application/json-patch+json.',
  })
  data?: unknown;

  @Field(() => String, { nullable: true, description: 'Idempotency key, unique within the workspace.' })
  key?: string | null;

  @Field(() => String, { nullable: true, description: 'Folder; chosen from the document schema when empty.' })
  folder?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'application/json (default), application/json-patch+json or application/merge-patch+json.',
  })
  contentType?: string | null;

  @Field(() => GraphQLUUID, { nullable: true, description: 'An earlier entry to base this one on.' })
  previousId?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Correction options, with previousId.' })
  correct?: Record<string, unknown> | null;

  @Field(() => Boolean, { nullable: true, description: 'Store the entry even when its contents are invalid.' })
  allowInvalid?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Sign the envelope.' })
  sign?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Relay: echoed in the payload.' })
  clientMutationId?: string | null;
}

/** The same request as a REST body (contract names), with the fields the client left out omitted. */
export function restBodyOf(input: CreateEntryInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    data: input.data,
    key: input.key,
    folder: input.folder,
    content_type: input.contentType,
    previous_id: input.previousId,
    correct: input.correct,
    allow_invalid: input.allowInvalid,
    sign: input.sign,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}
