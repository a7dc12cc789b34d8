import { Type, type Static } from '@sinclair/typebox';
import { anyObjectSchema, compileShape, readShaped, uuidSchema } from '../shared/shape-check';

/** The body of `POST /transform/v1/jobs` and `PUT /transform/v1/jobs/{id}`: the one declaration of a job's input. */
export const MAX_JOB_ARGS = 32;
export const MAX_JOB_TAGS = 16;

export const CreateJobBody = Type.Object(
  {
    workflow_id: uuidSchema('The workflow to run.'),
    silo_entry_id: Type.Optional(uuidSchema('The entry to run it over.')),
    data: Type.Optional(anyObjectSchema('A GOBL envelope or document: created as an entry first, when no `silo_entry_id` is given.')),
    key: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description: 'The same key again answers the same job.',
        expected: 'a string of 1 to 255 characters',
      }),
    ),
    args: Type.Optional(
      Type.Record(Type.String({ maxLength: 64 }), Type.String(), {
        maxProperties: MAX_JOB_ARGS,
        description: `Arguments for the steps: at most ${MAX_JOB_ARGS} string values; a file as a \`data:\` URI (the request body's limit bounds them).`,
        expected: `an object of at most ${MAX_JOB_ARGS} string values`,
      }),
    ),
    tags: Type.Optional(
      Type.Array(Type.String({ maxLength: 64 }), {
        maxItems: MAX_JOB_TAGS,
        description: 'Tags of your own.',
        expected: `at most ${MAX_JOB_TAGS} strings`,
      }),
    ),
  },
  { $id: 'CreateJobBody', additionalProperties: false },
);

export type NewJob = Static<typeof CreateJobBody>;
const NEW_JOB = compileShape(CreateJobBody);

/** A job's body checked against CreateJobBody (400 `input` when it does not fit). */
export const readNewJob = (body: unknown): NewJob => readShaped<NewJob>(NEW_JOB, body);
