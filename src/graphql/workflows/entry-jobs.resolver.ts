import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Entry } from '../../domain/entries/model/entry';
import { DEFAULT_JOBS_LIMIT, MAX_JOBS_LIMIT } from '../../domain/workflows/jobs.service';
import { badInput } from '../../domain/shared/errors';
import { EntryType } from '../entries/entry.type';
import type { GraphQLContext } from '../plumbing/context';
import { pagedComplexity, PART_COMPLEXITY } from '../plumbing/limits';
import { ENTRY_JOBS_READ, jobLoaders, jobsOf } from './job-loaders';
import { EntryJobsArgs, JobConnectionType, jobConnectionOf } from './workflow-connection.type';

/**
 * `Entry.jobs`: the jobs run over an entry, newest first. The first page of every entry a query shows (up to
 * ENTRY_JOBS_READ - 1 jobs each) comes from one read for them all; a larger page, or one after a cursor, is read for
 * its entry alone, as `jobs(entryId:)` reads it.
 */
@Resolver(() => EntryType)
export class EntryJobsResolver {
  @FieldResolver(() => JobConnectionType, {
    description: `The jobs run over the entry, newest first (as jobs(entryId:)): ${MAX_JOBS_LIMIT} at most a page, ${DEFAULT_JOBS_LIMIT} by default; the first pages of a whole page of entries are read at once.`,
    complexity: pagedComplexity(DEFAULT_JOBS_LIMIT, MAX_JOBS_LIMIT, PART_COMPLEXITY),
  })
  async jobs(@Root() entry: Entry, @Args(() => EntryJobsArgs) args: EntryJobsArgs, @Ctx() ctx: GraphQLContext): Promise<JobConnectionType> {
    const first = args.first ?? DEFAULT_JOBS_LIMIT;
    if (!Number.isInteger(first) || first < 1 || first > MAX_JOBS_LIMIT)
      throw badInput(`first must be 1 to ${MAX_JOBS_LIMIT}`, { first: `must be 1 to ${MAX_JOBS_LIMIT}` });
    if (args.after || first >= ENTRY_JOBS_READ) {
      const page = await jobsOf(ctx).list(ctx.workspaceId, { limit: first, cursor: args.after ?? undefined, entryId: entry.id });
      return jobConnectionOf(page.list, page.next !== undefined);
    }
    const newest = await jobLoaders(ctx).entryJobs.load(entry.id);
    return jobConnectionOf(newest.slice(0, first), newest.length > first);
  }
}
