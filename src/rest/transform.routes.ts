import type { Static } from '@sinclair/typebox';
import type { EntryService } from '../domain/entries/entries.service';
import type { Job } from '../domain/workflows/job';
import type { JobsService } from '../domain/workflows/jobs.service';
import type { Workflow, WorkflowVersion } from '../domain/workflows/workflow';
import { stepJson } from '../domain/workflows/workflow-input';
import type { WorkflowsService } from '../domain/workflows/workflows.service';
import type { FileUrl } from '../http/file-urls';
import { jsonBody } from '../http/json-body';
import { abandonedSignal } from '../http/request-signal';
import { fileJson } from './entry.presenter';
import type { ApiRoute, RouteHandler } from './route-table';
import {
  CreateJobBody,
  CreateWorkflowBody,
  JobKeyParams,
  JobListSchema,
  JobParams,
  JobSchema,
  JobWaitQuery,
  JobsQuery,
  UpdateWorkflowBody,
  WorkflowListSchema,
  WorkflowParams,
  WorkflowSchema,
  WorkflowsQuery,
} from './schemas/transform';

export interface TransformServices {
  workflows: WorkflowsService;
  jobs: JobsService;
  entries: EntryService;
}

const BODY_IN_DOMAIN =
  'checked once by the domain against this same schema (workflow-input.ts, job-input.ts), then its steps and providers';
/** A workflow of a hundred steps with their configs, or a job's data (a GOBL document). */
const WORKFLOW_BODY_LIMIT = 1024 * 1024;

/** A job's JSON: its files as the files routes answer them (their `meta` written as stored). */
type JobJson = Omit<Static<typeof JobSchema>, 'attachments'> & { attachments?: ReturnType<typeof fileJson>[] };

const iso = (date: Date | undefined) => date?.toISOString();
const whole = (value: unknown) => (typeof value === 'string' ? Number(value) : undefined);

export const workflowJson = (workflow: Workflow & { versions?: WorkflowVersion[] }): Static<typeof WorkflowSchema> => ({
  id: workflow.id,
  name: workflow.name,
  description: workflow.description,
  schema: workflow.schema,
  country: workflow.country,
  draft: workflow.draft,
  disabled: workflow.disabled,
  version: String(workflow.version),
  hash: workflow.hash,
  steps: workflow.steps.map(stepJson),
  rescue: workflow.rescue.map(stepJson),
  versions: workflow.versions?.map((v) => ({
    version: String(v.version),
    name: v.name,
    hash: v.hash,
    created_at: v.createdAt.toISOString(),
  })),
  created_at: workflow.createdAt.toISOString(),
  updated_at: workflow.updatedAt.toISOString(),
});

/** A job as the API answers it; with its entry's files and envelope when `entries` is given (a single job). */
export async function jobJson(job: Job, fileUrl: FileUrl, entries?: EntryService): Promise<JobJson> {
  let attachments: JobJson['attachments'];
  let envelope: Record<string, unknown> | undefined;
  if (entries && job.siloEntryId) {
    // The entry may have been deleted since: the job is answered without it.
    const entry = await entries.getEntry(job.workspaceId, job.siloEntryId, { withData: false, withParts: true }).catch(() => undefined);
    const mine = new Set(job.attachments);
    attachments = entry?.attachments?.filter((file) => mine.has(file.id)).map((file) => fileJson(file, fileUrl));
    const stored = entry && (await entries.storedEnvelope(job.workspaceId, job.siloEntryId));
    envelope = stored && (JSON.parse(stored.envelopeJson) as Record<string, unknown>);
  }
  return {
    id: job.id,
    key: job.key,
    workflow_id: job.workflowId,
    silo_entry_id: job.siloEntryId,
    args: Object.keys(job.args).length > 0 ? job.args : undefined,
    tags: job.tags.length > 0 ? job.tags : undefined,
    status: job.status,
    intents: job.intents.map((intent) => ({
      id: intent.id,
      step_id: intent.stepId,
      name: intent.name,
      provider: intent.provider,
      events: intent.events.map((event) => ({
        index: event.index,
        status: event.status,
        at: event.at.toISOString(),
        code: event.code,
        message: event.message,
      })),
      completed: intent.completed,
      created_at: intent.createdAt.toISOString(),
      updated_at: intent.updatedAt.toISOString(),
    })),
    faults: job.faults.length > 0 ? job.faults : undefined,
    attachments: attachments?.length ? attachments : undefined,
    envelope,
    completed_at: iso(job.completedAt),
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
  };
}

const workflowAnswer = { 200: { description: 'The workflow.', schema: WorkflowSchema } };
const jobAnswer = { description: 'The job, with its intents: ended, or under way (`wait` seconds at most).', schema: JobSchema };

const createJob =
  ({ jobs, entries }: TransformServices): RouteHandler =>
  async (req, res) => {
    const job = await jobs.create(req.workspaceId, req.params.id, req.body, { wait: whole(req.query.wait), signal: abandonedSignal(res) });
    res.status(202).json(await jobJson(job, req.fileUrl, entries));
  };

/**
 * `/transform/v1`: the hosted API's transform service. Workflows (steps run by providers) saved by id; jobs run a
 * workflow over an entry, a step at a time, in the service's own durable job runner.
 */
export const transformRoutes: ApiRoute<TransformServices>[] = [
  {
    method: 'get',
    path: '/transform/v1/workflows',
    auth: 'token',
    operationId: 'listWorkflows',
    tag: 'transform',
    summary: "The workspace's workflows, newest first: `limit`, `created_at` (a `next_created_at`), `schema`.",
    query: WorkflowsQuery,
    answers: { 200: { description: 'A page of workflows.', schema: WorkflowListSchema } },
    refusals: [400, 401, 503],
    handler:
      ({ workflows }) =>
      async (req, res) => {
        const schema = typeof req.query.schema === 'string' ? req.query.schema : undefined;
        const createdAt = typeof req.query.created_at === 'string' ? req.query.created_at : undefined;
        const page = await workflows.list(req.workspaceId, { limit: whole(req.query.limit), createdAt, schema });
        res.json({
          list: page.list.map((w) => workflowJson(w)),
          limit: page.limit,
          schema,
          created_at: createdAt,
          next_created_at: iso(page.next),
        });
      },
  },
  ...(['post', 'put'] as const).map((method): ApiRoute<TransformServices> => ({
    method,
    path: method === 'put' ? '/transform/v1/workflows/{id}' : '/transform/v1/workflows',
    auth: 'token',
    operationId: method === 'put' ? 'putWorkflow' : 'createWorkflow',
    tag: 'transform',
    summary:
      `Saves a workflow${method === 'put' ? ' with this id (the same again answers it; with other steps, 409)' : ' with a new id'}. ` +
      'A step names its provider as `provider` or `action`; an unknown provider, a config it cannot run, a repeated step id or a `step_id` naming no step is 400, naming the step.',
    params: method === 'put' ? WorkflowParams : undefined,
    body: { schema: CreateWorkflowBody },
    answers: workflowAnswer,
    unchecked: { body: BODY_IN_DOMAIN },
    refusals: [400, 401, 404, 409, 413, 415, 503],
    use: () => [jsonBody(WORKFLOW_BODY_LIMIT)],
    handler:
      ({ workflows }) =>
      async (req, res) => {
        res.json(workflowJson(await workflows.create(req.workspaceId, req.params.id, req.body)));
      },
  })),
  {
    method: 'get',
    path: '/transform/v1/workflows/{id}',
    auth: 'token',
    operationId: 'getWorkflow',
    tag: 'transform',
    summary: 'One workflow, with its versions.',
    params: WorkflowParams,
    answers: workflowAnswer,
    refusals: [401, 404, 503],
    handler:
      ({ workflows }) =>
      async (req, res) => {
        res.json(workflowJson(await workflows.find(req.workspaceId, req.params.id)));
      },
  },
  {
    method: 'patch',
    path: '/transform/v1/workflows/{id}',
    auth: 'token',
    operationId: 'updateWorkflow',
    tag: 'transform',
    summary: 'Changes a workflow: new steps make a new version (jobs under way keep the steps they started with).',
    params: WorkflowParams,
    body: { schema: UpdateWorkflowBody },
    answers: workflowAnswer,
    unchecked: { body: BODY_IN_DOMAIN },
    refusals: [400, 401, 404, 409, 413, 415, 503],
    use: () => [jsonBody(WORKFLOW_BODY_LIMIT)],
    handler:
      ({ workflows }) =>
      async (req, res) => {
        res.json(workflowJson(await workflows.update(req.workspaceId, req.params.id, req.body)));
      },
  },
  ...(['post', 'put'] as const).map((method): ApiRoute<TransformServices> => ({
    method,
    path: method === 'put' ? '/transform/v1/jobs/{id}' : '/transform/v1/jobs',
    auth: 'token',
    operationId: method === 'put' ? 'putJob' : 'createJob',
    tag: 'transform',
    summary:
      `Starts a job${method === 'put' ? ' with this id' : ''}: the workflow over the entry \`silo_entry_id\`, or over \`data\` created as an entry first. ` +
      'The same id or `key` again answers the same job. Answers 202 at once, or once the job has ended when `wait` seconds (at most 60) allow. ' +
      'At most 1,000 unfinished jobs per workspace (503 past it).',
    params: method === 'put' ? JobParams : undefined,
    query: JobWaitQuery,
    body: { schema: CreateJobBody },
    answers: { 202: jobAnswer },
    unchecked: { body: BODY_IN_DOMAIN },
    refusals: [400, 401, 404, 409, 413, 415, 422, 503],
    use: () => [jsonBody(WORKFLOW_BODY_LIMIT)],
    handler: createJob,
  })),
  {
    method: 'get',
    path: '/transform/v1/jobs',
    auth: 'token',
    operationId: 'listJobs',
    tag: 'transform',
    summary: "The workspace's jobs, newest first: `limit`, `cursor` (a `next_cursor`), `entry_id`.",
    query: JobsQuery,
    answers: { 200: { description: 'A page of jobs.', schema: JobListSchema } },
    refusals: [400, 401, 503],
    handler:
      ({ jobs }) =>
      async (req, res) => {
        const page = await jobs.list(req.workspaceId, {
          limit: whole(req.query.limit),
          cursor: typeof req.query.cursor === 'string' ? req.query.cursor : undefined,
          entryId: typeof req.query.entry_id === 'string' ? req.query.entry_id : undefined,
        });
        res.json({ list: await Promise.all(page.list.map((job) => jobJson(job, req.fileUrl))), limit: page.limit, next_cursor: page.next });
      },
  },
  {
    method: 'get',
    path: '/transform/v1/jobs/key/{key}',
    auth: 'token',
    operationId: 'getJobByKey',
    tag: 'transform',
    summary: 'One job, by its key.',
    params: JobKeyParams,
    answers: { 200: { description: 'The job.', schema: JobSchema } },
    refusals: [401, 404, 503],
    handler:
      ({ jobs, entries }) =>
      async (req, res) => {
        res.json(await jobJson(await jobs.findByKey(req.workspaceId, req.params.key), req.fileUrl, entries));
      },
  },
  {
    method: 'get',
    path: '/transform/v1/jobs/{id}',
    auth: 'token',
    operationId: 'getJob',
    tag: 'transform',
    summary: 'One job, with its intents, faults, the files it attached and its entry’s envelope.',
    params: JobParams,
    answers: { 200: { description: 'The job.', schema: JobSchema } },
    refusals: [401, 404, 503],
    handler:
      ({ jobs, entries }) =>
      async (req, res) => {
        res.json(await jobJson(await jobs.find(req.workspaceId, req.params.id), req.fileUrl, entries));
      },
  },
];
