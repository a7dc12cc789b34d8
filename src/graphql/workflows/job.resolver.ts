import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Attachment, Entry } from '../../domain/entries/model/entry';
import type { Job } from '../../domain/workflows/job';
import { DEFAULT_JOBS_LIMIT, MAX_JOBS_LIMIT } from '../../domain/workflows/jobs.service';
import type { Workflow } from '../../domain/workflows/workflow';
import { withRawMember } from '../../http/json-slices';
import { AttachmentType } from '../entries/attachment.type';
import { EntryType } from '../entries/entry.type';
import { entryOf, type GraphQLContext } from '../plumbing/context';
import { domainBodyOf } from '../plumbing/input-names';
import { pagedComplexity, PART_COMPLEXITY } from '../plumbing/limits';
import { jobLoaders, jobsOf, orNull } from './job-loaders';
import { JobType } from './job.type';
import { JobConnectionType, jobConnectionOf, JobsArgs } from './workflow-connection.type';
import { CREATE_JOB_OUTSIDE, CreateJobInput, CreateJobPayload } from './workflow.input';
import { WorkflowType } from './workflow.type';

/** The entry a job runs over as it is now, a copy of its own (each place an entry is shown is paid for apart); null once it is gone. */
export const jobEntryOf = async (job: Job, ctx: GraphQLContext): Promise<Entry | null> => {
  if (!job.siloEntryId) return null;
  const entry = await orNull(entryOf(ctx.loaders, job.siloEntryId));
  return entry && { ...entry };
};

/**
 * Jobs, as REST's /transform/v1/jobs serves them: each query and mutation one call into JobsService, which owns every
 * rule and every error. A job's workflow, entry and files are read only when selected, each once per request.
 */
@Resolver(() => JobType)
export class JobResolver {
  @Query(() => JobConnectionType, {
    description: "The workspace's jobs, newest first (REST GET /transform/v1/jobs); `entryId`: only those run over that entry.",
    complexity: pagedComplexity(DEFAULT_JOBS_LIMIT, MAX_JOBS_LIMIT),
  })
  async jobs(@Args(() => JobsArgs) args: JobsArgs, @Ctx() ctx: GraphQLContext): Promise<JobConnectionType> {
    const page = await jobsOf(ctx).list(ctx.workspaceId, {
      limit: args.first ?? undefined,
      cursor: args.after ?? undefined,
      entryId: args.entryId ?? undefined,
    });
    return jobConnectionOf(page.list, page.next !== undefined);
  }

  @Query(() => JobType, { nullable: true, description: 'One job by its id; NOT_FOUND when the workspace has none.' })
  job(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<Job> {
    return jobsOf(ctx).find(ctx.workspaceId, id);
  }

  @Query(() => JobType, { nullable: true, description: 'One job by the key it was created with; NOT_FOUND when the workspace has none.' })
  jobByKey(@Arg('key', () => String) key: string, @Ctx() ctx: GraphQLContext): Promise<Job> {
    return jobsOf(ctx).findByKey(ctx.workspaceId, key);
  }

  @Mutation(() => CreateJobPayload, {
    description:
      "Starts a job, as POST /transform/v1/jobs (PUT …/jobs/{id} with an `id`) does: the workflow over the entry `siloEntryId`, or over `data` created as an entry first. The same id or key again answers the same job. Answers at once, or once the job has ended when `wait` seconds allow. At most 1,000 unfinished jobs per workspace (SERVICE_UNAVAILABLE past it); its end is a JOB_COMPLETED or JOB_FAILED event of the entry's feed (`jobEvents`).",
  })
  async createJob(@Arg('input', () => CreateJobInput) input: CreateJobInput, @Ctx() ctx: GraphQLContext): Promise<CreateJobPayload> {
    const body = domainBodyOf(input, { outside: CREATE_JOB_OUTSIDE });
    const options = { wait: input.wait ?? undefined, signal: ctx.signal };
    const job = await jobsOf(ctx).create(ctx.workspaceId, input.id ?? undefined, body, options);
    return { job, clientMutationId: input.clientMutationId ?? null };
  }

  @FieldResolver(() => WorkflowType, {
    nullable: true,
    complexity: PART_COMPLEXITY,
    description: 'The workflow as it is now (the job runs the steps it had when the job was created); null once it is gone.',
  })
  workflow(@Root() job: Job, @Ctx() ctx: GraphQLContext): Promise<Workflow | null> {
    return jobLoaders(ctx).workflow.load(job.workflowId);
  }

  @FieldResolver(() => EntryType, {
    nullable: true,
    complexity: PART_COMPLEXITY,
    description: 'The entry it runs over, as it is now (its `data` is the envelope REST shows with a job); null once it is gone.',
  })
  entry(@Root() job: Job, @Ctx() ctx: GraphQLContext): Promise<Entry | null> {
    return jobEntryOf(job, ctx);
  }

  @FieldResolver(() => [AttachmentType], {
    complexity: PART_COMPLEXITY,
    description:
      "The files its steps attached to the entry (a PDF, a UBL…), as the entry's `attachments` shows them: read for a whole page at once, paid for from the request's data budget.",
  })
  async attachments(@Root() job: Job, @Ctx() ctx: GraphQLContext): Promise<Attachment[]> {
    if (job.attachments.length === 0) return [];
    const entry = await jobEntryOf(job, ctx);
    if (!entry) return [];
    const mine = new Set(job.attachments);
    return (await ctx.attachmentsOf(entry)).filter((file) => mine.has(file.id)).map((file) => withRawMember(file, 'meta'));
  }
}
