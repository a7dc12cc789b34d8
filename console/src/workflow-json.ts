import { newId } from './new-id';

/**
 * A workflow's steps as JSON, in REST's shape (`stepsJson`, `rescueJson`, and what saveWorkflow takes back): read
 * into the list the page shows, written for the editor, given ids where they have none.
 */

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);

/** A step as the editor shows it: `action` left out where it repeats `provider` (the service reads either). */
function cleanStep(step: unknown): unknown {
  if (!isObject(step)) return step;
  const { action, next, ...rest } = step;
  const shown: Json = { ...rest };
  if (action !== undefined && action !== step.provider) shown.action = action;
  if (Array.isArray(next))
    shown.next = next.map((branch) =>
      isObject(branch) && Array.isArray(branch.steps) ? { ...branch, steps: branch.steps.map(cleanStep) } : branch,
    );
  return shown;
}
export const cleanSteps = (json: unknown): unknown[] => (Array.isArray(json) ? json.map(cleanStep) : []);

/** The steps, branches included, each given a new id where it has none; and whether any was. */
export function withIds(steps: unknown): { steps: unknown; added: boolean } {
  if (!Array.isArray(steps)) return { steps, added: false };
  let added = false;
  const list = steps.map((step) => {
    if (!isObject(step)) return step;
    const made: Json = { ...step };
    if (made.id === undefined) {
      made.id = newId();
      added = true;
    }
    if (Array.isArray(made.next))
      made.next = made.next.map((branch) => {
        if (!isObject(branch)) return branch;
        const inner = withIds(branch.steps);
        added ||= inner.added;
        return inner.steps === undefined ? branch : { ...branch, steps: inner.steps };
      });
    return made;
  });
  return { steps: list, added };
}

export interface StepView {
  id: string;
  name: string;
  provider: string;
  summary?: string;
  notes?: string;
  config: Record<string, unknown>;
  next: NextView[];
}

export interface NextView {
  status?: string;
  code?: string;
  stepId?: string;
  steps?: StepView[];
  stop?: boolean;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The steps of `stepsJson` or `rescueJson`; what is not a step is left out. */
export function stepsOf(json: unknown): StepView[] {
  if (!Array.isArray(json)) return [];
  return json.filter(isObject).map((step) => {
    const provider = text(step.provider) ?? text(step.action) ?? '';
    return {
      id: text(step.id) ?? '',
      name: text(step.name) ?? provider,
      provider,
      summary: text(step.summary),
      notes: text(step.notes),
      config: isObject(step.config) ? step.config : {},
      next: (Array.isArray(step.next) ? step.next : []).filter(isObject).map((next) => ({
        status: text(next.status),
        code: text(next.code),
        stepId: text(next.step_id),
        steps: Array.isArray(next.steps) ? stepsOf(next.steps) : undefined,
        stop: next.stop === true,
      })),
    };
  });
}

/** Every step's name by its id, branches included, for the `step_id`s that name them. */
export function stepNames(lists: StepView[][]): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (steps: StepView[]) =>
    steps.forEach((step) => {
      names.set(step.id.toLowerCase(), step.name);
      step.next.forEach((next) => next.steps && walk(next.steps));
    });
  lists.forEach(walk);
  return names;
}
