import { retryDelayMs, verdictOf } from '../../../src/domain/webhooks/delivery-rules';
import { GIVE_UP_AFTER_MS, RETRY_JITTER, RETRY_LAST_MS, RETRY_SCHEDULE_MS } from '../../../src/domain/webhooks/webhook';

describe('webhook retries', () => {
  test('2xx is delivered; 408, 429, 5xx and no answer are retried; any other answer ends the delivery', () => {
    const of = (status?: number) => verdictOf({ status, durationMs: 1, error: status === undefined ? 'ECONNREFUSED' : undefined });
    expect([200, 201, 204, 299].map(of)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
    expect([undefined, 408, 429, 500, 502, 503, 599].map(of)).toEqual(Array(7).fill('retry'));
    expect([301, 302, 400, 401, 403, 404, 410, 413, 422].map(of)).toEqual(Array(9).fill('failed'));
  });

  test('the schedule: 5 s, 30 s, 2 m ... 8 h, then every 12 h, with at most 20% jitter, scaled', () => {
    expect(retryDelayMs(1, 1, () => 0)).toBe(5_000);
    expect(retryDelayMs(2, 1, () => 0)).toBe(30_000);
    expect(retryDelayMs(9, 1, () => 0)).toBe(8 * 3_600_000);
    expect(retryDelayMs(10, 1, () => 0)).toBe(RETRY_LAST_MS);
    expect(retryDelayMs(40, 1, () => 0)).toBe(RETRY_LAST_MS);
    expect(retryDelayMs(1, 1, () => 1)).toBe(5_000 * (1 + RETRY_JITTER));
    expect(retryDelayMs(3, 0.001, () => 0)).toBe(120);
    // The fixed steps fit well inside the three days; the 12-hour steps fill the rest.
    const fixed = RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms, 0);
    expect(fixed).toBeLessThan(GIVE_UP_AFTER_MS);
    expect(Math.ceil((GIVE_UP_AFTER_MS - fixed) / RETRY_LAST_MS)).toBe(5);
  });
});
