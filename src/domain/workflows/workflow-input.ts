import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { v7 as uuidv7 } from 'uuid';
import { badInput } from '../shared/errors';
import { compileShape, flagSchema, readShaped } from '../shared/shape-check';
import { UUID_PATTERN } from '../shared/uuid';
import { PROVIDER_CONFIGS, PROVIDER_NAMES } from './provider-configs';
import { MAX_BRANCH_DEPTH, MAX_WORKFLOW_STEPS, STEP_STATUSES, allSteps, type NextStep, type Step, type StepStatus } from './workflow';

/**
 * The bodies of `PUT`/`POST /transform/v1/workflows` and `PATCH /transform/v1/workflows/{id}`: the one declaration
 * of a workflow's input, and its checks. A step names its provider as `provider` (the published workflows) or
 * `action` (the hosted OpenAPI and its Go client); either is read, and both are answered.
 */
const text = (maxLength: number, description: string) =>
  Type.String({ maxLength, description, expected: `a string of at most ${maxLength} characters` });

const StepSchema = Type.Recursive(
  (self) =>
    Type.Object(
      {
        id: Type.Optional(
          Type.String({ description: "The step's UUID, unique in the workflow; a step without one is given one.", expected: 'a UUID' }),
        ),
        name: Type.Optional(text(255, 'What the step does.')),
        provider: Type.Optional(text(64, `The provider that runs the step: ${PROVIDER_NAMES.join(', ')}.`)),
        action: Type.Optional(text(64, 'The same as `provider`, as the hosted API and its Go client name it.')),
        summary: Type.Optional(text(1_024, "A summary of the step's config.")),
        notes: Type.Optional(text(4_096, 'Notes of your own.')),
        config: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "The provider's settings." })),
        next: Type.Optional(
          Type.Array(
            Type.Object(
              {
                status: Type.Optional(Type.Union(STEP_STATUSES.map((status) => Type.Literal(status)))),
                code: Type.Optional(text(255, 'The code the step must have come to.')),
                step_id: Type.Optional(text(36, 'Go on at this step of the workflow.')),
                steps: Type.Optional(Type.Array(self, { description: 'Run these steps, then go on after this one.' })),
                stop: Type.Optional(flagSchema('End the job here.')),
              },
              { additionalProperties: false },
            ),
            { maxItems: 16, description: 'Where to go after the step, by its status and code: the first that matches.' },
          ),
        ),
      },
      { additionalProperties: false },
    ),
  { $id: 'TransformStep' },
);

const steps = (description: string) => Type.Array(StepSchema, { maxItems: MAX_WORKFLOW_STEPS, description, expected: 'a list of steps' });

export const CreateWorkflowBody = Type.Object(
  {
    name: text(255, 'The name of the workflow.'),
    description: Type.Optional(text(1_024, 'What it is for.')),
    schema: Type.Optional(text(64, 'The short schema of the documents it takes (`bill/invoice`); any when absent.')),
    country: Type.Optional(text(2, 'The country it is for.')),
    draft: Type.Optional(flagSchema('A draft is kept but runs no job.')),
    steps: steps('The steps, in order.'),
    rescue: Type.Optional(steps('Steps run when a step fails and no `next` of it says where to go.')),
  },
  { $id: 'CreateWorkflowBody', additionalProperties: false },
);

export const UpdateWorkflowBody = Type.Object(
  {
    name: Type.Optional(text(255, 'A new name.')),
    description: Type.Optional(text(1_024, 'A new description.')),
    draft: Type.Optional(flagSchema('A draft is kept but runs no job.')),
    disabled: Type.Optional(flagSchema('A disabled workflow runs no new job.')),
    steps: Type.Optional(steps('New steps: a new version of the workflow.')),
    rescue: Type.Optional(steps('New rescue steps: a new version of the workflow.')),
  },
  { $id: 'UpdateWorkflowBody', additionalProperties: false },
);

type StepBody = Static<typeof StepSchema>;
export type NewWorkflow = Omit<Static<typeof CreateWorkflowBody>, 'steps' | 'rescue'> & { steps: Step[]; rescue: Step[] };
export type WorkflowPatch = Omit<Static<typeof UpdateWorkflowBody>, 'steps' | 'rescue'> & { steps?: Step[]; rescue?: Step[] };

const NEW_WORKFLOW = compileShape(CreateWorkflowBody);
const WORKFLOW_PATCH = compileShape(UpdateWorkflowBody);

function stepOf(body: StepBody, where: string, depth: number): Step {
  if (depth > MAX_BRANCH_DEPTH) throw badInput(`${where}: branches nest at most ${MAX_BRANCH_DEPTH} deep`, { steps: 'nest too deep' });
  const provider = body.provider ?? body.action;
  if (!provider) throw badInput(`${where}: provider is required`, { steps: `${where} names no provider` });
  if (body.provider && body.action && body.provider !== body.action)
    throw badInput(`${where}: provider ${body.provider} and action ${body.action} differ`, { steps: `${where} names two providers` });
  const check = PROVIDER_CONFIGS[provider];
  if (!check)
    throw badInput(`${where}: unknown provider ${provider}; this service runs ${PROVIDER_NAMES.join(', ')}`, {
      steps: `${where}: unknown provider ${provider}`,
    });
  // As the hosted API, a step needs no id of its own: one that none names (no `step_id` can) is given one.
  const id = body.id ?? uuidv7();
  if (!UUID_PATTERN.test(id)) throw badInput(`${where}: id must be a UUID`, { steps: `${where}: id must be a UUID` });
  const config = (body.config ?? {}) as Record<string, unknown>;
  const problem = check(config);
  if (problem) throw badInput(`${where} (${provider}): ${problem}`, { steps: `${where} (${provider}): ${problem}` });
  const next = body.next?.map((n, i): NextStep => ({
    status: n.status as StepStatus | undefined,
    code: n.code,
    stepId: n.step_id?.toLowerCase(),
    steps: n.steps?.map((s, j) => stepOf(s as StepBody, `${where}.next[${i}].steps[${j}]`, depth + 1)),
    stop: n.stop,
  }));
  return {
    id: id.toLowerCase(),
    name: body.name ?? provider,
    provider,
    summary: body.summary,
    notes: body.notes,
    config,
    next: next?.length ? next : undefined,
  };
}

/** Every step id unique, every `step_id` naming a step, at most MAX_WORKFLOW_STEPS in all. */
export function checkSteps(steps: Step[], rescue: Step[]): void {
  const all = [...allSteps(steps), ...allSteps(rescue)];
  if (all.length > MAX_WORKFLOW_STEPS)
    throw badInput(`a workflow has at most ${MAX_WORKFLOW_STEPS} steps, branches included`, { steps: `${all.length} steps` });
  const ids = new Set<string>();
  for (const step of all) {
    if (ids.has(step.id)) throw badInput(`step id ${step.id} is used twice`, { steps: `step id ${step.id} is used twice` });
    ids.add(step.id);
  }
  for (const step of all)
    for (const next of step.next ?? [])
      if (next.stepId !== undefined && !ids.has(next.stepId))
        throw badInput(`step ${step.id}: next step_id ${next.stepId} is no step of the workflow`, {
          steps: `unknown step_id ${next.stepId}`,
        });
}

const stepsOf = (list: unknown[] | undefined, name: string) => (list ?? []).map((s, i) => stepOf(s as StepBody, `${name}[${i}]`, 0));

/** A workflow's body checked against CreateWorkflowBody, then its steps (400 `input`). */
export function readNewWorkflow(body: unknown): NewWorkflow {
  const input = readShaped<Static<typeof CreateWorkflowBody>>(NEW_WORKFLOW, body);
  const result = { ...input, steps: stepsOf(input.steps, 'steps'), rescue: stepsOf(input.rescue, 'rescue') };
  checkSteps(result.steps, result.rescue);
  return result;
}

/** A change's body checked against UpdateWorkflowBody; its steps checked with the workflow's others by the service. */
export function readWorkflowPatch(body: unknown): WorkflowPatch {
  const input = readShaped<Static<typeof UpdateWorkflowBody>>(WORKFLOW_PATCH, body);
  return {
    ...input,
    steps: input.steps === undefined ? undefined : stepsOf(input.steps, 'steps'),
    rescue: input.rescue === undefined ? undefined : stepsOf(input.rescue, 'rescue'),
  };
}

/** A step as the API answers it: `provider` and `action` both, for the published workflows and the Go client. */
export function stepJson(step: Step): Record<string, unknown> {
  return {
    id: step.id,
    name: step.name,
    provider: step.provider,
    action: step.provider,
    summary: step.summary,
    notes: step.notes,
    config: Object.keys(step.config).length > 0 ? step.config : undefined,
    next: step.next?.map((n) => ({ status: n.status, code: n.code, step_id: n.stepId, steps: n.steps?.map(stepJson), stop: n.stop })),
  };
}

export const StepAnswerSchema: TSchema = StepSchema;
