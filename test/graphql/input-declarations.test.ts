import { Kind as TypeKind, Type, type TObject, type TSchema } from '@sinclair/typebox';
import {
  getNullableType,
  isEnumType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import { CreateEntryBody } from '../../src/domain/entries/model/create-entry.input';
import { StateBody } from '../../src/domain/entries/entry-state-input';
import { UpdateEntryBody } from '../../src/domain/entries/model/update-entry.input';
import { CreateWebhookBody, UpdateWebhookBody } from '../../src/domain/webhooks/webhook-input';
import { CreateSeriesBody, CreateSeriesEntryBody } from '../../src/domain/sequences/sequence-input';
import { CreateWorkflowBody, UpdateWorkflowBody } from '../../src/domain/workflows/workflow-input';
import { CreateJobBody } from '../../src/domain/workflows/job-input';
import { CLIENT_MUTATION_ID, domainBodyOf, domainNameOf, domainTextOf, graphqlNameOf } from '../../src/graphql/plumbing/input-names';
import { buildGraphQLSchema } from '../../src/graphql/schema';
import { ADD_ENTRY_STATE_OUTSIDE, UPDATE_ENTRY_OUTSIDE } from '../../src/graphql/history/update-entry.input';
import { UPDATE_WEBHOOK_OUTSIDE } from '../../src/graphql/webhooks/webhook.input';
import { CREATE_JOB_OUTSIDE } from '../../src/graphql/workflows/workflow.input';
import * as restSchemas from '../../src/rest/api-schemas';

/**
 * A command's input is declared once, as the domain's TypeBox schema; GraphQL's input type names the same members
 * through the one mapping of names (src/graphql/input-names.ts). For each mutation with a REST twin taking a body,
 * the input type's fields (from the built schema) are compared with the schema's properties: names, whether
 * required, scalar kinds and lists. A member missing on either side, or differing, fails, by name. No database.
 */
const schema = buildGraphQLSchema();

interface Command {
  mutation: string;
  body: TObject;
  /** Input members that are not the body's (REST's path, a header). */
  outside: readonly string[];
  /** The body's members are the mutation's own arguments, not those of an `input`. */
  asArguments?: boolean;
}

const COMMANDS: Command[] = [
  { mutation: 'createEntry', body: CreateEntryBody, outside: [] },
  { mutation: 'updateEntry', body: UpdateEntryBody, outside: UPDATE_ENTRY_OUTSIDE },
  { mutation: 'addEntryState', body: StateBody, outside: ADD_ENTRY_STATE_OUTSIDE },
  { mutation: 'createWebhook', body: CreateWebhookBody, outside: [] },
  { mutation: 'updateWebhook', body: UpdateWebhookBody, outside: UPDATE_WEBHOOK_OUTSIDE },
  // A received e-invoice: its REST body is the XML or the PDF itself (`xml`, or the uploaded `file`), its options the query's.
  { mutation: 'importDocument', body: restSchemas.CreateEntryQuery, outside: ['xml', 'file'] },
  { mutation: 'putSeries', body: CreateSeriesBody, outside: [] },
  // An entry's code: REST's path (the series, the entry's id) and its small body, as the mutation's arguments.
  { mutation: 'nextSequenceCode', body: CreateSeriesEntryBody, outside: ['seriesId', 'id'], asArguments: true },
  { mutation: 'saveWorkflow', body: CreateWorkflowBody, outside: [] },
  { mutation: 'updateWorkflow', body: UpdateWorkflowBody, outside: [] },
  { mutation: 'createJob', body: CreateJobBody, outside: CREATE_JOB_OUTSIDE },
];
/** Mutations whose REST twin takes no body: what they act on is all in REST's path (or query). */
const WITHOUT_BODY = [
  'attachEntryPdf',
  'attachEntryFormat',
  'deleteWebhook',
  'rotateWebhookSecret',
  'retryWebhookDelivery',
  'sendTestWebhookEvent',
];

/** What a value is, the same words for both sides: `string`, `boolean`, `int`, `float`, `object` (any JSON object), `json` (any JSON), `[kind]`. */
function domainKind(property: TSchema): string {
  switch (property[TypeKind]) {
    case 'String':
    case 'Literal':
      return typeof property.const === 'boolean' ? 'boolean' : 'string';
    case 'Boolean':
      return 'boolean';
    case 'Integer':
      return 'int';
    case 'Number':
      return 'float';
    case 'Object':
    case 'Record':
      return 'object';
    case 'Unknown':
    case 'Any':
      return 'json';
    case 'Array':
      return `[${domainKind(property.items as TSchema)}]`;
    case 'Union': {
      const kinds = [...new Set((property.anyOf as TSchema[]).map(domainKind))];
      return kinds.length === 1 ? kinds[0] : 'json';
    }
    default:
      return `unknown TypeBox kind ${String(property[TypeKind])}`;
  }
}

const SCALAR_KINDS: Record<string, string> = {
  String: 'string',
  ID: 'string',
  UUID: 'string',
  Boolean: 'boolean',
  Int: 'int',
  Float: 'float',
  JSONObject: 'object',
  JSON: 'json',
};

function graphqlKind(type: GraphQLInputType): string {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return `[${graphqlKind(nullable.ofType)}]`;
  if (isEnumType(nullable)) return 'string';
  if (isScalarType(nullable)) return SCALAR_KINDS[nullable.name] ?? `unknown scalar ${nullable.name}`;
  return `input object ${nullable.name}`;
}

/** Every difference between the input type and the body's schema, each naming the member. */
function differences(input: GraphQLInputObjectType, body: TObject, outside: readonly string[]): string[] {
  const problems: string[] = [];
  const fields = input.getFields();
  const required = new Set(body.required ?? []);
  for (const [name, property] of Object.entries(body.properties)) {
    // A member REST takes from its path and the body may repeat (a series entry's id, as the Go client sends it).
    if (outside.includes(graphqlNameOf(name))) continue;
    const field = fields[graphqlNameOf(name)];
    if (!field) {
      problems.push(`${input.name} has no field ${graphqlNameOf(name)} for the body's ${name}`);
      continue;
    }
    const graphqlRequired = isNonNullType(field.type) && field.defaultValue === undefined;
    if (graphqlRequired !== required.has(name))
      problems.push(
        `${input.name}.${field.name} is ${graphqlRequired ? 'required' : 'optional'}; the body's ${name} is ${required.has(name) ? 'required' : 'optional'}`,
      );
    const [mine, theirs] = [graphqlKind(field.type), domainKind(property)];
    if (mine !== theirs) problems.push(`${input.name}.${field.name} is ${mine}; the body's ${name} is ${theirs}`);
  }
  for (const field of Object.values(fields)) {
    if (field.name === CLIENT_MUTATION_ID || outside.includes(field.name)) continue;
    if (!(domainNameOf(field.name) in body.properties))
      problems.push(`${input.name}.${field.name} is not in the body (no ${domainNameOf(field.name)})`);
  }
  for (const name of outside) if (!fields[name]) problems.push(`${input.name} has no field ${name}, said to be outside the body`);
  return problems;
}

const mutations = (schema.getMutationType() as GraphQLObjectType).getFields();
const inputOf = (mutation: string) =>
  getNullableType(mutations[mutation].args.find((arg) => arg.name === 'input')!.type) as GraphQLInputObjectType;
/** A mutation's arguments, compared as an input's fields are (an argument has a name, a type and a default, as a field does). */
const argumentsOf = (mutation: string) =>
  ({
    name: `${mutation}(…)`,
    getFields: () => Object.fromEntries(mutations[mutation].args.map((arg) => [arg.name, arg])),
  }) as unknown as GraphQLInputObjectType;

describe("each GraphQL input names the members of its command's one declaration", () => {
  test.each(COMMANDS.map((command) => [command.mutation, command] as const))('%s', (_name, { mutation, body, outside, asArguments }) => {
    expect(differences(asArguments ? argumentsOf(mutation) : inputOf(mutation), body, outside)).toEqual([]);
  });

  test('every mutation is either compared above or has no REST body', () => {
    const listed = [...COMMANDS.map((command) => command.mutation), ...WITHOUT_BODY].sort();
    expect(Object.keys(mutations).sort()).toEqual(listed);
  });

  test('REST checks and describes the same declarations (no second copy in src/rest)', () => {
    expect(restSchemas.CreateEntryBody).toBe(CreateEntryBody);
    expect(restSchemas.UpdateEntryBody).toBe(UpdateEntryBody);
    expect(restSchemas.StateBody).toBe(StateBody);
    expect(restSchemas.CreateWebhookBody).toBe(CreateWebhookBody);
    expect(restSchemas.UpdateWebhookBody).toBe(UpdateWebhookBody);
    expect(restSchemas.CreateSeriesBody).toBe(CreateSeriesBody);
    expect(restSchemas.CreateSeriesEntryBody).toBe(CreateSeriesEntryBody);
    expect(restSchemas.CreateWorkflowBody).toBe(CreateWorkflowBody);
    expect(restSchemas.UpdateWorkflowBody).toBe(UpdateWorkflowBody);
    expect(restSchemas.CreateJobBody).toBe(CreateJobBody);
    const bodies = [
      CreateEntryBody,
      UpdateEntryBody,
      StateBody,
      CreateWebhookBody,
      UpdateWebhookBody,
      CreateSeriesBody,
      CreateSeriesEntryBody,
    ];
    for (const body of [...bodies, CreateWorkflowBody, UpdateWorkflowBody, CreateJobBody])
      expect(restSchemas.NAMED_SCHEMAS).toContain(body);
  });
});

describe('the comparison fails on what differs, by name', () => {
  const input = inputOf('createWebhook');
  test('a body member GraphQL lacks', () => {
    const body = Type.Object({ ...CreateWebhookBody.properties, secret_hint: Type.Optional(Type.String()) });
    expect(differences(input, body, [])).toEqual(["CreateWebhookInput has no field secretHint for the body's secret_hint"]);
  });
  test('a GraphQL field the body lacks, one required on one side only, and a kind that differs', () => {
    const { description: _gone, ...rest } = CreateWebhookBody.properties;
    const body = Type.Object({ ...rest, url: Type.Optional(Type.Integer()) });
    expect(differences(input, body, [])).toEqual([
      "CreateWebhookInput.url is required; the body's url is optional",
      "CreateWebhookInput.url is string; the body's url is int",
      'CreateWebhookInput.description is not in the body (no description)',
    ]);
  });
});

describe('the one mapping of names', () => {
  test.each([
    ['previousId', 'previous_id'],
    ['allowInvalid', 'allow_invalid'],
    ['contentType', 'content_type'],
    ['url', 'url'],
  ])('%s is %s', (graphql, domain) => {
    expect(domainNameOf(graphql)).toBe(domain);
    expect(graphqlNameOf(domain)).toBe(graphql);
  });

  test("a body leaves out null and absent members, Relay's echo and those outside it, and converts the values it is told to", () => {
    const input = {
      id: 'x',
      data: { a_b: 1 },
      previousId: null,
      allowInvalid: true,
      sign: undefined,
      clientMutationId: 'c',
      events: ['ENTRY_CREATED'],
    };
    const options = { outside: ['id'], values: { events: (names: string[]) => names.map((name) => name.toLowerCase()) } };
    const body = { data: { a_b: 1 }, allow_invalid: true, events: ['entry_created'] };
    expect(domainBodyOf(input, options)).toEqual(body);
    expect(JSON.parse(domainTextOf(input, options).text)).toEqual(body);
    expect(domainTextOf({ clientMutationId: 'c' }).text).toBe('{}');
  });
});
