import type { Setting } from './settings/setting';
import { COMMAND_SETTINGS } from './settings/commands';
import { DATABASE_SETTINGS } from './settings/database';
import { ENGINE_SETTINGS } from './settings/engine';
import { ENTRY_SETTINGS } from './settings/entries';
import { FILE_SETTINGS } from './settings/files';
import { FORMAT_SETTINGS } from './settings/formats';
import { GRAPHQL_SETTINGS } from './settings/graphql';
import { SERVER_SETTINGS } from './settings/server';
import { SIGNING_SETTINGS } from './settings/signing';
import { TOKEN_SETTINGS, TOKENS_ABOUT } from './settings/tokens';
import { WEBHOOK_SETTINGS } from './settings/webhooks';
import { JOB_SETTINGS } from './settings/jobs';
import { REQUEST_RATE_SETTINGS, REQUEST_RATES_ABOUT } from './settings/request-rates';

/** Settings shown together, under a title, with what holds for all of them. */
export interface SettingGroup {
  title: string;
  about?: string;
  settings: Setting<unknown>[];
}

/** Every environment variable the service and its commands read, in the order the docs show them. */
export const SETTING_GROUPS: SettingGroup[] = [
  { title: 'Server', settings: SERVER_SETTINGS },
  { title: 'Database', settings: DATABASE_SETTINGS },
  { title: 'Tokens', about: TOKENS_ABOUT, settings: TOKEN_SETTINGS },
  { title: 'Requests and entries', settings: ENTRY_SETTINGS },
  { title: 'Request rates', about: REQUEST_RATES_ABOUT, settings: REQUEST_RATE_SETTINGS },
  { title: 'Files', settings: FILE_SETTINGS },
  { title: 'Signing', settings: SIGNING_SETTINGS },
  { title: 'E-invoice formats', settings: FORMAT_SETTINGS },
  { title: 'GraphQL', settings: GRAPHQL_SETTINGS },
  { title: 'Document engine', settings: ENGINE_SETTINGS },
  { title: 'Events and webhooks', settings: WEBHOOK_SETTINGS },
  { title: 'Workflows and jobs', settings: JOB_SETTINGS },
  { title: 'Commands', about: 'Used by one command of `npm run`, not by the service itself.', settings: COMMAND_SETTINGS },
];

export const SETTINGS: Setting<unknown>[] = SETTING_GROUPS.flatMap((group) => group.settings);
