import type { TSchema } from '@sinclair/typebox';
import { BuildBody, CorrectBody, SignBody } from '../domain/documents/gobl-tools';
import { ConvertBody } from '../domain/documents/format-job';
import { ErrorFieldsSchema, ErrorSchema, FaultSchema, DigestSchema } from './schemas/common';
import {
  CreateEntryBody,
  EntryPageSchema,
  EntrySchema,
  EntrySignatureSchema,
  EntrySummarySchema,
  EntryVersionSchema,
  SearchPageSchema,
  UpdateEntryBody,
} from './schemas/entries';
import { EntryDataSchema, MetaBody, MetaSchema, StateBody, StateListSchema, StateSchema } from './schemas/entry-parts';
import { EventPageSchema, EventSchema } from './schemas/events';
import { AttachmentSchema, FileJsonBody, FileSchema, FileVersionSchema, SpoolItemSchema, SpoolUploadBody } from './schemas/files';
import { GoblAnswerSchema, JwksSchema } from './schemas/service';
import { ParseAnswerSchema } from './schemas/formats';
import {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDeliveryPageSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
} from './schemas/webhooks';
import {
  CreateSeriesBody,
  CreateSeriesEntryBody,
  SeriesEntryPageSchema,
  SeriesEntrySchema,
  SeriesListSchema,
  SeriesSchema,
  SeriesVerdictSchema,
} from './schemas/sequences';
import {
  CreateJobBody,
  CreateWorkflowBody,
  JobListSchema,
  JobSchema,
  UpdateWorkflowBody,
  WorkflowListSchema,
  WorkflowSchema,
} from './schemas/transform';
import { StepAnswerSchema } from '../domain/workflows/workflow-input';

/**
 * The JSON Schemas of the REST API's requests and answers, as TypeBox types, by concept in src/rest/schemas: the
 * OpenAPI description is made from them (src/rest/openapi.ts), and the requests are checked with them: parameters,
 * queries and file bodies by src/rest/request-check.ts, create and GOBL bodies in the engine's threads by the
 * domain that declares their schemas (src/domain/create-entry.input.ts, update-entry.input.ts, entry-state-input.ts,
 * webhook-input.ts, gobl-tools.ts): a command's input is declared once, there. A schema with an `$id` is a named
 * component of the description.
 */
export * from './schemas/common';
export * from './schemas/entries';
export * from './schemas/entry-parts';
export * from './schemas/events';
export * from './schemas/files';
export * from './schemas/formats';
export * from './schemas/sequences';
export * from './schemas/transform';
export * from './schemas/service';
export * from './schemas/webhooks';
export { BuildBody, ConvertBody, CorrectBody, SignBody };

/** Every named schema, in the order the description lists them. */
export const NAMED_SCHEMAS: TSchema[] = [
  EventSchema,
  EventPageSchema,
  WebhookSchema,
  WebhookListSchema,
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDeliverySchema,
  WebhookDeliveryPageSchema,
  SeriesSchema,
  SeriesListSchema,
  CreateSeriesBody,
  SeriesEntrySchema,
  SeriesEntryPageSchema,
  CreateSeriesEntryBody,
  SeriesVerdictSchema,
  StepAnswerSchema,
  WorkflowSchema,
  WorkflowListSchema,
  CreateWorkflowBody,
  UpdateWorkflowBody,
  JobSchema,
  JobListSchema,
  CreateJobBody,
  ErrorSchema,
  ErrorFieldsSchema,
  FaultSchema,
  DigestSchema,
  EntrySignatureSchema,
  AttachmentSchema,
  FileSchema,
  FileVersionSchema,
  FileJsonBody,
  MetaSchema,
  MetaBody,
  EntrySchema,
  EntrySummarySchema,
  EntryPageSchema,
  SearchPageSchema,
  CreateEntryBody,
  UpdateEntryBody,
  EntryVersionSchema,
  EntryDataSchema,
  StateBody,
  StateSchema,
  StateListSchema,
  JwksSchema,
  BuildBody,
  SignBody,
  CorrectBody,
  ConvertBody,
  GoblAnswerSchema,
  ParseAnswerSchema,
  SpoolUploadBody,
  SpoolItemSchema,
];
