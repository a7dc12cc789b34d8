import { readJsonSource, placeOfPath } from '../../console/src/json-source';
import type { Refusal } from '../../console/src/refusal';
import { stepLabel, workflowFaults } from '../../console/src/workflow-faults';
import { stepNames, stepsOf } from '../../console/src/workflow-json';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const workflow = {
  name: 'Issue',
  steps: [
    { id: A, name: 'Processing', provider: 'silo.state', config: { state: 'flying' } },
    { id: B, name: 'Check', provider: 'silo.if', next: [{ code: 'true', steps: [{ id: C, name: 'Inner', action: 'teleport' }] }] },
  ],
  rescue: [{ id: A, name: 'Error', provider: 'silo.state', config: { state: 'error' } }],
};
const refused = (message: string, fields?: Record<string, string>): Refusal => ({
  key: 'input',
  message,
  faults: Object.entries(fields ?? {}).map(([path, said]) => ({ code: 'input', message: said, paths: [path] })),
});
const pathsOf = (message: string, fields?: Record<string, string>) =>
  workflowFaults(refused(message, fields), workflow).map((f) => f.paths[0]);

describe("the service's refusals of a workflow, at the places of its JSON text", () => {
  test('a step named by where it stands: its config, its provider, or the step', () => {
    const [config] = workflowFaults(refused('steps[0] (silo.state): state must be one of processing, sent'), workflow);
    expect(config).toEqual({
      code: 'input',
      message: 'Step 1 “Processing” (silo.state): state must be one of processing, sent',
      paths: ['$.steps[0].config'],
    });
    expect(pathsOf('steps[1].next[0].steps[0]: unknown provider teleport; this service runs silo.state')).toEqual([
      '$.steps[1].next[0].steps[0].action',
    ]);
    expect(pathsOf('rescue[0]: branches nest at most 8 deep')).toEqual(['$.rescue[0]']);
    expect(stepLabel(workflow, 'steps[1].next[0].steps[0]')).toBe('Step 2, branch 1, step 1 “Inner”');
  });

  test('a step named by its id: the repeated id, the step_id that names no step', () => {
    expect(pathsOf(`step id ${A} is used twice`)).toEqual(['$.rescue[0].id']);
    const dangling = { ...workflow, steps: [{ ...workflow.steps[0], next: [{ status: 'KO', step_id: 'nowhere' }] }] };
    const [fault] = workflowFaults(refused(`step ${A}: next step_id nowhere is no step of the workflow`), dangling);
    expect(fault.paths).toEqual(['$.steps[0].next[0].step_id']);
  });

  test("members named in `fields`, and GraphQL's own refusals of the input", () => {
    expect(pathsOf('name: must be a string of at most 255 characters', { name: 'must be a string of at most 255 characters' })).toEqual([
      '$.name',
    ]);
    expect(pathsOf('Variable "$input" got invalid value 5 at "input.name"; String cannot represent a non string value: 5')).toEqual([
      '$.name',
    ]);
    expect(
      pathsOf('Variable "$input" got invalid value { colour: 1 }; Field "colour" is not defined by type "SaveWorkflowInput".'),
    ).toEqual(['$.colour']);
    expect(pathsOf('something else')).toEqual([]);
  });

  test('each path finds its place in the text as the editor shows it', () => {
    const text = JSON.stringify(workflow, null, 2);
    const source = readJsonSource(text);
    if (!source.ok) throw new Error('JSON');
    const place = placeOfPath(source.places, '$.steps[0].config', true)!;
    expect(text.slice(place.offset, place.offset + place.length)).toContain('"flying"');
  });

  test('the steps as REST answers them become the list the page shows, branches included', () => {
    const steps = stepsOf(workflow.steps);
    expect(steps.map((s) => [s.name, s.provider])).toEqual([
      ['Processing', 'silo.state'],
      ['Check', 'silo.if'],
    ]);
    expect(steps[1].next[0].steps?.[0]).toMatchObject({ name: 'Inner', provider: 'teleport' });
    expect(stepNames([steps]).get(C)).toBe('Inner');
  });
});
