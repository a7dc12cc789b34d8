/** One POST of an event to an endpoint: the sender signs `body` with each of `secrets`. */
export interface WebhookMessage {
  url: string;
  /** The event's id: the `webhook-id` header, the same on every attempt. */
  webhookId: string;
  body: string;
  secrets: readonly string[];
}

/** What came of one attempt: the answer's status and the start of its body, or why none came. */
export interface SendOutcome {
  status?: number;
  durationMs: number;
  /** At most the first KiB of the answer's body. */
  excerpt?: string;
  error?: string;
}

/** The HTTP edge of webhooks, as the domain uses it. */
export interface WebhookSender {
  /** Why a URL may not be an endpoint (scheme, or an address it must not reach), or undefined when it may. */
  refusalOf(url: string): Promise<string | undefined>;
  send(message: WebhookMessage, signal?: AbortSignal): Promise<SendOutcome>;
}
