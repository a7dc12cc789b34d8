import { Field } from 'type-graphql';

/** Relay's `clientMutationId` of a mutation's input: any text, given back in the payload. */
export function ClientMutationIdInputField(): PropertyDecorator {
  return Field(() => String, { nullable: true, description: 'Relay: echoed in the payload.' });
}

/** Relay's `clientMutationId` of a mutation's payload: the input's, given back. */
export function ClientMutationIdField(): PropertyDecorator {
  return Field(() => String, { nullable: true });
}
