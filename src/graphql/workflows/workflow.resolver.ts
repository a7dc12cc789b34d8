import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { MAX_WORKFLOW_VERSIONS, type WorkflowVersion } from '../../domain/workflows/workflow';
import { DEFAULT_WORKFLOWS_LIMIT, MAX_WORKFLOWS_LIMIT } from '../../domain/workflows/workflows.service';
import type { GraphQLContext } from '../plumbing/context';
import { domainBodyOf } from '../plumbing/input-names';
import { pagedComplexity, PART_COMPLEXITY } from '../plumbing/limits';
import { workflowsOf } from './job-loaders';
import { WorkflowConnectionType, workflowConnectionOf, WorkflowsArgs } from './workflow-connection.type';
import { SaveWorkflowInput, SaveWorkflowPayload, UpdateWorkflowInput, UpdateWorkflowPayload } from './workflow.input';
import { WorkflowType, WorkflowVersionType, type WorkflowWithVersions } from './workflow.type';

/**
 * Workflows, as REST's /transform/v1/workflows serves them: each field one call into WorkflowsService, which checks
 * every step (its provider, its config, its branches) and owns every error.
 */
@Resolver(() => WorkflowType)
export class WorkflowResolver {
  @Query(() => WorkflowConnectionType, {
    description: "The workspace's workflows, newest first (REST GET /transform/v1/workflows).",
    complexity: pagedComplexity(DEFAULT_WORKFLOWS_LIMIT, MAX_WORKFLOWS_LIMIT),
  })
  async workflows(@Args(() => WorkflowsArgs) args: WorkflowsArgs, @Ctx() ctx: GraphQLContext): Promise<WorkflowConnectionType> {
    const page = await workflowsOf(ctx).list(ctx.workspaceId, {
      limit: args.first ?? undefined,
      createdAt: args.after ?? undefined,
      schema: args.schema ?? undefined,
    });
    return workflowConnectionOf(page);
  }

  @Query(() => WorkflowType, {
    nullable: true,
    description: 'One workflow by its id, with its versions; NOT_FOUND when the workspace has none.',
  })
  workflow(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<WorkflowWithVersions> {
    return workflowsOf(ctx).find(ctx.workspaceId, id);
  }

  @Mutation(() => SaveWorkflowPayload, {
    description:
      'Saves a workflow, as PUT /transform/v1/workflows/{id} (or, without an id, POST /transform/v1/workflows) does: the same id again answers the one saved; with other steps, CONFLICT (change it with updateWorkflow). An unknown provider, a config it cannot run, a repeated step id or a `step_id` naming no step is BAD_USER_INPUT, naming the step.',
  })
  async saveWorkflow(
    @Arg('id', () => ID, { nullable: true, description: "The workflow's id, a UUID of your own; none: a new one." }) id: string | null,
    @Arg('input', () => SaveWorkflowInput) input: SaveWorkflowInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SaveWorkflowPayload> {
    const workflow = await workflowsOf(ctx).create(ctx.workspaceId, id ?? undefined, domainBodyOf(input));
    return { workflow, clientMutationId: input.clientMutationId ?? null };
  }

  @Mutation(() => UpdateWorkflowPayload, {
    description:
      'Changes a workflow, as PATCH /transform/v1/workflows/{id} does: new steps (or rescue steps) make a new version; jobs under way keep the steps they started with.',
  })
  async updateWorkflow(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWorkflowInput) input: UpdateWorkflowInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UpdateWorkflowPayload> {
    const workflow = await workflowsOf(ctx).update(ctx.workspaceId, id, domainBodyOf(input));
    return { workflow, clientMutationId: input.clientMutationId ?? null };
  }

  @FieldResolver(() => [WorkflowVersionType], {
    complexity: PART_COMPLEXITY,
    description: `Its versions, newest first (the ${MAX_WORKFLOW_VERSIONS} newest are kept).`,
  })
  versions(@Root() workflow: WorkflowWithVersions, @Ctx() ctx: GraphQLContext): WorkflowVersion[] | Promise<WorkflowVersion[]> {
    return workflow.versions ?? workflowsOf(ctx).versions(ctx.workspaceId, workflow.id);
  }
}
