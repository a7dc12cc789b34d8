import type { ApiRoute } from './route-table';
import { entriesRoutes, type EntriesServices } from './entries.routes';
import { searchRoutes } from './search.routes';
import { eventsRoutes } from './events.routes';
import { webhooksRoutes } from './webhooks.routes';
import { sequencesRoutes, type SequenceServices } from './sequences.routes';
import { transformRoutes, type TransformServices } from './transform.routes';
import type { WebhooksService } from '../domain/webhooks/webhooks.service';
import type { EventsService } from '../domain/events/events.service';
import { metaRoutes } from './meta.routes';
import { filesRoutes, type FilesServices } from './files.routes';
import { spoolRoutes, type SpoolServices } from './spool.routes';
import { goblRoutes, type GoblServices } from './gobl.routes';
import { goblSchemasRoutes } from './gobl-schemas.routes';
import { formatValidationRoutes, type FormatValidationServices } from './format-validation.routes';
import { keysRoutes } from './keys.routes';
import { openApiRoutes, type OpenApiServices } from './openapi.routes';
import { healthRoutes, utilsRoutes } from './service.routes';
import type { SearchService } from '../domain/search/search';
import type { EntryMetaService } from '../domain/meta/entry-meta.service';

/** What the REST handlers are built with: every table's services and limits. */
export type RestServices = EntriesServices &
  FilesServices &
  SpoolServices &
  GoblServices &
  FormatValidationServices &
  SequenceServices &
  TransformServices &
  OpenApiServices & {
    search: SearchService;
    metas: EntryMetaService;
    events: EventsService;
    webhooks: WebhooksService;
    isReady: () => Promise<boolean>;
  };

/**
 * Every REST operation, table by table, in the order the OpenAPI description lists them. Both the Express
 * mounts (src/rest/route-mount.ts, in an order of their own) and the description (src/rest/openapi.ts) are made
 * from this list: a new route is one entry in its resource's table.
 */
export const API_ROUTES: ApiRoute<RestServices>[] = [
  ...entriesRoutes,
  ...searchRoutes,
  ...metaRoutes,
  ...filesRoutes,
  ...spoolRoutes,
  ...eventsRoutes,
  ...webhooksRoutes,
  ...sequencesRoutes,
  ...transformRoutes,
  ...goblRoutes,
  ...goblSchemasRoutes,
  ...formatValidationRoutes,
  ...keysRoutes,
  ...openApiRoutes,
  ...utilsRoutes,
  ...healthRoutes,
];
