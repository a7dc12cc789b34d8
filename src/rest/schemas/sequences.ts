import { Type } from '@sinclair/typebox';
import { DEFAULT_ENTRIES_LIMIT, DEFAULT_VERIFY_LIMIT, MAX_ENTRIES_LIMIT, MAX_VERIFY_LIMIT } from '../../domain/sequences/sequences.service';

export { CreateSeriesBody, CreateSeriesEntryBody } from '../../domain/sequences/sequence-input';

/** Series of codes and their entries (`/sequence/v1`); their bodies are the domain's (sequence-input.ts). */

const DATE_TIME = { format: 'date-time' } as const;
const WHOLE = { pattern: '^-?[0-9]+$', expected: 'a whole number' } as const;

export const SeriesSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    code: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    prefix: Type.String(),
    suffix: Type.String(),
    padding: Type.Integer(),
    start: Type.Integer({ description: 'The index of the first entry.' }),
    last_index: Type.Optional(Type.Integer({ description: 'The index of the last entry; absent while there is none.' })),
    last_entry_id: Type.Optional(Type.String({ format: 'uuid' })),
    created_at: Type.String(DATE_TIME),
    updated_at: Type.String(DATE_TIME),
  },
  { $id: 'Series', additionalProperties: false },
);

export const SeriesListSchema = Type.Object(
  { list: Type.Array(SeriesSchema, { description: 'Oldest first.' }) },
  { $id: 'SeriesList', additionalProperties: false },
);

export const SeriesEntrySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    series_id: Type.String({ format: 'uuid' }),
    index: Type.Integer({ description: "The entry's place in the series, from its `start`, without gaps." }),
    code: Type.String({ description: 'Prefix, the index padded with zeros, suffix.' }),
    previous_id: Type.Optional(Type.String({ format: 'uuid', description: 'The entry before it; absent for the first.' })),
    meta: Type.Optional(Type.Record(Type.String(), Type.String())),
    sigs: Type.Array(Type.String(), {
      description:
        "The service's compact JWS (ES256) over the series, id, index, code, time, previous id and the SHA-256 of the previous entry's signature, verifiable with GET /.well-known/jwks.json; then the one the client sent, if any.",
    }),
    created_at: Type.String(DATE_TIME),
    updated_at: Type.String(DATE_TIME),
  },
  { $id: 'SeriesEntry', additionalProperties: false },
);

export const SeriesEntryPageSchema = Type.Object(
  {
    list: Type.Array(SeriesEntrySchema, { description: 'Newest (highest index) first.' }),
    limit: Type.Integer(),
    cursor: Type.Optional(Type.String({ description: 'Gives the next page as `cursor`; absent on the last page.' })),
  },
  { $id: 'SeriesEntryPage', additionalProperties: false },
);

export const SeriesVerdictSchema = Type.Object(
  {
    valid: Type.Boolean({ description: 'True when every entry checked holds, and none is missing.' }),
    checked: Type.Integer({ description: 'Entries checked.' }),
    from: Type.Integer({ description: 'The index the check started at.' }),
    next_from: Type.Optional(Type.Integer({ description: 'The check stopped at its limit: go on from this index.' })),
    first_break: Type.Optional(
      Type.Object(
        {
          index: Type.Integer(),
          id: Type.Optional(Type.String({ format: 'uuid' })),
          reason: Type.String(),
        },
        { additionalProperties: false, description: 'The first entry at fault, or the first index missing, and why.' },
      ),
    ),
  },
  { $id: 'SeriesVerdict', additionalProperties: false },
);

export const SeriesParams = Type.Object({ id: Type.String({ description: "The series' UUID (any version)." }) });
export const SeriesEntriesParams = Type.Object({ series_id: Type.String({ description: "The series' UUID." }) });
export const SeriesEntryParams = Type.Object({
  series_id: Type.String({ description: "The series' UUID." }),
  id: Type.String({ description: "The entry's UUID (any version)." }),
});
export const SeriesEntriesQuery = Type.Object({
  limit: Type.Optional(Type.String({ ...WHOLE, description: `Page size, 1 to ${MAX_ENTRIES_LIMIT} (default ${DEFAULT_ENTRIES_LIMIT}).` })),
  cursor: Type.Optional(Type.String({ description: 'The `cursor` of the previous page.' })),
});
export const SeriesVerifyQuery = Type.Object({
  from: Type.Optional(Type.String({ ...WHOLE, description: "The index to start at (the series' start by default)." })),
  limit: Type.Optional(
    Type.String({ ...WHOLE, description: `Entries to check, 1 to ${MAX_VERIFY_LIMIT} (default ${DEFAULT_VERIFY_LIMIT}).` }),
  ),
});
