import { GraphQLJSON, GraphQLJSONObject, GraphQLUUID } from 'graphql-scalars';
import { Field, InputType } from 'type-graphql';
import { ClientMutationIdInputField } from '../node/relay-mutation.type';

/**
 * The create body (CreateEntryBody, src/domain/create-entry.input.ts, its one declaration) with GraphQL's names
 * (input-names.ts). No rules here: the body is handed to the entry service as its JSON text with the domain's
 * names (domainTextOf), so both APIs share every check and every error.
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

  @ClientMutationIdInputField()
  clientMutationId?: string | null;
}
