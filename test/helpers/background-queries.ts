/**
 * The service's own queries on timers, which no request sends: the event sequencer's sweep and the feed watch's
 * poll (entry_events, event_feeds), the webhook dispatcher's poll for due endpoints (webhook_endpoints joined with
 * event_feeds), the job runner's poll for due jobs. A test that counts a request's queries leaves them out, or a
 * poll that lands in its window counts.
 */
export const isBackgroundQuery = (sql: string): boolean =>
  /\b(entry_events|event_feeds|webhook_endpoints|webhook_deliveries)\b/.test(sql) ||
  /FROM transform_jobs WHERE due_at IS NOT NULL/.test(sql);
