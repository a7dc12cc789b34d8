import { useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { formatTime } from './entry-labels';
import {
  RetryWebhookDeliveryDocument,
  SendTestWebhookEventDocument,
  WebhookDeliveriesDocument,
  WebhooksDocument,
  type WebhooksQuery,
} from './generated/graphql';
import { messageOf } from './refusal';

type Endpoint = WebhooksQuery['webhooks'][number];
const SHOWN_DELIVERIES = 20;
/** How often the deliveries are read again while one is still scheduled, to show what came of it. */
const SCHEDULED_READ_MS = 1000;
/** Reads again at most this many times in a row: a scheduled attempt the dispatcher has no place for stays so. */
const SCHEDULED_READS = 30;

/** `webhook.test` and the event types as GraphQL names them, in words. */
const eventWords = (type: string) => (type === 'WEBHOOK_TEST' ? 'test event' : type.toLowerCase().replace(/_/g, ' '));

/** An endpoint's newest attempts, each with "Resend": its event sent again, once (`retryWebhookDelivery`). */
function Deliveries({ endpoint }: { endpoint: Endpoint }) {
  const [{ data, error, fetching }, reread] = useQuery({
    query: WebhookDeliveriesDocument,
    variables: { webhookId: endpoint.id, first: SHOWN_DELIVERIES },
  });
  const [, retry] = useMutation(RetryWebhookDeliveryDocument);
  const [, sendTest] = useMutation(SendTestWebhookEventDocument);
  const [said, setSaid] = useState<string>();
  const [reads, setReads] = useState(0);
  const rows = data?.webhookDeliveries.edges.map((edge) => edge.node) ?? [];
  const waiting = rows.some((row) => row.status === 'SCHEDULED');
  // A scheduled attempt is sent by the service within its limits, soon: its outcome is read when it is in.
  useEffect(() => {
    if (!waiting || fetching || reads >= SCHEDULED_READS) return;
    const timer = setTimeout(() => {
      setReads((count) => count + 1);
      reread({ requestPolicy: 'network-only' });
    }, SCHEDULED_READ_MS);
    return () => clearTimeout(timer);
  }, [waiting, fetching, reads, reread]);
  const scheduled = (message: string) => {
    setReads(0);
    setSaid(message);
    reread({ requestPolicy: 'network-only' });
  };
  const resend = async (deliveryId: string) => {
    const answer = await retry({ input: { webhookId: endpoint.id, deliveryId } });
    if (answer.error) return setSaid(`Not resent: ${messageOf(answer.error)}`);
    scheduled('Resent: the new attempt is scheduled and listed first.');
  };
  const test = async () => {
    const answer = await sendTest({ input: { webhookId: endpoint.id } });
    if (answer.error) return setSaid(`No test event sent: ${messageOf(answer.error)}`);
    scheduled('Test event scheduled: it is listed first, with its answer once it is sent.');
  };
  if (error)
    return (
      <p role="alert" className="notice">
        Could not read the deliveries: {messageOf(error)}
      </p>
    );
  return (
    <>
      <p>
        <button type="button" onClick={() => void test()}>
          Send test event
        </button>
      </p>
      <p role="status" className="hint" data-field="resend-status">
        {said ?? ''}
      </p>
      {rows.length === 0 ? (
        <p>{fetching ? 'Loading…' : 'No delivery yet.'}</p>
      ) : (
        <div>
          <table className="deliveries reflow">
            <caption>
              The newest {rows.length} attempts to {endpoint.url}
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Answer</th>
                <th scope="col">Attempt</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-delivery={row.id} data-status={row.status}>
                  <td data-label="When">
                    <time dateTime={row.createdAt}>{formatTime(row.createdAt)}</time>
                  </td>
                  <td data-label="Event">
                    {eventWords(row.eventType)}
                    {row.position > 0 ? ` (#${row.position})` : ''}
                  </td>
                  <td data-label="Status">{row.status.toLowerCase()}</td>
                  <td data-label="Answer">
                    {row.status === 'SCHEDULED'
                      ? 'not sent yet'
                      : `${row.responseCode ?? row.error ?? '—'} ${row.durationMs ? `in ${row.durationMs} ms` : ''}`}
                  </td>
                  <td data-label="Attempt">{row.attempt}</td>
                  <td data-label="Action">
                    <button
                      type="button"
                      onClick={() => void resend(row.id)}
                      aria-label={`Resend ${eventWords(row.eventType)}${row.position > 0 ? ` #${row.position}` : ''} of ${formatTime(row.createdAt)}`}
                    >
                      Resend
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <button type="button" onClick={() => reread({ requestPolicy: 'network-only' })}>
          Read the deliveries again
        </button>
      </p>
    </>
  );
}

/** `/console/webhooks`: the workspace's endpoints, each with its newest delivery attempts. */
export function WebhooksPage() {
  const [{ data, error, fetching }] = useQuery({ query: WebhooksDocument });
  const endpoints = data?.webhooks ?? [];
  return (
    <main id="main">
      <h1>Webhooks</h1>
      {error ? (
        <p role="alert" className="notice">
          Could not read the endpoints: {messageOf(error)}
        </p>
      ) : endpoints.length === 0 ? (
        <p>{fetching ? 'Loading…' : 'No webhook endpoint: register one through the API (POST /silo/v1/webhooks, or createWebhook).'}</p>
      ) : (
        endpoints.map((endpoint) => (
          <section key={endpoint.id} aria-labelledby={`webhook-${endpoint.id}`} className="webhook" data-webhook={endpoint.id}>
            <h2 id={`webhook-${endpoint.id}`} className="webhook-url">
              {endpoint.url}
            </h2>
            <dl className="entry-header">
              <dt>State</dt>
              <dd>{endpoint.enabled ? 'enabled' : `disabled${endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ''}`}</dd>
              <dt>Events</dt>
              <dd>{endpoint.events?.join(', ') ?? 'every type'}</dd>
              <dt>Delivered up to</dt>
              <dd>event #{endpoint.position}</dd>
              {endpoint.failingSince ? (
                <>
                  <dt>Failing since</dt>
                  <dd>
                    <time dateTime={endpoint.failingSince}>{formatTime(endpoint.failingSince)}</time>
                  </dd>
                </>
              ) : null}
              {endpoint.description ? (
                <>
                  <dt>Description</dt>
                  <dd>{endpoint.description}</dd>
                </>
              ) : null}
            </dl>
            <h3>Deliveries</h3>
            <Deliveries endpoint={endpoint} />
          </section>
        ))
      )}
    </main>
  );
}
