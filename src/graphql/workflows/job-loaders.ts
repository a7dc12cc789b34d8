import DataLoader from 'dataloader';
import type { Job } from '../../domain/workflows/job';
import { DEFAULT_JOBS_LIMIT, type JobsService } from '../../domain/workflows/jobs.service';
import type { Workflow } from '../../domain/workflows/workflow';
import type { WorkflowsService } from '../../domain/workflows/workflows.service';
import { DomainError } from '../../domain/shared/errors';
import type { GraphQLContext } from '../plumbing/context';

/**
 * The newest jobs of each entry a page shows, read for the whole page at once: one more than a page of `Entry.jobs`
 * by default, so that the page knows whether another follows. A larger page, or one after a cursor, is read for
 * its entry alone.
 */
export const ENTRY_JOBS_READ = DEFAULT_JOBS_LIMIT + 1;
/** Entries whose jobs one statement reads (forty aliased pages are several statements, each bounded). */
const ENTRIES_PER_READ = 100;

export const workflowsOf = (ctx: GraphQLContext): WorkflowsService => {
  if (!ctx.workflows) throw new DomainError('unavailable', 'workflows are not served here');
  return ctx.workflows;
};

export const jobsOf = (ctx: GraphQLContext): JobsService => {
  if (!ctx.jobs) throw new DomainError('unavailable', 'jobs are not served here');
  return ctx.jobs;
};

/** A read that found nothing as null; any other failure as it came. */
export const orNull = <T>(read: Promise<T>): Promise<T | null> =>
  read.catch((error: unknown) => {
    if (error instanceof DomainError && error.key === 'not-found') return null;
    throw error;
  });

/** A request's loaders of jobs and workflows: each id read once per request, however many fields name it. */
interface JobLoaders {
  /** The newest ENTRY_JOBS_READ jobs of each entry, newest first. */
  entryJobs: DataLoader<string, Job[]>;
  job: DataLoader<string, Job | null>;
  workflow: DataLoader<string, Workflow | null>;
}

/** One set per request, kept beside its context (as the states of a page of entries are). */
const made = new WeakMap<GraphQLContext, JobLoaders>();

export function jobLoaders(ctx: GraphQLContext): JobLoaders {
  let loaders = made.get(ctx);
  if (!loaders) {
    loaders = {
      entryJobs: new DataLoader(
        async (ids) => {
          const found = await jobsOf(ctx).latestOfEntries(ctx.workspaceId, ids, ENTRY_JOBS_READ);
          return ids.map((id) => found.get(id.toLowerCase()) ?? []);
        },
        { maxBatchSize: ENTRIES_PER_READ },
      ),
      job: new DataLoader((ids) => Promise.all(ids.map((id) => orNull(jobsOf(ctx).find(ctx.workspaceId, id))))),
      workflow: new DataLoader((ids) => Promise.all(ids.map((id) => orNull(workflowsOf(ctx).find(ctx.workspaceId, id))))),
    };
    made.set(ctx, loaders);
  }
  return loaders;
}
