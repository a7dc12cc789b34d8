import { Type } from '@sinclair/typebox';
import { documentSchemaOf } from '../domain/documents/document-schemas';
import { type ApiRoute } from './route-table';

const DocumentTypeParams = Type.Object({
  package: Type.String({ description: "GOBL's package of the type: `bill`, `org`, `note`, `tax`." }),
  name: Type.String({ description: 'The type in its package: `invoice`, `party`, `message`...' }),
});

const DocumentTypeSchema = Type.Object(
  { $schema: Type.String(), definitions: Type.Record(Type.String(), Type.Unknown()) },
  { additionalProperties: true, description: 'A JSON Schema (draft-07) of the type, each object type it uses a definition.' },
);

/** `/silo/v1/gobl/schemas/{package}/{name}`: what a form of a document type is generated from. */
export const goblSchemasRoutes: ApiRoute[] = [
  {
    method: 'get',
    path: '/silo/v1/gobl/schemas/{package}/{name}',
    auth: 'token',
    operationId: 'documentSchema',
    tag: 'gobl',
    summary:
      'The JSON Schema of a document type (bill/invoice, bill/order, bill/delivery, bill/payment, bill/status, org/party, org/item, note/message, tax/identity).',
    params: DocumentTypeParams,
    answers: { 200: { description: "The type's JSON Schema; fields GOBL calculates are `readOnly`.", schema: DocumentTypeSchema } },
    refusals: [401, 404],
    handler: () => (req, res) => {
      res.json(documentSchemaOf(`${req.params.package}/${req.params.name}`));
    },
  },
];
