import 'reflect-metadata';
import {
  lexicographicSortSchema,
  printSchema,
  type GraphQLFieldResolver,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { buildSchemaSync, type PubSub } from 'type-graphql';
import { AttachmentResolver } from './entries/attachment.resolver';
import { EntryResolver } from './entries/entry.resolver';
import { EntryPdfResolver } from './entries/entry-pdf.resolver';
import { EntryHistoryResolver } from './history/entry-history.resolver';
import { EntryEventResolver } from './events/entry-event.resolver';
import { KeysResolver } from './keys/keys.resolver';
import { NodeResolver } from './node/node.resolver';
import { RelatedEntryResolver } from './related/related.resolver';
import { SearchResolver } from './search/search.resolver';
import { EntryOverviewResolver } from './entries/entry-overview.resolver';
import { WebhookDeliveryResolver } from './webhooks/webhook-delivery.resolver';
import { WebhookResolver } from './webhooks/webhook.resolver';
import type { Entry } from '../domain/entries/model/entry';
import type { GraphQLContext } from './plumbing/context';

/** The committed SDL, emitted by `npm run schema:emit` and checked for drift by test/graphql/schema.test.ts. */
export const SCHEMA_FILE = 'schema/schema.graphql';

/**
 * TypeGraphQL wants a PubSub as soon as there is a @Subscription, though each one here names its own `subscribe`
 * (a reader of the event feed, exact across processes); topics are not used, so this one refuses them.
 */
const NO_TOPICS: PubSub = {
  publish() {
    throw new Error('subscriptions read the event feed; there are no topics to publish to');
  },
  subscribe() {
    throw new Error('subscriptions read the event feed; there are no topics to subscribe to');
  },
};

/** The schema, from the TypeGraphQL types. class-validator is off: every rule lives in the domain. */
export function buildGraphQLSchema(): GraphQLSchema {
  const schema = buildSchemaSync({
    resolvers: [EntryResolver, EntryPdfResolver, EntryHistoryResolver, RelatedEntryResolver, NodeResolver, KeysResolver, SearchResolver, EntryOverviewResolver, AttachmentResolver, EntryEventResolver, WebhookResolver, WebhookDeliveryResolver],
    validate: false,
    pubSub: NO_TOPICS,
    emitSchemaFile: false,
  });
  // Every node is an Entry. Set here rather than in @InterfaceType, which would wrap it in an async function:
  // the compiled executor (graphql-jit) resolves abstract types synchronously, and does not catch a throw there.
  (schema.getType('Node') as GraphQLInterfaceType).resolveType = () => 'Entry';
  resolveEntryFieldsDirectly(schema);
  return schema;
}

/**
 * The Entry fields of EntryResolver, which a page resolves once for each of its entries, call its methods
 * directly. TypeGraphQL's wrapper builds the resolver's data and sorts its parameters on every call: on a page
 * of 20 entries, 60 calls, and the sort alone was 36 KB of the page's 520 KB of garbage. Their types,
 * descriptions and complexity stay as the methods declare them; there are no middlewares or auth checker here
 * for the wrapper to apply.
 */
function resolveEntryFieldsDirectly(schema: GraphQLSchema): void {
  const resolver = new EntryResolver();
  const direct: Record<string, GraphQLFieldResolver<Entry, GraphQLContext>> = {
    draft: (entry) => resolver.draft(entry),
    data: (entry, _args, ctx) => resolver.data(entry, ctx),
    attachments: (entry, _args, ctx) => resolver.attachments(entry, ctx),
    meta: (entry, _args, ctx) => resolver.meta(entry, ctx),
  };
  const fields = (schema.getType('Entry') as GraphQLObjectType).getFields();
  for (const [name, resolve] of Object.entries(direct)) {
    if (!fields[name]) throw new Error(`Entry has no field ${name} to resolve directly`);
    fields[name].resolve = resolve;
  }
}

/** The schema as SDL, sorted so that its text depends only on the types. */
export function schemaSdl(schema: GraphQLSchema = buildGraphQLSchema()): string {
  const header = '# Generated from the TypeGraphQL types in src/graphql by `npm run schema:emit`. Do not edit.\n\n';
  return `${header}${printSchema(lexicographicSortSchema(schema))}\n`;
}
