import { generateKeyPairSync } from 'node:crypto';
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import { ChainCheck, SERIES_ENTRY_JWS_TYPE, signLink } from '../../../src/domain/sequences/series-chain';
import { verifyChain } from '../../../src/domain/sequences/sequences.service';
import { codeOf, type Series, type SeriesEntry } from '../../../src/domain/sequences/series';
import { SigningKeys } from '../../../src/signing/signing-keys';

const pem = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const keys = SigningKeys.fromMaterial({ active: pem(), retired: [], trusted: [] });
const jwks = keys.jwks() as unknown as JSONWebKeySet;

const SERIES: Series = {
  workspaceId: 'ws',
  id: '0190b5c2-7f4e-7a00-8000-000000000001',
  name: 'Sales',
  prefix: 'INV-',
  suffix: '-A',
  padding: 4,
  start: 7,
  createdAt: new Date('2026-12-01T00:00:00Z'),
  updatedAt: new Date('2026-12-01T00:00:00Z'),
};

/** A chain of `count` entries signed as the store signs them, each over the previous one's signature. */
function chainOf(count: number, signer = keys): SeriesEntry[] {
  const entries: SeriesEntry[] = [];
  for (let i = 0; i < count; i++) {
    const index = SERIES.start + i;
    const previous = entries[i - 1];
    const at = new Date(Date.UTC(2026, 11, 1, 0, 0, i));
    const id = `0190b5c2-7f4e-7a00-8000-${String(index).padStart(12, '0')}`;
    const link = {
      seriesId: SERIES.id,
      id,
      index,
      code: codeOf(SERIES, index),
      createdAt: at,
      previousId: previous?.id,
      previousSig: previous?.sigs[0],
    };
    entries.push({ ...link, workspaceId: 'ws', meta: {}, sigs: [signLink(signer, link)], updatedAt: at });
  }
  return entries;
}

async function firstBreak(entries: SeriesEntry[], lastIndex = entries[entries.length - 1]?.index) {
  const check = new ChainCheck(jwks, { ...SERIES, seriesId: SERIES.id });
  for (const entry of entries) {
    const fault = await check.next(entry);
    if (fault) return fault;
  }
  return check.end(lastIndex);
}

test('codes: prefix, the index padded to its digits, suffix', () => {
  expect(codeOf(SERIES, 7)).toBe('INV-0007-A');
  expect(codeOf(SERIES, 123456)).toBe('INV-123456-A');
  expect(codeOf({ prefix: '', suffix: '', padding: 0, start: 1 }, 42)).toBe('42');
});

test("each signature is a compact ES256 JWS that jose verifies with the service's JWKS alone", async () => {
  const [first, second] = chainOf(2);
  const header = decodeProtectedHeader(second.sigs[0]);
  expect(header).toMatchObject({ alg: 'ES256', kid: keys.kid, typ: SERIES_ENTRY_JWS_TYPE });
  const { payload } = await compactVerify(second.sigs[0], createLocalJWKSet(jwks));
  const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
  expect(claims).toMatchObject({ series_id: SERIES.id, id: second.id, index: 8, code: 'INV-0008-A', previous_id: first.id });
  expect(typeof claims.previous_sig_sha256).toBe('string');
  expect(await firstBreak(chainOf(50))).toBeUndefined();
});

test('every kind of tampering is the first break, at the entry it touches', async () => {
  const altered = (change: (entries: SeriesEntry[]) => void) => {
    const entries = chainOf(10);
    change(entries);
    return firstBreak(entries);
  };
  // A code changed in place: its own signature no longer covers it.
  expect(await altered((e) => (e[3] = { ...e[3], code: 'INV-9999-A' }))).toMatchObject({
    index: 10,
    reason: expect.stringContaining('code'),
  });
  // A time changed: the signature was made over another.
  expect(await altered((e) => (e[4] = { ...e[4], createdAt: new Date(0) }))).toMatchObject({
    index: 11,
    reason: expect.stringContaining('created_at'),
  });
  // An entry removed from the middle: a gap where the next index was expected.
  expect(await altered((e) => e.splice(5, 1))).toMatchObject({ index: 13, reason: expect.stringContaining('a gap') });
  // The last entries removed: the series says it goes further.
  expect(await firstBreak(chainOf(10).slice(0, 8), 16)).toMatchObject({
    index: 15,
    reason: expect.stringContaining('no entry at index 15'),
  });
  // An entry re-signed by another key: not one of the published keys.
  const stranger = SigningKeys.fromMaterial({ active: pem(), retired: [], trusted: [] });
  expect(await altered((e) => (e[2] = chainOf(3, stranger)[2]))).toMatchObject({
    index: 9,
    reason: expect.stringContaining('does not verify'),
  });
  // A whole entry replaced by a validly signed one from another chain of the same key: the previous signature differs.
  const other = chainOf(10).map((entry) => ({ ...entry, createdAt: new Date(entry.createdAt.getTime() + 1) }));
  expect(await altered((e) => (e[6] = { ...other[6], previousId: e[5].id }))).toMatchObject({ index: 13 });
  // previous_id pointing elsewhere.
  expect(await altered((e) => (e[1] = { ...e[1], previousId: e[0].id.replace(/.$/, 'f') }))).toMatchObject({
    index: 8,
    reason: expect.stringContaining('previous_id'),
  });
});

test('verifyChain reads a page at a time, stops at its limit with where to go on, and goes on from there', async () => {
  const entries = chainOf(1_200);
  const series = { ...SERIES, lastIndex: entries[entries.length - 1].index };
  const reads: number[] = [];
  const read = async (options: { fromIndex?: number; limit: number; ascending: boolean }) => {
    reads.push(options.limit);
    const from = options.fromIndex ?? series.start;
    const sorted = options.ascending ? entries.filter((e) => e.index >= from) : entries.filter((e) => e.index <= from).reverse();
    return sorted.slice(0, options.limit);
  };
  const whole = await verifyChain(series, jwks, read, { limit: 100_000 });
  expect(whole).toEqual({ valid: true, checked: 1_200, fromIndex: 7 });
  expect(Math.max(...reads)).toBeLessThanOrEqual(500);
  const part = await verifyChain(series, jwks, read, { limit: 700 });
  expect(part).toEqual({ valid: true, checked: 700, fromIndex: 7, nextIndex: 707 });
  const rest = await verifyChain(series, jwks, read, { fromIndex: part.nextIndex, limit: 700 });
  expect(rest).toEqual({ valid: true, checked: 500, fromIndex: 707 });
  entries[1_000] = { ...entries[1_000], code: 'X' };
  expect((await verifyChain(series, jwks, read, { fromIndex: 707, limit: 700 })).firstBreak).toMatchObject({ index: 1_007 });
});
