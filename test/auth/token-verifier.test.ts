import { createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  CLOCK_TOLERANCE_SECONDS,
  MEMO_TOKEN_MAX_LENGTH,
  TokenVerifier,
  VERIFIED_TOKEN_TTL_MS,
  VERIFIED_TOKENS_BYTES,
  type KeySource,
} from '../../src/auth/token-verifier';
import { DomainError } from '../../src/domain/shared/errors';

const SECRET = createSecretKey(Buffer.from('a-secret-for-the-verifier-tests-0123456789'));
const START = Date.parse('2026-11-21T10:00:00Z');
const DAY_SECONDS = 86_400;

/** A verifier on a clock the test moves, whose key lookups are counted: each lookup is one signature check. */
function verifierAt(start: number, source: KeySource = 'configured') {
  let now = start;
  let checks = 0;
  const verifier = new TokenVerifier(
    {
      key: async () => {
        checks++;
        return SECRET;
      },
      algorithms: ['HS256'],
      source,
    },
    { workspaceClaim: 'workspace_id', maxLifetimeSeconds: DAY_SECONDS, jwksCacheMs: 60_000 },
    () => now,
  );
  return {
    workspaceOf: (token: string) => verifier.workspaceOf(token),
    advance: (ms: number) => (now += ms),
    checks: () => checks,
    memoStats: () => verifier.memoStats(),
  };
}

const tokenFor = (workspace: string, expiresAt: number, secret = SECRET, claims: Record<string, unknown> = {}) =>
  new SignJWT({ workspace_id: workspace, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(START / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(secret);

const refused = expect.objectContaining({ key: 'unauthorized' });

describe('TokenVerifier remembers the tokens it verified', () => {
  test('the same token is checked once, then again after the remembering time', async () => {
    const v = verifierAt(START);
    const token = await tokenFor('acme', START + 3_600_000);
    expect(await v.workspaceOf(token)).toBe('acme');
    expect(await v.workspaceOf(token)).toBe('acme');
    expect(v.checks()).toBe(1);
    v.advance(VERIFIED_TOKEN_TTL_MS + 1);
    expect(await v.workspaceOf(token)).toBe('acme');
    expect(v.checks()).toBe(2);
  });

  test('a remembered token is not honoured past its expiry and clock tolerance', async () => {
    const v = verifierAt(START);
    const token = await tokenFor('acme', START + 10_000);
    expect(await v.workspaceOf(token)).toBe('acme');
    v.advance(10_000 + CLOCK_TOLERANCE_SECONDS * 1000 - 1_000);
    expect(await v.workspaceOf(token)).toBe('acme'); // still within the tolerance: remembered
    expect(v.checks()).toBe(1);
    v.advance(2_000);
    await expect(v.workspaceOf(token)).rejects.toThrow(DomainError);
    await expect(v.workspaceOf(token)).rejects.toEqual(refused);
    expect(v.checks()).toBe(3);
  });

  test('refused tokens are never remembered, and another token of the same workspace is checked on its own', async () => {
    const v = verifierAt(START);
    const forged = await tokenFor('acme', START + 3_600_000, createSecretKey(Buffer.from('another-secret-of-enough-length-0123456789')));
    await expect(v.workspaceOf(forged)).rejects.toEqual(refused);
    await expect(v.workspaceOf(forged)).rejects.toEqual(refused);
    expect(v.checks()).toBe(2);
    const good = await tokenFor('acme', START + 3_600_000);
    expect(await v.workspaceOf(good)).toBe('acme');
    const other = await tokenFor('acme', START + 7_200_000);
    expect(await v.workspaceOf(other)).toBe('acme');
    expect(v.checks()).toBe(4);
    // The forged token is refused still, though a token of its workspace is now remembered.
    await expect(v.workspaceOf(forged)).rejects.toEqual(refused);
  });
});

/** A token with exactly these claims (no `iat` or `exp` added), signed with the test secret. */
const signed = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(SECRET);
const startSeconds = Math.floor(START / 1000);

describe('TokenVerifier asks every token for an expiry, and a bounded one from an outside issuer', () => {
  test('a token without exp is refused, whatever its key, and says why', async () => {
    for (const source of ['local', 'configured', 'jwks'] as const) {
      const v = verifierAt(START, source);
      await expect(v.workspaceOf(await signed({ workspace_id: 'acme', iat: startSeconds }))).rejects.toEqual(
        expect.objectContaining({ key: 'unauthorized', message: 'the token must have an expiry (exp)' }),
      );
    }
  });

  test('exp - iat above JWT_MAX_LIFETIME is refused; exactly the maximum is served', async () => {
    const v = verifierAt(START);
    const tooLong = await signed({ workspace_id: 'acme', iat: startSeconds, exp: startSeconds + DAY_SECONDS + 1 });
    await expect(v.workspaceOf(tooLong)).rejects.toEqual(
      expect.objectContaining({ key: 'unauthorized', message: expect.stringContaining('JWT_MAX_LIFETIME') }),
    );
    expect(await v.workspaceOf(await signed({ workspace_id: 'acme', iat: startSeconds, exp: startSeconds + DAY_SECONDS }))).toBe('acme');
  });

  test('without iat the lifetime counts from now; an iat in the future does not stretch it', async () => {
    const v = verifierAt(START);
    expect(await v.workspaceOf(await signed({ workspace_id: 'acme', exp: startSeconds + DAY_SECONDS }))).toBe('acme');
    await expect(v.workspaceOf(await signed({ workspace_id: 'acme', exp: startSeconds + 2 * DAY_SECONDS }))).rejects.toEqual(refused);
    const futureIat = await signed({ workspace_id: 'acme', iat: startSeconds + DAY_SECONDS, exp: startSeconds + 2 * DAY_SECONDS });
    await expect(v.workspaceOf(futureIat)).rejects.toEqual(refused);
  });

  test("the local secret's own tokens (30 days by default) are not bounded by JWT_MAX_LIFETIME", async () => {
    const v = verifierAt(START, 'local');
    expect(await v.workspaceOf(await signed({ workspace_id: 'acme', iat: startSeconds, exp: startSeconds + 30 * DAY_SECONDS }))).toBe(
      'acme',
    );
  });

  test('tokens checked against a JWKS are not remembered: every request looks the key up', async () => {
    const v = verifierAt(START, 'jwks');
    const token = await tokenFor('acme', START + 3_600_000);
    expect(await v.workspaceOf(token)).toBe('acme');
    expect(await v.workspaceOf(token)).toBe('acme');
    expect(v.checks()).toBe(2);
  });
});

describe('TokenVerifier refuses a workspace claim that is not well-formed Unicode', () => {
  test('lone surrogates are 401, a proper pair is served', async () => {
    const v = verifierAt(START);
    for (const workspace of ['tenant-\ud83d', 'tenant-\udc00', '\ude00tenant']) {
      await expect(v.workspaceOf(await tokenFor(workspace, START + 60_000))).rejects.toEqual(
        expect.objectContaining({ key: 'unauthorized', message: 'the workspace_id claim must be well-formed Unicode' }),
      );
    }
    expect(await v.workspaceOf(await tokenFor('tenant-\ud83d\ude00', START + 60_000))).toBe('tenant-😀');
  });
});

describe('the memory of verified tokens is bounded', () => {
  test('a token longer than the memo takes is verified each time and never kept', async () => {
    const v = verifierAt(START);
    const long = await tokenFor('acme', START + 3_600_000, SECRET, { pad: 'x'.repeat(12_000) });
    expect(long.length).toBeGreaterThan(MEMO_TOKEN_MAX_LENGTH);
    expect(await v.workspaceOf(long)).toBe('acme');
    expect(await v.workspaceOf(long)).toBe('acme');
    expect(v.checks()).toBe(2);
    expect(v.memoStats().entries).toBe(0);
  });

  test('many distinct tokens of the longest kept length stay under the byte bound, and still verify', async () => {
    const v = verifierAt(START);
    const base = await tokenFor('acme', START + 3_600_000, SECRET, { pad: '' });
    const padding = 'x'.repeat(Math.floor(((MEMO_TOKEN_MAX_LENGTH - base.length) * 3) / 4) - 8);
    const count = Math.ceil(VERIFIED_TOKENS_BYTES / (2 * MEMO_TOKEN_MAX_LENGTH)) + 200;
    let last = '';
    for (let i = 0; i < count; i++) {
      last = await tokenFor(`ws-${i}`, START + 3_600_000, SECRET, { pad: `${padding}${i}` });
      expect(last.length).toBeLessThanOrEqual(MEMO_TOKEN_MAX_LENGTH);
      expect(await v.workspaceOf(last)).toBe(`ws-${i}`);
    }
    const stats = v.memoStats();
    expect(stats.bytes).toBeLessThanOrEqual(VERIFIED_TOKENS_BYTES);
    expect(stats.entries).toBeLessThan(count);
    // The most recent is still remembered: no new check.
    const checks = v.checks();
    expect(await v.workspaceOf(last)).toBe(`ws-${count - 1}`);
    expect(v.checks()).toBe(checks);
  });
});
