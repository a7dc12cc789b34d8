import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { Job } from '../../domain/workflows/job';
import { MAX_JOB_WAIT_SECONDS } from '../../domain/workflows/job';
import { ClientMutationIdField, ClientMutationIdInputField } from '../node/relay-mutation.type';
import { JobType } from './job.type';
import { WorkflowType, type WorkflowWithVersions } from './workflow.type';

/**
 * The inputs of workflows and jobs: the domain's bodies (CreateWorkflowBody and UpdateWorkflowBody in
 * src/domain/workflows/workflow-input.ts, CreateJobBody in job-input.ts, their one declaration) with GraphQL's
 * names (input-names.ts). Steps nest (a branch holds steps), so each step is a JSON object in REST's shape
 * (`step_id`, `provider` or `action`): WorkflowsService checks them, with every other rule, for both APIs.
 */
const STEPS =
  'Each step as REST takes it: `{"id", "name", "provider" (or "action"), "config", "next": [{"status", "code", "step_id", "steps", "stop"}]}`.';

@InputType('SaveWorkflowInput')
export class SaveWorkflowInput {
  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'The short schema of the documents it takes (`bill/invoice`); any when absent.' })
  schema?: string | null;

  @Field(() => String, { nullable: true })
  country?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'A draft is kept but runs no job.' })
  draft?: boolean | null;

  @Field(() => [GraphQLJSONObject], { description: `The steps, in order. ${STEPS}` })
  steps: Record<string, unknown>[];

  @Field(() => [GraphQLJSONObject], { nullable: true, description: 'Steps run when a step fails and no `next` of it says where to go.' })
  rescue?: Record<string, unknown>[] | null;

  @ClientMutationIdInputField()
  clientMutationId?: string | null;
}

@InputType('UpdateWorkflowInput')
export class UpdateWorkflowInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Empty removes it.' })
  description?: string | null;

  @Field(() => Boolean, { nullable: true })
  draft?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'A disabled workflow runs no new job.' })
  disabled?: boolean | null;

  @Field(() => [GraphQLJSONObject], { nullable: true, description: `New steps: a new version of the workflow. ${STEPS}` })
  steps?: Record<string, unknown>[] | null;

  @Field(() => [GraphQLJSONObject], { nullable: true, description: 'New rescue steps: a new version of the workflow.' })
  rescue?: Record<string, unknown>[] | null;

  @ClientMutationIdInputField()
  clientMutationId?: string | null;
}

/** CreateJobInput's members that are not the body's: REST's path (`id`) and query (`wait`). */
export const CREATE_JOB_OUTSIDE = ['id', 'wait'] as const;

@InputType('CreateJobInput')
export class CreateJobInput {
  @Field(() => ID, { description: 'The workflow to run.' })
  workflowId: string;

  @Field(() => ID, { nullable: true, description: 'The entry to run it over.' })
  siloEntryId?: string | null;

  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'A GOBL envelope or document: created as an entry first, when no `siloEntryId` is given.',
  })
  data?: Record<string, unknown> | null;

  @Field(() => String, { nullable: true, description: 'The same key again answers the same job.' })
  key?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Arguments for the steps: at most 32 string values.' })
  args?: Record<string, unknown> | null;

  @Field(() => [String], { nullable: true, description: 'Tags of your own: at most 16.' })
  tags?: string[] | null;

  @Field(() => ID, {
    nullable: true,
    description: "The job's id, a UUID of your own (REST's PUT /transform/v1/jobs/{id}): the same again answers the same job.",
  })
  id?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: `Seconds (0 to ${MAX_JOB_WAIT_SECONDS}) to wait for the job to end before answering (REST's \`wait\`); 0 or none: at once.`,
  })
  wait?: number | null;

  @ClientMutationIdInputField()
  clientMutationId?: string | null;
}

@ObjectType('SaveWorkflowPayload', { simpleResolvers: true })
export class SaveWorkflowPayload {
  @Field(() => WorkflowType, { description: 'The workflow as saved (the one saved before, when the same id was saved already).' })
  workflow: WorkflowWithVersions;

  @ClientMutationIdField()
  clientMutationId: string | null;
}

@ObjectType('UpdateWorkflowPayload', { simpleResolvers: true })
export class UpdateWorkflowPayload {
  @Field(() => WorkflowType, { description: 'The workflow as it is now.' })
  workflow: WorkflowWithVersions;

  @ClientMutationIdField()
  clientMutationId: string | null;
}

@ObjectType('CreateJobPayload', { simpleResolvers: true })
export class CreateJobPayload {
  @Field(() => JobType, { description: 'The job: ended, or under way (`wait` seconds at most).' })
  job: Job;

  @ClientMutationIdField()
  clientMutationId: string | null;
}
