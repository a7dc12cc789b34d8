import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../config';
import type { EventStore } from '../domain/events/event-store';
import { WebhookDispatcher } from '../domain/webhooks/webhook-delivery';
import { WebhooksService } from '../domain/webhooks/webhooks.service';
import type { Logger } from '../logger';
import { countWebhookAttempt, countWebhookEndpointDisabled } from '../metrics';
import { WebhookRepository } from '../storage/webhook.repository';
import { HttpWebhookSender } from './http-webhook-sender';

/**
 * Webhooks as the server runs them: delivered by every process from the feed, each endpoint leased to one process
 * at a time (this one's lease owner is its host, pid and a random id), sent through the address-checked sender.
 */
export function webhookWiring(dataSource: DataSource, events: EventStore, config: Config, logger: Logger) {
  const store = new WebhookRepository(dataSource);
  const sender = new HttpWebhookSender({ allowHttp: config.webhooks.allowHttp, allowPrivate: config.webhooks.allowPrivate });
  const dispatcher = new WebhookDispatcher(
    store,
    events,
    sender,
    {
      ...config.webhooks,
      owner: `${hostname()}:${process.pid}:${randomUUID()}`,
      onAttempt: countWebhookAttempt,
      onDisabled: countWebhookEndpointDisabled,
    },
    uuidv7,
    (error) => logger.warn({ err: error }, 'webhook delivery failed'),
  );
  return { service: new WebhooksService(store, events, sender, dispatcher, uuidv7), dispatcher, sender };
}
