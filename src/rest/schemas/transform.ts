import { Type } from '@sinclair/typebox';
import { DEFAULT_JOBS_LIMIT, MAX_JOBS_LIMIT } from '../../domain/workflows/jobs.service';
import { DEFAULT_WORKFLOWS_LIMIT, MAX_WORKFLOWS_LIMIT } from '../../domain/workflows/workflows.service';
import { MAX_JOB_WAIT_SECONDS } from '../../domain/workflows/job';
import { FileSchema } from './files';

export { CreateWorkflowBody, UpdateWorkflowBody } from '../../domain/workflows/workflow-input';
export { CreateJobBody } from '../../domain/workflows/job-input';

/** Workflows and jobs (`/transform/v1`); their bodies are the domain's (workflow-input.ts, job-input.ts). */

const DATE_TIME = { format: 'date-time' } as const;
const WHOLE = { pattern: '^-?[0-9]+$', expected: 'a whole number' } as const;

const StepAnswer = Type.Object(
  {},
  { additionalProperties: true, description: 'A step: `id`, `name`, `provider` and `action` (the same), `config`, `next`.' },
);

export const WorkflowSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    description: Type.Optional(Type.String()),
    schema: Type.Optional(Type.String()),
    country: Type.Optional(Type.String()),
    draft: Type.Boolean(),
    disabled: Type.Boolean(),
    version: Type.String({ description: 'The version of its steps: a new one each time they change.' }),
    hash: Type.String({ description: 'The first 12 hex digits of the SHA-256 of its steps.' }),
    steps: Type.Array(StepAnswer),
    rescue: Type.Array(StepAnswer),
    versions: Type.Optional(
      Type.Array(
        Type.Object(
          { version: Type.String(), name: Type.String(), hash: Type.String(), created_at: Type.String(DATE_TIME) },
          { additionalProperties: false },
        ),
        { description: 'Its versions, newest first (the last 20).' },
      ),
    ),
    created_at: Type.String(DATE_TIME),
    updated_at: Type.String(DATE_TIME),
  },
  { $id: 'Workflow', additionalProperties: false },
);

export const WorkflowListSchema = Type.Object(
  {
    list: Type.Array(WorkflowSchema, { description: 'Newest first.' }),
    limit: Type.Integer(),
    schema: Type.Optional(Type.String()),
    created_at: Type.Optional(Type.String(DATE_TIME)),
    next_created_at: Type.Optional(Type.String({ ...DATE_TIME, description: 'Gives the next page as `created_at`.' })),
  },
  { $id: 'WorkflowList', additionalProperties: false },
);

const IntentSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    step_id: Type.String(),
    name: Type.String(),
    provider: Type.String(),
    events: Type.Array(
      Type.Object(
        {
          index: Type.Integer(),
          status: Type.String({ description: '`RUN` when the step started; then `OK`, `KO`, `SKIP`, `NA` or `TIMEOUT`.' }),
          at: Type.String(DATE_TIME),
          code: Type.Optional(Type.String()),
          message: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    completed: Type.Boolean(),
    created_at: Type.String(DATE_TIME),
    updated_at: Type.String(DATE_TIME),
  },
  { additionalProperties: false },
);

export const JobSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    key: Type.Optional(Type.String()),
    workflow_id: Type.String({ format: 'uuid' }),
    silo_entry_id: Type.Optional(Type.String({ format: 'uuid' })),
    args: Type.Optional(Type.Record(Type.String(), Type.String())),
    tags: Type.Optional(Type.Array(Type.String())),
    status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')]),
    intents: Type.Array(IntentSchema, { description: 'One per step run, in order.' }),
    faults: Type.Optional(
      Type.Array(
        Type.Object(
          {
            provider: Type.String(),
            code: Type.Optional(Type.String()),
            message: Type.Optional(Type.String()),
            paths: Type.Optional(Type.Array(Type.String())),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    attachments: Type.Optional(Type.Array(FileSchema, { description: 'The files its steps attached to the entry.' })),
    envelope: Type.Optional(
      Type.Object({}, { additionalProperties: true, description: "The entry's envelope as the job left it (single jobs only)." }),
    ),
    completed_at: Type.Optional(Type.String(DATE_TIME)),
    created_at: Type.String(DATE_TIME),
    updated_at: Type.String(DATE_TIME),
  },
  { $id: 'Job', additionalProperties: false },
);

export const JobListSchema = Type.Object(
  {
    list: Type.Array(JobSchema, { description: 'Newest first.' }),
    limit: Type.Integer(),
    next_cursor: Type.Optional(Type.String()),
  },
  { $id: 'JobList', additionalProperties: false },
);

export const WorkflowParams = Type.Object({ id: Type.String({ description: "The workflow's UUID." }) });
export const JobParams = Type.Object({ id: Type.String({ description: "The job's UUID." }) });
export const JobKeyParams = Type.Object({ key: Type.String({ description: "The job's key." }) });
export const WorkflowsQuery = Type.Object({
  limit: Type.Optional(
    Type.String({ ...WHOLE, description: `Page size, 1 to ${MAX_WORKFLOWS_LIMIT} (default ${DEFAULT_WORKFLOWS_LIMIT}).` }),
  ),
  created_at: Type.Optional(Type.String({ description: 'Only workflows created before this time (a `next_created_at`).' })),
  schema: Type.Optional(Type.String({ description: 'Only workflows of this short schema (`bill/invoice`).' })),
});
export const JobsQuery = Type.Object({
  limit: Type.Optional(Type.String({ ...WHOLE, description: `Page size, 1 to ${MAX_JOBS_LIMIT} (default ${DEFAULT_JOBS_LIMIT}).` })),
  cursor: Type.Optional(Type.String({ description: 'The `next_cursor` of the previous page.' })),
  entry_id: Type.Optional(Type.String({ description: "Only this entry's jobs." })),
});
export const JobWaitQuery = Type.Object({
  wait: Type.Optional(
    Type.String({ ...WHOLE, description: `Seconds to wait for the job to end before answering, 0 to ${MAX_JOB_WAIT_SECONDS}.` }),
  ),
});
