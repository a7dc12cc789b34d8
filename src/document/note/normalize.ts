import type { JsonObject } from '../base/types';

/**
 * Normalizes a message in place. GOBL has no message-specific rule beyond clearing a zero UUID;
 * title and content are kept exactly as written (content may be meaningful text with spacing).
 */
export function normalizeMessage(msg: JsonObject): void {
  if (msg.uuid === '00000000-0000-0000-0000-000000000000' || msg.uuid === '') delete msg.uuid;
}
