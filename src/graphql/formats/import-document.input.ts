import { Field, InputType } from 'type-graphql';
import { ClientMutationIdInputField } from '../node/relay-mutation.type';

/** A received e-invoice to store as an entry, as POST /silo/v1/entries takes it with an XML body and its query. */
@InputType('ImportDocumentInput')
export class ImportDocumentInput {
  @Field(() => String, {
    description: 'The XML text: a UBL 2.1 Invoice or CreditNote, or a CII D16B CrossIndustryInvoice, of any EN 16931 CIUS.',
  })
  xml: string;

  @Field(() => String, { nullable: true, description: 'Idempotency key, unique within the workspace.' })
  key?: string | null;

  @Field(() => String, { nullable: true, description: 'Folder; chosen from the document schema when empty.' })
  folder?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Store the document even when GOBL finds faults.' })
  allowInvalid?: boolean | null;

  @Field(() => String, { nullable: true, description: "The source file's name; the invoice's series and code, .xml, by default." })
  name?: string | null;

  @ClientMutationIdInputField()
  clientMutationId?: string | null;
}
