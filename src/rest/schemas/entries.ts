import { Type } from '@sinclair/typebox';
import { DigestSchema, FaultSchema } from './common';
import { MetaSchema } from './entry-parts';
import { AttachmentSchema } from './files';
import { uuidSchema } from '../../domain/shared/shape-check';
import { anyObjectSchema } from '../../domain/shared/shape-check';

export { CreateEntryBody } from '../../domain/entries/model/create-entry.input';
export { UpdateEntryBody } from '../../domain/entries/model/update-entry.input';

/** Entries as REST shows them (one, a page, search hits) and the queries and parameters that find them. */

const DATE_TIME = { format: 'date-time' } as const;
const uuid = uuidSchema;
const anyObject = (description: string) => anyObjectSchema(description);

export const EntrySignatureSchema = Type.Object(
  {
    verified: Type.Boolean({ description: 'True when every signature verified with a key the service knows.' }),
    sigs: Type.Array(
      Type.Object(
        {
          kid: Type.Optional(Type.String({ description: 'The key the signature names.' })),
          by: Type.Union([Type.Literal('workspace'), Type.Literal('service'), Type.Literal('trusted'), Type.Literal('unknown')], {
            description:
              '`workspace`: the service key, for this workspace; `service`: the service key, for another workspace; `trusted`: a key of SIGNING_TRUSTED_KEYS; `unknown`: a key the service does not know.',
          }),
          verified: Type.Boolean(),
          problem: Type.Optional(Type.String({ description: 'Why the signature could not be verified.' })),
        },
        { additionalProperties: false },
      ),
      { description: 'One check per signature of the envelope, in the order of its `sigs`.' },
    ),
  },
  {
    $id: 'EntrySignature',
    additionalProperties: false,
    description: "What was verified of a signed envelope's signatures when it was stored.",
  },
);

export const EntryVersionSchema = Type.Object(
  {
    version: Type.String({
      description: 'Content-derived: the first 10 hexadecimal characters of the SHA-256 of the stored envelope.',
      examples: ['76f845c125'],
    }),
    at: Type.String({ ...DATE_TIME, description: 'When the version was made.' }),
    invalid: Type.Boolean(),
    signed: Type.Boolean(),
    src: Type.String({ description: "What made it: `api`, or `transform` for a job's step." }),
    src_id: Type.Optional(Type.String({ format: 'uuid', description: 'With `transform`: the intent of the job step that made it.' })),
  },
  { $id: 'EntryVersion', additionalProperties: false },
);

/** A party of an invoice's snippet: the hosted API's `OrgParty` (its Go client's `snippets.OrgParty`). */
const SnippetPartySchema = Type.Object(
  {
    uuid: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    alias: Type.Optional(Type.String()),
    country: Type.Optional(Type.String({ description: "The country of the party's tax id.", examples: ['ES'] })),
    tax_code: Type.Optional(Type.String({ description: "The code of the party's tax id.", examples: ['B98602642'] })),
  },
  { additionalProperties: true, description: 'A party of the invoice; absent members are left out.' },
);

const SnippetSchema = Type.Object(
  { title: Type.String(), supplier: Type.Optional(SnippetPartySchema), customer: Type.Optional(SnippetPartySchema) },
  {
    additionalProperties: true,
    description:
      "An excerpt of the document, by its type: an invoice's numbering, date, parties and totals; a party's name and tax id; a message's title.",
  },
);

const entryFields = {
  id: Type.String({ description: "The envelope's UUID." }),
  key: Type.Optional(Type.String({ description: 'The idempotency key given at creation.' })),
  folder: Type.String(),
  doc_schema: Type.String(),
  env_schema: Type.String(),
  state: Type.Optional(Type.String()),
  draft: Type.Boolean(),
  signed: Type.Boolean(),
  signature: Type.Optional(EntrySignatureSchema),
  invalid: Type.Boolean(),
  digest: DigestSchema,
  snippet: SnippetSchema,
  tags: Type.Array(Type.String()),
  attachments: Type.Array(AttachmentSchema),
  meta: Type.Array(MetaSchema),
  faults: Type.Array(FaultSchema),
  created_at: Type.String(DATE_TIME),
  updated_at: Type.String(DATE_TIME),
  version: Type.Optional(Type.String({ description: 'The current version of the envelope.' })),
  versions: Type.Optional(Type.Array(EntryVersionSchema, { description: 'The versions of the envelope, newest first: the newest 100.' })),
  context: Type.Optional(
    Type.String({
      description:
        'In a related list: how the entry is related to the UUID asked for (`preceding`, `lines.document`, `previous` or `uuid`).',
    }),
  ),
};

export const EntrySchema = Type.Object(
  { ...entryFields, data: anyObject('The GOBL envelope.') },
  { $id: 'Entry', additionalProperties: false, description: 'An entry with its envelope.' },
);

export const EntrySummarySchema = Type.Object(entryFields, {
  $id: 'EntrySummary',
  additionalProperties: false,
  description: 'An entry as listed: no `data`.',
});

export const EntryPageSchema = Type.Object(
  {
    list: Type.Array(EntrySummarySchema),
    limit: Type.Integer(),
    cursor: Type.Optional(Type.String()),
    next_cursor: Type.Optional(Type.String({ description: 'Present when there are more entries: pass it as `cursor`.' })),
    folder: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    created_at: Type.Optional(Type.String(DATE_TIME)),
  },
  { $id: 'EntryPage', additionalProperties: false },
);

export const SearchQuery = Type.Object({
  q: Type.String({
    description:
      'The words to look for (at most 256 characters, 16 words), in any order: an entry matches when it has every one; a word ending in `*` matches the words it begins.',
  }),
  folder: Type.Optional(Type.String({ description: 'Only entries of this folder.' })),
  limit: Type.Optional(
    Type.String({ pattern: '^-?[0-9]+$', description: 'Page size, 1 to 100 (default 20).', expected: 'a whole number' }),
  ),
  offset: Type.Optional(
    Type.String({
      pattern: '^-?[0-9]+$',
      description: 'Matches to skip (default 0); offset + limit is at most 1000.',
      expected: 'a whole number',
    }),
  ),
});

export const SearchPageSchema = Type.Object(
  {
    query: Type.String({ description: 'The query, as given.' }),
    folder: Type.Optional(Type.String()),
    limit: Type.Integer(),
    offset: Type.Integer(),
    list: Type.Array(EntrySummarySchema, { description: 'The matching entries, best match first.' }),
  },
  { $id: 'SearchPage', additionalProperties: false },
);

export const ListEntriesQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'Page size, 1 to 100 (default 20).' })),
  cursor: Type.Optional(Type.String({ description: 'The `next_cursor` of the previous page.' })),
  folder: Type.Optional(Type.String()),
  state: Type.Optional(Type.String({ description: 'Only entries whose latest state has this key (an extension of this service).' })),
  created_at: Type.Optional(
    Type.String({ description: 'Only entries created at or before this time (RFC 3339); at or after it with `ascending`.' }),
  ),
  ascending: Type.Optional(
    Type.Boolean({ description: 'Oldest first instead of newest first. A cursor continues only the order it was made in.' }),
  ),
  order_by: Type.Optional(
    Type.Union([Type.Literal('created_at'), Type.Literal('amount')], {
      description:
        "What the list is ordered by: `created_at` (the default) or `amount`, the document's payable total (`totals.payable` of invoices, orders and " +
        'deliveries; `total` of payments), highest first (lowest with `ascending`), entries without one last, ties by id. Amounts are compared as numbers ' +
        'whatever the currency. Not with `created_at`. A cursor continues only the order it was made in.',
    }),
  ),
});

const relatedQuery = {
  context: Type.Optional(
    Type.String({ description: 'Only entries related this way: `preceding`, `lines.document`, `previous` or `uuid`.' }),
  ),
  created_at: Type.Optional(
    Type.String({ description: 'Only entries created at or before this time (RFC 3339); at or after it with `ascending`.' }),
  ),
  cursor: Type.Optional(Type.String({ description: 'The `next_cursor` of the previous page of this related list.' })),
  limit: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'Page size, 1 to 100 (default 20).' })),
  ascending: Type.Optional(Type.Boolean({ description: 'Oldest first instead of newest first.' })),
};

export const RelatedEntriesQuery = Type.Object({
  uuid: uuid('The UUID of the document whose related entries are listed.'),
  ...relatedQuery,
});

export const EntryRelatedQuery = Type.Object({
  uuid: Type.Optional(uuid("When given, the same UUID as the path's id.")),
  ...relatedQuery,
});

export const EntryIdParams = Type.Object({ id: Type.String({ description: "The entry's UUID." }) });
export const EntryKeyParams = Type.Object({ key: Type.String({ description: "The entry's idempotency key." }) });
