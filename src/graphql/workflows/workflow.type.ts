import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { STEP_STATUSES, type NextStep, type Step, type Workflow, type WorkflowVersion } from '../../domain/workflows/workflow';
import { stepJson } from '../../domain/workflows/workflow-input';
import { DateTimeScalar } from '../plumbing/date-time.scalar';
import { ResolvedBy } from '../plumbing/field-path';

/**
 * What a step came to, as the hosted API names it, and RUN for an intent's start. The names are the domain's own
 * values, so resolvers answer them as they are (the compiled executor passes enum leaves through unconverted).
 */
export const StepStatusEnum = Object.fromEntries([...STEP_STATUSES, 'RUN'].map((status) => [status, status])) as Record<string, string>;

registerEnumType(StepStatusEnum, {
  name: 'StepStatus',
  description:
    "What a step came to: OK, KO (failed), SKIP, NA (not applicable: a condition's answer), TIMEOUT; RUN, in an intent's events only, when the step started.",
});

/** Where to go after a step whose status (and code) match: a step by id, a branch of steps, or the end. */
@ObjectType('WorkflowNext', { simpleResolvers: true, description: "Where a job goes after a step, when the step's status and code match." })
export class WorkflowNextType {
  @Field(() => StepStatusEnum, { nullable: true, description: 'The status the step must have come to; any when null.' })
  status?: string;

  @Field(() => String, { nullable: true, description: 'The code the step must have come to; any when null.' })
  code?: string;

  @Field(() => ID, { nullable: true, description: 'Go on at this step of the workflow.' })
  stepId?: string;

  // Recursive: a branch's steps have their own `next`. A query reaches as deep as the depth limit lets it; `Workflow.stepsJson` holds every level.
  @Field(() => [WorkflowStepType], { nullable: true, description: 'Run these steps, then go on after this one.' })
  steps?: Step[];

  @Field(() => Boolean, { nullable: true, description: 'End the job here.' })
  stop?: boolean;
}

@ObjectType('WorkflowStep', {
  simpleResolvers: true,
  description: 'One step of a workflow: its provider and config, and where to go after it.',
})
export class WorkflowStepType {
  @Field(() => ID, { description: "The step's UUID, unique in the workflow." })
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { description: 'The provider that runs it (`silo.state`, `sequence.enumerate`, `ubl.generate`, …).' })
  provider: string;

  @Field(() => String, { description: 'The same as `provider`, as the hosted API and its Go client name it.' })
  @ResolvedBy((step: Step) => step.provider)
  action: string;

  @Field(() => String, { nullable: true })
  summary?: string;

  @Field(() => String, { nullable: true })
  notes?: string;

  @Field(() => GraphQLJSONObject, { description: "The provider's settings (an empty object when it has none)." })
  config: Record<string, unknown>;

  @Field(() => [WorkflowNextType], {
    description: 'Where to go after the step, by its status and code: the first that matches; none: the next step.',
  })
  @ResolvedBy((step: Step): NextStep[] => step.next ?? [])
  next: NextStep[];
}

@ObjectType('WorkflowVersion', { simpleResolvers: true, description: "One version of a workflow's steps." })
export class WorkflowVersionType {
  @Field(() => Int)
  version: number;

  @Field(() => String, { description: 'The first 12 hex digits of the SHA-256 of its steps and rescue steps.' })
  hash: string;

  @Field(() => String, { description: "The workflow's name then." })
  name: string;

  @Field(() => DateTimeScalar)
  createdAt: Date;
}

/**
 * A workflow as REST shows it (GET /transform/v1/workflows/{id}). Resolvers return the domain `Workflow`; `versions`
 * is resolved in WorkflowResolver.
 */
@ObjectType('Workflow', { simpleResolvers: true, description: 'A named list of steps a job runs over an entry, a step at a time.' })
export class WorkflowType {
  @Field(() => ID, { description: "The workflow's id (a UUID)." })
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => String, { nullable: true, description: 'The short schema of the documents it takes (`bill/invoice`); any when null.' })
  schema?: string;

  @Field(() => String, { nullable: true })
  country?: string;

  @Field(() => Boolean, { description: 'A draft is kept but runs no job.' })
  draft: boolean;

  @Field(() => Boolean, { description: 'A disabled workflow runs no new job.' })
  disabled: boolean;

  @Field(() => Int, { description: 'Its version: new steps make a new one (REST shows it as a string).' })
  version: number;

  @Field(() => String, { description: 'The first 12 hex digits of the SHA-256 of its steps and rescue steps.' })
  hash: string;

  @Field(() => [WorkflowStepType], { description: 'The steps, in order.' })
  steps: Step[];

  @Field(() => [WorkflowStepType], { description: 'The steps run when a step fails and no `next` of it says where to go.' })
  rescue: Step[];

  @Field(() => GraphQLJSON, {
    description: "The steps as REST answers them (snake_case, every branch's steps included): what saveWorkflow's `steps` takes back.",
  })
  @ResolvedBy((workflow: Workflow) => workflow.steps.map(stepJson))
  stepsJson: unknown;

  @Field(() => GraphQLJSON, { description: 'The rescue steps as REST answers them: what `rescue` takes back.' })
  @ResolvedBy((workflow: Workflow) => workflow.rescue.map(stepJson))
  rescueJson: unknown;

  @Field(() => DateTimeScalar)
  createdAt: Date;

  @Field(() => DateTimeScalar)
  updatedAt: Date;
}

export type WorkflowWithVersions = Workflow & { versions?: WorkflowVersion[] };
