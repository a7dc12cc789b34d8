import type { Refusal } from './refusal';
import type { EntryFault } from './view/fault-places';
import { isObject, type Json } from './workflow-json';

/**
 * The service's refusal of a workflow, as faults at the places of the JSON text they name. The service names a
 * step by where it stands (`steps[1] (silo.state): state must be one of …`, `rescue[0].next[1].steps[0]: …`) or by
 * its id (`step id … is used twice`, `step …: next step_id … is no step of the workflow`), and a member of the
 * workflow by its name (`fields`: `{"name": "must be …"}`); GraphQL itself names a value it could not take
 * (`… at "input.steps[0]"`, `Field "colour" is not defined by type …`).
 */

/** The value at a place written `steps[1].next[0].steps[2]`, or undefined. */
export function valueAt(root: unknown, where: string): unknown {
  let value = root;
  for (const [, key, index] of where.matchAll(/\.?([A-Za-z_]\w*)|\[(\d+)\]/g)) {
    if (key !== undefined) value = isObject(value) ? value[key] : undefined;
    else value = Array.isArray(value) ? value[Number(index)] : undefined;
  }
  return value;
}

/** `steps[1]` → `Step 2 “Number”`; `rescue[0].next[1].steps[0]` → `Rescue step 1, branch 2, step 1 “…”`. */
export function stepLabel(root: unknown, where: string): string {
  const parts = [...where.matchAll(/(steps|rescue|next)\[(\d+)\]/g)].map(([, list, index], position) => {
    const number = Number(index) + 1;
    if (list === 'next') return `branch ${number}`;
    if (position === 0) return `${list === 'rescue' ? 'Rescue step' : 'Step'} ${number}`;
    return `step ${number}`;
  });
  const step = valueAt(root, where);
  const name = isObject(step) && typeof step.name === 'string' && step.name !== '' ? ` “${step.name}”` : '';
  return `${parts.join(', ')}${name}`;
}

/** Every step of the workflow, branches included, with where it stands. */
export function stepPlaces(root: unknown): { where: string; step: Json }[] {
  const found: { where: string; step: Json }[] = [];
  const walk = (list: unknown, where: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((step, index) => {
      if (!isObject(step)) return;
      const at = `${where}[${index}]`;
      found.push({ where: at, step });
      if (Array.isArray(step.next)) step.next.forEach((next, branch) => isObject(next) && walk(next.steps, `${at}.next[${branch}].steps`));
    });
  };
  if (isObject(root)) {
    walk(root.steps, 'steps');
    walk(root.rescue, 'rescue');
  }
  return found;
}

const sameId = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
const fault = (code: string, message: string, where: string): EntryFault => ({
  code,
  message,
  paths: [`$.${where}`.replace(/^\$\.$/, '$')],
});

/** A step named by where it stands: the member its problem is about when the message says which. */
function stepFault(code: string, root: unknown, where: string, provider: string | undefined, problem: string): EntryFault {
  const step = valueAt(root, where);
  const member = /^unknown provider|names no provider/.test(problem)
    ? isObject(step) && 'action' in step && !('provider' in step)
      ? 'action'
      : 'provider'
    : /^id must be/.test(problem)
      ? 'id'
      : provider
        ? 'config'
        : undefined;
  const place = member && isObject(step) && member in step ? `${where}.${member}` : where;
  return fault(code, `${stepLabel(root, where)}${provider ? ` (${provider})` : ''}: ${problem}`, place);
}

/** The faults of a refusal of the workflow `root` (the JSON text's value), each at the place it names. */
export function workflowFaults(refusal: Refusal, root: unknown): EntryFault[] {
  const { key, message } = refusal;
  const atStep = /^((?:steps|rescue)\[\d+\](?:\.next\[\d+\]\.steps\[\d+\])*)(?: \(([^)]+)\))?: (.+)$/s.exec(message);
  if (atStep) return [stepFault(key, root, atStep[1], atStep[2], atStep[3])];

  const twice = /^step id (\S+) is used twice/.exec(message);
  if (twice) {
    const places = stepPlaces(root).filter(({ step }) => sameId(step.id, twice[1]));
    const last = places.at(-1);
    if (last)
      return [fault(key, `${stepLabel(root, last.where)}: its id is also ${stepLabel(root, places[0].where)}'s`, `${last.where}.id`)];
  }

  const dangling = /^step (\S+): next step_id (\S+) is no step/.exec(message);
  if (dangling) {
    const place = stepPlaces(root).find(({ step }) => sameId(step.id, dangling[1]));
    if (place) {
      const branch = Array.isArray(place.step.next)
        ? place.step.next.findIndex((next) => isObject(next) && sameId(next.step_id, dangling[2]))
        : -1;
      const where = branch >= 0 ? `${place.where}.next[${branch}].step_id` : place.where;
      return [fault(key, `${stepLabel(root, place.where)}: step_id ${dangling[2]} is no step of the workflow`, where)];
    }
  }

  if (/^a workflow has at most/.test(message)) return [fault(key, message, 'steps')];

  // GraphQL's own refusal of the input: the value it could not take, or a member the input has not.
  const value = /at "input\.([^"]+)"/.exec(message);
  if (value) return [fault(key, message, value[1])];
  const member = /Field "(\w+)" (?:is not defined by type|of required type)/.exec(message);
  if (member) return [fault(key, message, member[1])];

  // Members named in `fields`: `name`, `steps`, … (paths as refusalOf writes them, without `$.`).
  if (refusal.faults.length > 0)
    return refusal.faults.map((one) => ({ ...one, paths: one.paths.map((path) => (path.startsWith('$') ? path : `$.${path}`)) }));
  return [];
}
