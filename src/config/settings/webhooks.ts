import { accepted, refused } from './setting';
import { boolean, custom, integer } from './setting-kinds';

export const EVENT_RETENTION_DAYS = integer({
  name: 'EVENT_RETENTION_DAYS',
  description: 'how long events stay in the feed (docs/events-and-webhooks.md, Events); a cursor older than that is 410 `gone`',
  default: 30,
  type: 'whole number of days ≥ 1',
});

export const WEBHOOK_ALLOW_HTTP = boolean({
  name: 'WEBHOOK_ALLOW_HTTP',
  description: 'webhook endpoints may be plain `http://`, not only `https://`',
  default: false,
});

export const WEBHOOK_ALLOW_PRIVATE = boolean({
  name: 'WEBHOOK_ALLOW_PRIVATE',
  description:
    'webhook endpoints may be on loopback, private, link-local and other internal addresses (docs/events-and-webhooks.md, Webhooks)',
  default: false,
});

export const WEBHOOK_POLL_MS = integer({
  name: 'WEBHOOK_POLL_MS',
  description: 'how often each process looks for endpoints with events due',
  default: 500,
});

export const WEBHOOK_CONCURRENCY = integer({
  name: 'WEBHOOK_CONCURRENCY',
  description: 'deliveries one process makes at once',
  default: 32,
});

export const WEBHOOK_WORKSPACE_CONCURRENCY = integer({
  name: 'WEBHOOK_WORKSPACE_CONCURRENCY',
  description: "of those, deliveries to one workspace's endpoints",
  default: 4,
});

export const WEBHOOK_LEASE_MS = integer({
  name: 'WEBHOOK_LEASE_MS',
  description:
    'how long an endpoint stays claimed by a process that stopped reporting on it (one that died) before another process takes ' +
    'it over; keep it above the 10 s an attempt may take, or two processes may serve one endpoint at once',
  default: 60_000,
});

export const WEBHOOK_RETRY_SCALE = custom<number>({
  name: 'WEBHOOK_RETRY_SCALE',
  type: 'number above 0, at most 1',
  description:
    'a factor on the retry schedule, the three days before giving up and the five before disabling; tests shorten days to seconds',
  default: 1,
  defaultText: '`1`',
  parse: (text) => {
    const scale = Number(text);
    return Number.isFinite(scale) && scale > 0 && scale <= 1
      ? accepted(scale)
      : refused(`WEBHOOK_RETRY_SCALE must be a number above 0 and at most 1, got "${text}"`);
  },
});

export const WEBHOOK_SETTINGS = [
  EVENT_RETENTION_DAYS,
  WEBHOOK_ALLOW_HTTP,
  WEBHOOK_ALLOW_PRIVATE,
  WEBHOOK_POLL_MS,
  WEBHOOK_CONCURRENCY,
  WEBHOOK_WORKSPACE_CONCURRENCY,
  WEBHOOK_LEASE_MS,
  WEBHOOK_RETRY_SCALE,
];
