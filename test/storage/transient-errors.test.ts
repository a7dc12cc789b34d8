import { isDatabaseUnavailable, isPacketTooLarge, isRetryable, withRetries } from '../../src/storage/transient-errors';

/** A driver error as TypeORM wraps it. */
const failed = (errno: number, code = 'ER_X') => Object.assign(new Error('query failed'), { driverError: { errno, code, message: code } });

describe('transient database errors', () => {
  test('a deadlock (also a Galera certification conflict) is retried until the work succeeds', async () => {
    let tries = 0;
    const result = await withRetries(async () => {
      tries++;
      if (tries < 3) throw failed(1213, 'ER_LOCK_DEADLOCK');
      return 'stored';
    });
    expect(result).toBe('stored');
    expect(tries).toBe(3);
  });

  test('a duplicate key is not retried: it is the answer', async () => {
    let tries = 0;
    const duplicate = failed(1062, 'ER_DUP_ENTRY');
    await expect(
      withRetries(async () => {
        tries++;
        throw duplicate;
      }),
    ).rejects.toBe(duplicate);
    expect(tries).toBe(1);
  });

  test('retries stop after the allowed tries, and what is left is an unavailable database', async () => {
    let tries = 0;
    const error = await withRetries(
      async () => {
        tries++;
        throw failed(1047, 'ER_UNKNOWN_COM_ERROR');
      },
      { attempts: 4, baseDelayMs: 1 },
    ).catch((e: unknown) => e);
    expect(tries).toBe(4);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test('classification', () => {
    expect(isRetryable(failed(1213))).toBe(true);
    expect(isRetryable(failed(1062))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(failed(2013, 'PROTOCOL_CONNECTION_LOST'))).toBe(true);
    expect(isDatabaseUnavailable(failed(1146, 'ER_NO_SUCH_TABLE'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('a bug'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  test('a statement over max_allowed_packet is too large, not retried, and not an unavailable database', async () => {
    const tooLarge = failed(1153, 'ER_NET_PACKET_TOO_LARGE');
    expect(isPacketTooLarge(tooLarge)).toBe(true);
    expect(isPacketTooLarge(failed(2013, 'PROTOCOL_CONNECTION_LOST'))).toBe(false);
    expect(isRetryable(tooLarge)).toBe(false);
    expect(isDatabaseUnavailable(tooLarge)).toBe(false);
    let tries = 0;
    await expect(
      withRetries(async () => {
        tries++;
        throw tooLarge;
      }),
    ).rejects.toBe(tooLarge);
    expect(tries).toBe(1);
  });
});
