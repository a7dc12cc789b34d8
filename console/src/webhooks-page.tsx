import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { formatTime } from './entry-labels';
import { RetryWebhookDeliveryDocument, WebhookDeliveriesDocument, WebhooksDocument, type WebhooksQuery } from './generated/graphql';
import { messageOf } from './refusal';

type Endpoint = WebhooksQuery['webhooks'][number];
const SHOWN_DELIVERIES = 20;

/** An endpoint's newest attempts, each with "Resend": its event sent again, once (`retryWebhookDelivery`). */
function Deliveries({ endpoint }: { endpoint: Endpoint }) {
  const [{ data, error, fetching }, reread] = useQuery({ query: WebhookDeliveriesDocument, variables: { webhookId: endpoint.id, first: SHOWN_DELIVERIES } });
  const [, retry] = useMutation(RetryWebhookDeliveryDocument);
  const [said, setSaid] = useState<string>();
  const resend = async (deliveryId: string) => {
    const answer = await retry({ input: { webhookId: endpoint.id, deliveryId } });
    setSaid(answer.error ? `Not resent: ${messageOf(answer.error)}` : 'Resent: the new attempt is scheduled and listed first.');
    reread({ requestPolicy: 'network-only' });
  };
  if (error) return <p role="alert" className="notice">Could not read the deliveries: {messageOf(error)}</p>;
  const rows = data?.webhookDeliveries.edges.map((edge) => edge.node) ?? [];
  return (
    <>
      <p role="status" className="hint" data-field="resend-status">
        {said ?? ''}
      </p>
      {rows.length === 0 ? (
        <p>{fetching ? 'Loading…' : 'No delivery yet.'}</p>
      ) : (
        <div className="table-scroll">
          <table className="deliveries">
            <caption>The newest {rows.length} attempts to {endpoint.url}</caption>
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
                  <td>
                    <time dateTime={row.createdAt}>{formatTime(row.createdAt)}</time>
                  </td>
                  <td>
                    {row.eventType} (#{row.position})
                  </td>
                  <td>{row.status.toLowerCase()}</td>
                  <td>{row.responseCode ?? row.error ?? '—'} {row.durationMs ? `in ${row.durationMs} ms` : ''}</td>
                  <td>{row.attempt}</td>
                  <td>
                    <button type="button" onClick={() => void resend(row.id)} aria-label={`Resend ${row.eventType} #${row.position}`}>
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
