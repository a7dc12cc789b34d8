import { createHash } from 'node:crypto';
import { badInput, conflict, notFound } from '../shared/errors';
import { UUID_PATTERN } from '../shared/uuid';
import { checkSteps, readNewWorkflow, readWorkflowPatch } from './workflow-input';
import type { WorkflowStore } from './workflow-store';
import { MAX_WORKFLOWS_PER_WORKSPACE, MAX_WORKFLOW_VERSIONS, type Steps, type Workflow, type WorkflowVersion } from './workflow';

export const DEFAULT_WORKFLOWS_LIMIT = 20;
export const MAX_WORKFLOWS_LIMIT = 100;

const idOf = (id: string, what: string) => {
  if (!UUID_PATTERN.test(id)) throw notFound(what);
  return id.toLowerCase();
};

/** The first 12 hex digits of the SHA-256 of a workflow's steps: what tells its versions apart. */
const hashOf = (steps: Steps) =>
  createHash('sha256')
    .update(JSON.stringify([steps.steps, steps.rescue]))
    .digest('hex')
    .slice(0, 12);

/** A workspace's workflows: saved by id, changed with a new version when their steps change, listed, read. */
export class WorkflowsService {
  constructor(
    private readonly store: WorkflowStore,
    private readonly newId: () => string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Creates the workflow `id` (a new id without one); the same id again answers the one saved (409 if it differs). */
  async create(workspaceId: string, id: string | undefined, body: unknown): Promise<Workflow> {
    const input = readNewWorkflow(body);
    const now = this.clock();
    const workflow: Workflow = {
      workspaceId,
      id: id === undefined ? this.newId() : idOf(id, 'workflow'),
      name: input.name,
      description: input.description || undefined,
      schema: input.schema || undefined,
      country: input.country || undefined,
      draft: input.draft ?? false,
      disabled: false,
      steps: input.steps,
      rescue: input.rescue,
      version: 1,
      hash: hashOf(input),
      createdAt: now,
      updatedAt: now,
    };
    const made = await this.store.createWorkflow(workflow, MAX_WORKFLOWS_PER_WORKSPACE);
    if (!made) throw conflict(`a workspace has at most ${MAX_WORKFLOWS_PER_WORKSPACE} workflows`);
    if (made.created) return made.workflow;
    if (made.workflow.hash !== workflow.hash || made.workflow.name !== workflow.name)
      throw conflict(`workflow ${workflow.id} exists with other steps: change it with PATCH`);
    return made.workflow;
  }

  async find(workspaceId: string, id: string): Promise<Workflow & { versions: WorkflowVersion[] }> {
    const workflow = await this.store.findWorkflow(workspaceId, idOf(id, 'workflow'));
    if (!workflow) throw notFound('workflow');
    return { ...workflow, versions: await this.store.versionsOf(workspaceId, workflow.id) };
  }

  /** A workflow's versions, newest first: none for an id that names no workflow (a list's workflows, read without them). */
  versions(workspaceId: string, id: string): Promise<WorkflowVersion[]> {
    return UUID_PATTERN.test(id) ? this.store.versionsOf(workspaceId, id.toLowerCase()) : Promise.resolve([]);
  }

  async list(
    workspaceId: string,
    query: { limit?: number; createdAt?: string; schema?: string },
  ): Promise<{ list: Workflow[]; limit: number; next?: Date }> {
    const limit = query.limit ?? DEFAULT_WORKFLOWS_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_WORKFLOWS_LIMIT)
      throw badInput(`limit: must be 1 to ${MAX_WORKFLOWS_LIMIT}`, { limit: `must be an integer from 1 to ${MAX_WORKFLOWS_LIMIT}` });
    const before = query.createdAt ? new Date(query.createdAt) : undefined;
    if (before && Number.isNaN(before.getTime())) throw badInput('created_at: not a time', { created_at: 'must be an RFC 3339 time' });
    const list = await this.store.listWorkflows(workspaceId, { limit: limit + 1, before, schema: query.schema || undefined });
    const page = list.slice(0, limit);
    return { list: page, limit, next: list.length > limit ? page[page.length - 1].createdAt : undefined };
  }

  /** Changes a workflow: new steps (or rescue steps) make a new version, the earlier kept in `versions`. */
  async update(workspaceId: string, id: string, body: unknown): Promise<Workflow & { versions: WorkflowVersion[] }> {
    const patch = readWorkflowPatch(body);
    const current = await this.find(workspaceId, id);
    const steps = { steps: patch.steps ?? current.steps, rescue: patch.rescue ?? current.rescue };
    checkSteps(steps.steps, steps.rescue);
    const hash = hashOf(steps);
    const newVersion = hash !== current.hash;
    const changed: Workflow = {
      ...current,
      ...steps,
      name: patch.name ?? current.name,
      description: patch.description === undefined ? current.description : patch.description || undefined,
      draft: patch.draft ?? current.draft,
      disabled: patch.disabled ?? current.disabled,
      version: newVersion ? current.version + 1 : current.version,
      hash,
      updatedAt: this.clock(),
    };
    const updated = await this.store.updateWorkflow(changed, newVersion, MAX_WORKFLOW_VERSIONS);
    if (!updated) throw conflict('the workflow changed meanwhile: read it again');
    return { ...updated, versions: await this.store.versionsOf(workspaceId, updated.id) };
  }
}
