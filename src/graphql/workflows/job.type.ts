import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { Intent, IntentEvent, Job, JobFault, JobStatus } from '../../domain/workflows/job';
import { DateTimeScalar } from '../plumbing/date-time.scalar';
import { ResolvedBy } from '../plumbing/field-path';
import { StepStatusEnum } from './workflow.type';

/** A job's status as a GraphQL enum, each value's internal value its own name (resolvers answer `jobStatusName`). */
export const JobStatusEnum = { QUEUED: 'QUEUED', RUNNING: 'RUNNING', COMPLETED: 'COMPLETED', FAILED: 'FAILED' } as const;

export const jobStatusName = (status: JobStatus): string => status.toUpperCase();

registerEnumType(JobStatusEnum, {
  name: 'JobStatus',
  description:
    'QUEUED (no step run yet), RUNNING, COMPLETED (every step it came to went its way) or FAILED (a step failed and the rescue steps, if any, ran).',
});

@ObjectType('JobIntentEvent', {
  simpleResolvers: true,
  description: 'What happened to a step run: RUN when it started, then what it came to.',
})
export class JobIntentEventType {
  @Field(() => Int)
  index: number;

  @Field(() => StepStatusEnum)
  status: IntentEvent['status'];

  @Field(() => DateTimeScalar)
  at: Date;

  @Field(() => String, { nullable: true, description: 'The code it came to (a state, a code taken, `signed`, …).' })
  code?: string;

  @Field(() => String, { nullable: true })
  message?: string;
}

@ObjectType('JobIntent', { simpleResolvers: true, description: 'One step run by a job, with its events.' })
export class JobIntentType {
  @Field(() => ID)
  id: string;

  @Field(() => ID, { description: 'The step of the workflow it ran.' })
  stepId: string;

  @Field(() => String)
  name: string;

  @Field(() => String)
  provider: string;

  @Field(() => [JobIntentEventType])
  events: IntentEvent[];

  @Field(() => Boolean)
  completed: boolean;

  @Field(() => DateTimeScalar)
  createdAt: Date;

  @Field(() => DateTimeScalar)
  updatedAt: Date;
}

@ObjectType('JobFault', { simpleResolvers: true, description: 'Why a step failed the job.' })
export class JobFaultType {
  @Field(() => String, { description: 'The provider of the step.' })
  provider: string;

  @Field(() => String, { nullable: true })
  code?: string;

  @Field(() => String, { nullable: true })
  message?: string;

  @Field(() => [String], { nullable: true, description: 'JSON paths into the envelope, when the fault names any.' })
  paths?: string[];
}

/**
 * A job as REST shows it (GET /transform/v1/jobs/{id}), without its entry's envelope (`entry { data }` reads it).
 * Resolvers return the domain `Job`; `workflow`, `entry` and `attachments` are resolved in JobResolver.
 */
@ObjectType('Job', {
  simpleResolvers: true,
  description: 'One workflow run over one entry, a step at a time, by the service’s durable runner.',
})
export class JobType {
  @Field(() => ID, { description: "The job's id (a UUID)." })
  id: string;

  @Field(() => String, { nullable: true, description: 'The key it was created with: the same key again answers the same job.' })
  key?: string;

  @Field(() => ID)
  workflowId: string;

  @Field(() => ID, { nullable: true, description: 'The entry it runs over (REST `silo_entry_id`).' })
  siloEntryId?: string;

  @Field(() => GraphQLJSONObject, { description: 'Arguments for the steps (string values).' })
  args: Record<string, string>;

  @Field(() => [String])
  tags: string[];

  @Field(() => JobStatusEnum)
  @ResolvedBy((job: Job) => jobStatusName(job.status))
  status: string;

  @Field(() => [JobIntentType], { description: 'The steps it ran, in order, each with its events.' })
  intents: Intent[];

  @Field(() => [JobFaultType], { description: 'Why it failed; empty unless FAILED.' })
  faults: JobFault[];

  @Field(() => DateTimeScalar, { nullable: true, description: 'When it ended; null while it runs.' })
  completedAt?: Date;

  @Field(() => DateTimeScalar)
  createdAt: Date;

  @Field(() => DateTimeScalar)
  updatedAt: Date;
}
