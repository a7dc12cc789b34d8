import { Field, InputType } from 'type-graphql';
import { ClientMutationIdInputField } from '../node/relay-mutation.type';
import { UploadScalar, type UploadedFile } from '../plumbing/upload.scalar';

/**
 * A received e-invoice to store as an entry, as POST /silo/v1/entries takes it with an XML or PDF body and its query:
 * the XML as a string, or the XML or PDF as an upload (the GraphQL multipart request spec).
 */
@InputType('ImportDocumentInput')
export class ImportDocumentInput {
  @Field(() => String, {
    nullable: true,
    description:
      'The XML text: a UBL 2.1 Invoice or CreditNote, or a CII D16B CrossIndustryInvoice, of any EN 16931 CIUS. Give it, or `file`, not both.',
  })
  xml?: string | null;

  @Field(() => UploadScalar, {
    nullable: true,
    description:
      'The e-invoice as an upload (a multipart request, with an `Apollo-Require-Preflight` header): XML as `xml` takes it, at most BODY_LIMIT, or a Factur-X / ZUGFeRD PDF (sent as `application/pdf`, or bytes that begin `%PDF-`), at most FILE_SIZE_LIMIT, the invoice it carries read. Give it, or `xml`, not both.',
  })
  file?: UploadedFile | null;

  @Field(() => String, { nullable: true, description: 'Idempotency key, unique within the workspace.' })
  key?: string | null;

  @Field(() => String, { nullable: true, description: 'Folder; chosen from the document schema when empty.' })
  folder?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Store the document even when GOBL finds faults.' })
  allowInvalid?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: "The source file's name; the invoice's series and code, .xml or .pdf, by default.",
  })
  name?: string | null;

  @ClientMutationIdInputField()
  clientMutationId?: string | null;
}
