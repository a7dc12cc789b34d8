import { createHmac } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/**
 * The `webhook-signature` header of the Standard Webhooks spec: `v1,` and the base64 HMAC-SHA256 of
 * `{id}.{timestamp}.{body}`, keyed with the secret's bytes (base64 after `whsec_`); one per secret, separated by
 * spaces, so a receiver holding either secret of a rotation verifies.
 */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}
