import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLInterfaceType, type GraphQLSchema } from 'graphql';
import { buildSchemaSync, type PubSub } from 'type-graphql';
import { AttachmentResolver } from './entries/attachment.resolver';
import { EntryResolver } from './entries/entry.resolver';
import { EntryPdfResolver } from './entries/entry-pdf.resolver';
import { EntryFormatsResolver } from './entries/entry-formats.resolver';
import { ValidationResolver } from './formats/validation.resolver';
import { ImportDocumentResolver } from './formats/import-document.resolver';
import { EntryHistoryResolver } from './history/entry-history.resolver';
import { EntryEventResolver } from './events/entry-event.resolver';
import { KeysResolver } from './keys/keys.resolver';
import { NodeResolver } from './node/node.resolver';
import { RelatedEntryResolver } from './related/related.resolver';
import { SearchResolver } from './search/search.resolver';
import { EntryOverviewResolver } from './entries/entry-overview.resolver';
import { WebhookDeliveryResolver } from './webhooks/webhook-delivery.resolver';
import { WebhookResolver } from './webhooks/webhook.resolver';
import { SeriesResolver } from './sequences/series.resolver';
import { WorkflowResolver } from './workflows/workflow.resolver';
import { JobResolver } from './workflows/job.resolver';
import { JobEventsResolver } from './workflows/job-events.resolver';
import { EntryJobsResolver } from './workflows/entry-jobs.resolver';
import { routeFields, type FieldChecks } from './plumbing/field-path';

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

/**
 * The schema, from the TypeGraphQL types. class-validator is off: every rule lives in the domain. Each field
 * resolves through the one field path (field-path.ts), behind the checks given here for its type.
 */
export function buildGraphQLSchema(options: { fieldChecks?: FieldChecks } = {}): GraphQLSchema {
  const schema = buildSchemaSync({
    resolvers: [
      EntryResolver,
      EntryPdfResolver,
      EntryFormatsResolver,
      ValidationResolver,
      ImportDocumentResolver,
      EntryHistoryResolver,
      RelatedEntryResolver,
      NodeResolver,
      KeysResolver,
      SearchResolver,
      EntryOverviewResolver,
      AttachmentResolver,
      EntryEventResolver,
      WebhookResolver,
      WebhookDeliveryResolver,
      SeriesResolver,
      WorkflowResolver,
      JobResolver,
      JobEventsResolver,
      EntryJobsResolver,
    ],
    validate: false,
    pubSub: NO_TOPICS,
    emitSchemaFile: false,
  });
  // Every node is an Entry. Set here rather than in @InterfaceType, which would wrap it in an async function:
  // the compiled executor (graphql-jit) resolves abstract types synchronously, and does not catch a throw there.
  (schema.getType('Node') as GraphQLInterfaceType).resolveType = () => 'Entry';
  routeFields(schema, options.fieldChecks);
  return schema;
}

/** The schema as SDL, sorted so that its text depends only on the types. */
export function schemaSdl(schema: GraphQLSchema = buildGraphQLSchema()): string {
  const header = '# Generated from the TypeGraphQL types in src/graphql by `npm run schema:emit`. Do not edit.\n\n';
  return `${header}${printSchema(lexicographicSortSchema(schema))}\n`;
}
