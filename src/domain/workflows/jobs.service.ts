import type { EntryService } from '../entries/entries.service';
import { DomainError, badInput, notFound } from '../shared/errors';
import { UUID_PATTERN } from '../shared/uuid';
import { MAX_JOB_WAIT_SECONDS, MAX_JOBS_IN_FLIGHT, type Job } from './job';
import { readNewJob } from './job-input';
import { ENTRY_MAKERS } from './provider-configs';
import type { WorkflowStore } from './workflow-store';

export const DEFAULT_JOBS_LIMIT = 20;
export const MAX_JOBS_LIMIT = 100;
/** How often a waiting request looks for a job another process runs. */
const WAIT_POLL_MS = 200;

const idOf = (id: string, what: string) => {
  if (!UUID_PATTERN.test(id)) throw notFound(what);
  return id.toLowerCase();
};

/** The cursor of the jobs list after `job` (REST's `next_cursor`, `after` of GraphQL's lists of jobs). */
export const jobCursorOf = (job: Pick<Job, 'createdAt' | 'id'>): string =>
  Buffer.from(`${job.createdAt.getTime()}/${job.id}`).toString('base64url');

const ended = (job: Job) => job.status === 'completed' || job.status === 'failed';

/** What the runner offers the service: to be told of new work, and to tell of a job's end. */
export interface JobSignals {
  wake(): void;
  /** Resolves when this process ends a step of the job, or after `ms`. */
  settled(jobId: string, ms: number): Promise<void>;
}

const jobsFull = () =>
  new DomainError('unavailable', `the workspace has ${MAX_JOBS_IN_FLIGHT} jobs under way: try again once some have ended`);

/** Jobs: created (idempotently by id and by key) over an entry or new data, read, listed, waited for. */
export class JobsService {
  constructor(
    private readonly store: WorkflowStore,
    private readonly entries: Pick<EntryService, 'createEntry' | 'getEntry' | 'getEntryByKey'>,
    private readonly signals: JobSignals,
    private readonly newId: () => string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Starts a job (`id` chosen by the client, or new); `wait` seconds (at most 60) to answer it ended. */
  async create(
    workspaceId: string,
    id: string | undefined,
    body: unknown,
    options: { wait?: number; signal?: AbortSignal } = {},
  ): Promise<Job> {
    const input = readNewJob(body);
    const wait = options.wait ?? 0;
    if (!Number.isInteger(wait) || wait < 0 || wait > MAX_JOB_WAIT_SECONDS)
      throw badInput(`wait: must be 0 to ${MAX_JOB_WAIT_SECONDS}`, {
        wait: `must be a whole number of seconds from 0 to ${MAX_JOB_WAIT_SECONDS}`,
      });
    const jobId = id === undefined ? this.newId() : idOf(id, 'job');
    // The same request again (by id or by key) answers the job it made, and creates no second entry.
    const known =
      (await this.store.findJob(workspaceId, jobId)) ?? (input.key ? await this.store.findJobByKey(workspaceId, input.key) : undefined);
    if (known) return this.waitFor(known, wait, options.signal);
    // Refused on an indexed count, before the workflow or entry is read and without the write lock: a workspace that
    // keeps asking past its limit (a loop starting 100,000 jobs) costs its neighbours' writes nothing.
    if ((await this.store.jobsInFlight(workspaceId)) >= MAX_JOBS_IN_FLIGHT) throw jobsFull();
    const workflow = await this.store.findWorkflow(workspaceId, input.workflow_id.toLowerCase());
    if (!workflow) throw notFound('workflow');
    if (workflow.draft || workflow.disabled)
      throw new DomainError('validation', `workflow ${workflow.id} is ${workflow.draft ? 'a draft' : 'disabled'}: it runs no job`);
    const makesItsEntry = ENTRY_MAKERS.includes(workflow.steps[0]?.provider ?? '');
    if (!input.silo_entry_id && !input.data && !makesItsEntry)
      throw badInput('silo_entry_id or data is required: the entry the job runs over', {
        silo_entry_id: 'must name an entry, or data be given',
      });
    const entryId = await this.entryFor(workspaceId, jobId, input);
    if (entryId && workflow.schema) {
      const entry = await this.entries.getEntry(workspaceId, entryId, { withData: false, withParts: false });
      if (!(entry.docSchema ?? '').endsWith(`/${workflow.schema}`))
        throw new DomainError(
          'validation',
          `workflow ${workflow.id} takes ${workflow.schema} documents; entry ${entryId} holds ${entry.docSchema ?? 'none'}`,
        );
    }
    const now = this.clock();
    const first = workflow.steps[0]?.id;
    const job: Job = {
      workspaceId,
      id: jobId,
      key: input.key,
      workflowId: workflow.id,
      siloEntryId: entryId,
      args: input.args ?? {},
      tags: input.tags ?? [],
      steps: { steps: workflow.steps, rescue: workflow.rescue },
      status: first ? 'queued' : 'completed',
      intents: [],
      faults: [],
      attachments: [],
      nextStepId: first,
      tries: 0,
      dueAt: first ? now : undefined,
      createdAt: now,
      updatedAt: now,
      completedAt: first ? undefined : now,
    };
    const made = await this.store.createJob(job, MAX_JOBS_IN_FLIGHT);
    if (!made) throw jobsFull();
    if (made.created) this.signals.wake();
    return this.waitFor(made.job, wait, options.signal);
  }

  /** The entry a job runs over: the one named, or one created from `data` (keyed by the job, so a retry finds it). */
  private async entryFor(workspaceId: string, jobId: string, input: ReturnType<typeof readNewJob>): Promise<string | undefined> {
    if (input.silo_entry_id)
      return (await this.entries.getEntry(workspaceId, input.silo_entry_id, { withData: false, withParts: false })).id;
    if (!input.data) return undefined;
    const key = `transform-job:${input.key ?? jobId}`;
    try {
      return (await this.entries.getEntryByKey(workspaceId, key, { withData: false, withParts: false })).id;
    } catch (error) {
      if (!(error instanceof DomainError && error.key === 'not-found')) throw error;
    }
    return (await this.entries.createEntry(workspaceId, { data: input.data, key })).id;
  }

  private async waitFor(job: Job, seconds: number, signal?: AbortSignal): Promise<Job> {
    const until = Date.now() + seconds * 1000;
    let current = job;
    while (!ended(current) && Date.now() < until && !signal?.aborted) {
      await this.signals.settled(current.id, Math.min(WAIT_POLL_MS, until - Date.now()));
      current = (await this.store.findJob(current.workspaceId, current.id)) ?? current;
    }
    return current;
  }

  async find(workspaceId: string, id: string): Promise<Job> {
    const job = await this.store.findJob(workspaceId, idOf(id, 'job'));
    if (!job) throw notFound('job');
    return job;
  }

  async findByKey(workspaceId: string, key: string): Promise<Job> {
    const job = key.length <= 255 ? await this.store.findJobByKey(workspaceId, key) : undefined;
    if (!job) throw notFound('job');
    return job;
  }

  /** Newest first, `limit` at a time; `cursor` continues a list; `entryId` only that entry's jobs. */
  async list(
    workspaceId: string,
    query: { limit?: number; cursor?: string; entryId?: string },
  ): Promise<{ list: Job[]; limit: number; next?: string }> {
    const limit = query.limit ?? DEFAULT_JOBS_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_JOBS_LIMIT)
      throw badInput(`limit: must be 1 to ${MAX_JOBS_LIMIT}`, { limit: `must be an integer from 1 to ${MAX_JOBS_LIMIT}` });
    let before: { createdAt: Date; id: string } | undefined;
    if (query.cursor) {
      const [ms, id] = Buffer.from(query.cursor, 'base64url').toString('utf8').split('/');
      if (!/^\d+$/.test(ms ?? '') || !UUID_PATTERN.test(id ?? ''))
        throw badInput('cursor: not a cursor of this list', { cursor: 'must be a next_cursor' });
      before = { createdAt: new Date(Number(ms)), id };
    }
    if (query.entryId !== undefined && !UUID_PATTERN.test(query.entryId)) return { list: [], limit };
    const list = await this.store.listJobs(workspaceId, { limit: limit + 1, before, entryId: query.entryId?.toLowerCase() });
    const page = list.slice(0, limit);
    const last = page[page.length - 1];
    return {
      list: page,
      limit,
      next: list.length > limit ? jobCursorOf(last) : undefined,
    };
  }

  /**
   * The newest jobs of each entry, at most `perEntry` (1 to MAX_JOBS_LIMIT) of each, newest first, in one read for
   * them all: a page of entries showing their jobs. An id that is no UUID has none.
   */
  async latestOfEntries(workspaceId: string, entryIds: readonly string[], perEntry: number): Promise<Map<string, Job[]>> {
    if (!Number.isInteger(perEntry) || perEntry < 1 || perEntry > MAX_JOBS_LIMIT)
      throw badInput(`limit: must be 1 to ${MAX_JOBS_LIMIT}`, { limit: `must be an integer from 1 to ${MAX_JOBS_LIMIT}` });
    const ids = [...new Set(entryIds.filter((id) => UUID_PATTERN.test(id)).map((id) => id.toLowerCase()))];
    const byEntry = new Map<string, Job[]>(ids.map((id) => [id, []]));
    for (const job of await this.store.latestJobsOfEntries(workspaceId, ids, perEntry)) byEntry.get(job.siloEntryId!)?.push(job);
    const newestFirst = (a: Job, b: Job) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
    for (const jobs of byEntry.values()) jobs.sort(newestFirst);
    return byEntry;
  }
}
