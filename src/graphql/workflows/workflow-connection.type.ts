import { ArgsType, Field, ID, ObjectType } from 'type-graphql';
import type { Job } from '../../domain/workflows/job';
import { DEFAULT_JOBS_LIMIT, jobCursorOf, MAX_JOBS_LIMIT } from '../../domain/workflows/jobs.service';
import type { Workflow } from '../../domain/workflows/workflow';
import { DEFAULT_WORKFLOWS_LIMIT, MAX_WORKFLOWS_LIMIT } from '../../domain/workflows/workflows.service';
import { forwardPageInfo } from '../entries/entry-connection.type';
import { PagingArgs } from '../plumbing/paging.args';
import { RelayConnection, RelayEdge } from '../plumbing/relay-connection.type';
import { JobType } from './job.type';
import { WorkflowType } from './workflow.type';

@ObjectType('WorkflowEdge', { simpleResolvers: true })
export class WorkflowEdgeType extends RelayEdge<Workflow>(
  WorkflowType,
  "The workflow's creation time (REST's `next_created_at`): `after` of `workflows` for those created before it.",
) {}

@ObjectType('WorkflowConnection', {
  simpleResolvers: true,
  description: "A page of the workspace's workflows, newest first (Relay connection).",
})
export class WorkflowConnectionType extends RelayConnection(WorkflowEdgeType) {}

@ObjectType('JobEdge', { simpleResolvers: true })
export class JobEdgeType extends RelayEdge<Job>(
  JobType,
  "REST's `next_cursor` after this job: `after` of `jobs` (or `Entry.jobs`) for older ones.",
) {}

@ObjectType('JobConnection', { simpleResolvers: true, description: 'A page of jobs, newest first (Relay connection).' })
export class JobConnectionType extends RelayConnection(JobEdgeType) {}

/** The arguments of `Query.workflows`: REST's limit, created_at and schema under Relay names. */
@ArgsType()
export class WorkflowsArgs extends PagingArgs({
  first: `Workflows per page, 1 to ${MAX_WORKFLOWS_LIMIT} (default ${DEFAULT_WORKFLOWS_LIMIT}).`,
  after: "endCursor of the previous page (REST's `next_created_at`: those created before it); none: from the newest.",
}) {
  @Field(() => String, { nullable: true, description: 'Only workflows for documents of this short schema (`bill/invoice`).' })
  schema?: string | null;
}

const JOB_PAGE = {
  first: `Jobs per page, 1 to ${MAX_JOBS_LIMIT} (default ${DEFAULT_JOBS_LIMIT}).`,
  after: "endCursor of the previous page (REST's `next_cursor`); none: from the newest job.",
};

/** The arguments of `Query.jobs`: REST's limit, cursor and entry_id under Relay names. */
@ArgsType()
export class JobsArgs extends PagingArgs(JOB_PAGE) {
  @Field(() => ID, { nullable: true, description: 'Only the jobs run over this entry.' })
  entryId?: string | null;
}

/** The arguments of `Entry.jobs`. */
@ArgsType()
export class EntryJobsArgs extends PagingArgs(JOB_PAGE) {}

/** A page of workflows as a connection: each cursor is the workflow's creation time, what the service pages by. */
export function workflowConnectionOf(page: { list: Workflow[]; next?: Date }): WorkflowConnectionType {
  const edges = page.list.map((node) => ({ node, cursor: node.createdAt.toISOString() }));
  return { edges, pageInfo: forwardPageInfo(edges, page.next !== undefined, edges.at(-1)?.cursor ?? null) };
}

/** Jobs as a connection: each cursor is REST's after its job, so either API continues the other's list. */
export function jobConnectionOf(list: Job[], hasNextPage: boolean): JobConnectionType {
  const edges = list.map((node) => ({ node, cursor: jobCursorOf(node) }));
  return { edges, pageInfo: forwardPageInfo(edges, hasNextPage, edges.at(-1)?.cursor ?? null) };
}
