import { GraphQLError, GraphQLScalarType } from 'graphql';

/** What an upload is read as: a PDF (Factur-X, ZUGFeRD) when it says so or its bytes begin as one, else XML text. */
export type UploadKind = 'pdf' | 'xml';

const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * An upload's kind from what its part declares and its first bytes: `application/pdf`, or bytes that begin `%PDF-`,
 * is a PDF; anything else is taken as XML (a text that is not is refused as the `xml` string would be). Undefined
 * while too few bytes have come to tell.
 */
export function uploadKindOf(mimeType: string | undefined, head: Buffer, complete: boolean): UploadKind | undefined {
  if (mimeType?.split(';')[0].trim().toLowerCase() === 'application/pdf') return 'pdf';
  if (head.length < PDF_MAGIC.length && !complete) return undefined;
  return head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC) ? 'pdf' : 'xml';
}

/** A file of a multipart request (the GraphQL multipart request spec), read whole before the operation runs. */
export class UploadedFile {
  constructor(
    readonly bytes: Buffer,
    readonly kind: UploadKind,
    readonly filename?: string,
    readonly mimeType?: string,
  ) {}
}

const notInline = () =>
  new GraphQLError('Upload: send the file as a part of a multipart request (the GraphQL multipart request spec), not in the query text');

/**
 * `Upload`, the scalar of the GraphQL multipart request spec: a variable whose value is a file part of the request
 * (src/graphql/plumbing/multipart-operations.ts puts it in place). Coercing it again (graphql-js, then graphql-jit)
 * answers the same file; any other value, or a literal in the query, is refused.
 */
export const UploadScalar = new GraphQLScalarType<UploadedFile, never>({
  name: 'Upload',
  description:
    'A file sent as a part of a multipart/form-data request, as the GraphQL multipart request spec says (https://github.com/jaydenseric/graphql-multipart-request-spec); its variable is null in `operations`, and `map` names its part. The request needs an `Apollo-Require-Preflight` (or `X-Apollo-Operation-Name`) header.',
  parseValue(value) {
    if (value instanceof UploadedFile) return value;
    throw notInline();
  },
  parseLiteral() {
    throw notInline();
  },
  serialize() {
    throw new GraphQLError('Upload is an input only');
  },
});
