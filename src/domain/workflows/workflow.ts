/**
 * Workflows (the hosted API's transform service): a named list of steps, each run by a provider (`silo.state`,
 * `sequence.enumerate`, `ubl.generate`, …) with its config, branching on the step's status and code (`next`), with
 * `rescue` steps for a failure no `next` handles. A job runs one workflow over one entry, a step at a time.
 */

/** Steps in one workflow, at every depth (branches included), and how deep `next` branches may nest. */
export const MAX_WORKFLOW_STEPS = 100;
export const MAX_BRANCH_DEPTH = 8;
/** Workflows one workspace may keep, and earlier versions kept per workflow. */
export const MAX_WORKFLOWS_PER_WORKSPACE = 500;
export const MAX_WORKFLOW_VERSIONS = 20;

/** What a step came to, as the hosted API names it. */
export type StepStatus = 'OK' | 'KO' | 'SKIP' | 'NA' | 'TIMEOUT';
export const STEP_STATUSES: readonly StepStatus[] = ['OK', 'KO', 'SKIP', 'NA', 'TIMEOUT'];

/** Where to go after a step whose status (and code) match: a step by id, a branch of steps, or the end. */
export interface NextStep {
  status?: StepStatus;
  code?: string;
  stepId?: string;
  steps?: Step[];
  stop?: boolean;
}

export interface Step {
  id: string;
  name: string;
  provider: string;
  summary?: string;
  notes?: string;
  config: Record<string, unknown>;
  next?: NextStep[];
}

/** The steps of a workflow as a job runs them: fixed when the job is created. */
export interface Steps {
  steps: Step[];
  rescue: Step[];
}

export interface WorkflowVersion {
  version: number;
  hash: string;
  name: string;
  createdAt: Date;
}

export interface Workflow extends Steps {
  workspaceId: string;
  id: string;
  name: string;
  description?: string;
  /** The short schema of the documents it takes (`bill/invoice`); any when absent. */
  schema?: string;
  country?: string;
  draft: boolean;
  disabled: boolean;
  version: number;
  /** The first 12 hex digits of the SHA-256 of its steps and rescue steps. */
  hash: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Each step of a list, its branches' steps included, with the list it is in and its place there. */
export function* allSteps(steps: Step[]): Generator<Step> {
  for (const step of steps) {
    yield step;
    for (const next of step.next ?? []) if (next.steps) yield* allSteps(next.steps);
  }
}

/**
 * Where each step stands: its list and place, and the step that follows its list's end (the step after the one
 * whose branch it is, or none): what the runner needs to go on after it.
 */
export interface StepPlace {
  step: Step;
  /** The step that comes after it when its `next` says nothing: its next sibling, or its branch's continuation. */
  following?: string;
  rescue: boolean;
}

export function placesOf(workflow: Steps): Map<string, StepPlace> {
  const places = new Map<string, StepPlace>();
  const visit = (list: Step[], after: string | undefined, rescue: boolean) => {
    list.forEach((step, i) => {
      const following = i + 1 < list.length ? list[i + 1].id : after;
      places.set(step.id, { step, following, rescue });
      for (const next of step.next ?? []) if (next.steps?.length) visit(next.steps, following, rescue);
    });
  };
  visit(workflow.steps, undefined, false);
  visit(workflow.rescue, undefined, true);
  return places;
}

/** The `next` of a step that matches what it came to: its status (or any) and its code (or any). */
export const matchingNext = (step: Step, status: StepStatus, code: string | undefined): NextStep | undefined =>
  step.next?.find((next) => (next.status === undefined || next.status === status) && (next.code === undefined || next.code === code));
