import { DomainError } from '../../../src/domain/shared/errors';
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, readNewWebhook, readWebhookPatch } from '../../../src/domain/webhooks/webhook-input';

/** The one check of a webhook's body (REST and GraphQL alike): 400 `input` naming each member at fault. */
const refusalOf = (read: () => unknown): DomainError => {
  try {
    read();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('webhook bodies, checked against their declaration', () => {
  test('a body that fits is taken as it is', () => {
    const body = { url: 'https://example.com/hook', events: ['entry.created'], description: 'mine' };
    expect(readNewWebhook(body)).toBe(body);
    expect(readWebhookPatch({ enabled: false })).toEqual({ enabled: false });
  });

  test('each member at fault is named, with what it must be', () => {
    const missing = refusalOf(() => readNewWebhook({}));
    expect([missing.key, missing.details.fields]).toEqual(['input', { url: 'must be a URL of at most 2048 characters' }]);
    const several = refusalOf(() =>
      readNewWebhook({ url: 'https://example.com/', description: 'x'.repeat(MAX_WEBHOOK_DESCRIPTION_LENGTH + 1), extra: 1 }),
    );
    expect(several.details.fields).toEqual({ description: 'must be a string of at most 512 characters', extra: 'must be absent' });
    expect(several.message).toBe('extra: must be absent; description: must be a string of at most 512 characters');
    expect(refusalOf(() => readWebhookPatch({ enabled: 'yes' })).details.fields).toEqual({ enabled: 'must be true or false' });
    expect(refusalOf(() => readWebhookPatch([])).message).toBe('request body must be a JSON object');
  });
});
