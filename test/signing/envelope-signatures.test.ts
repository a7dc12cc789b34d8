import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Envelope } from '../../src/document';
import { DomainError } from '../../src/domain/shared/errors';
import {
  checkReceivedSignatures,
  signEnvelope,
  verifyEnvelopeSignatures,
  withSigningFaults,
} from '../../src/domain/documents/envelope-signing';
import * as signing from '../../src/signing/envelope-signatures';
import { MAX_SIGNATURES, WORKSPACE_HEADER, workspaceDigest } from '../../src/signing/envelope-signatures';
import { SigningKeyError, SigningKeys, type PublicJwk } from '../../src/signing/signing-keys';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const NOW = new Date('2026-04-01T08:00:00Z');
const A = 'workspace-a';
const B = 'workspace-b';

/** A party outside the service, with its ES256 key pair; its public key is trusted by `keys`. */
function party(kid: string): { kid: string; privateKey: KeyObject; jwk: PublicJwk } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  return { kid, privateKey, jwk: { kty: 'EC', crv: 'P-256', x, y, kid, alg: 'ES256', use: 'sig' } };
}

/** A compact ES256 JWS over the given header and payload. */
function jws(header: object, payload: object, privateKey: KeyObject): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

const partner = party('partner-1');
const stranger = party('stranger-1');
let dataDir: string;
let keys: SigningKeys;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sigs-'));
  keys = SigningKeys.load(undefined, dataDir, [partner.jwk]);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const envelope = (): Envelope => ({
  $schema: 'https://gobl.org/draft-0/envelope',
  head: { uuid: '0190c000-0000-7000-8000-000000000001', dig: { alg: 'sha256', val: 'ab'.repeat(32) } },
  doc: { $schema: 'https://gobl.org/draft-0/bill/invoice', code: 'A-1' },
});
const statement = (env: Envelope) => ({ uuid: env.head.uuid, dig: env.head.dig, iat: NOW.getTime() / 1000 });

function problemsOf(env: Envelope, workspaceId = A, with_: SigningKeys = keys): Record<string, string> {
  try {
    verifyEnvelopeSignatures(env, with_, workspaceId);
    return {};
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).key).toBe('validation');
    return ((error as DomainError).details.fields!.data as any).sigs;
  }
}

const signedIn = (workspaceId: string, signer: SigningKeys = keys) => {
  const env = envelope();
  signEnvelope(env, [], signer, { workspaceId, now: NOW });
  return env;
};

describe('envelope signatures', () => {
  test("a signature made by the service verifies in its workspace; its statement is GOBL's signing payload", () => {
    const env = signedIn(A);
    expect(problemsOf(env, A)).toEqual({});
    const [header, payload] = env.sigs![0].split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
      alg: 'ES256',
      kid: keys.kid,
      [WORKSPACE_HEADER]: workspaceDigest(A),
    });
    expect(workspaceDigest(A)).toMatch(/^[A-Za-z0-9_-]{43}$/); // the id itself is not disclosed
    expect(Buffer.from(payload, 'base64url').toString()).toBe(
      `{"uuid":"0190c000-0000-7000-8000-000000000001","dig":{"alg":"sha256","val":"${'ab'.repeat(32)}"},"iat":${NOW.getTime() / 1000}}`,
    );
  });

  test('a service signature made for one workspace is refused in another, and one with no workspace at all', () => {
    expect(problemsOf(signedIn(A), B)).toEqual({ 0: 'was made by this service for another workspace' });
    expect(workspaceDigest('tenant-\ud83d')).not.toBe(workspaceDigest('tenant-\udc00'));
    expect(problemsOf(signedIn('tenant-\ud83d'), 'tenant-\udc00')).toEqual({ 0: expect.stringContaining('another workspace') });
    // Signed as the service did before signatures named their workspace: it cannot say whose it is.
    const env = envelope();
    const legacy = SigningKeys.fromMaterial(keys.material());
    const input = `${b64({ alg: 'ES256', kid: legacy.kid })}.${b64(statement(env))}`;
    env.sigs = [`${input}.${legacy.sign(Buffer.from(input)).toString('base64url')}`];
    expect(problemsOf(env, A)).toEqual({ 0: expect.stringContaining('another workspace') });
  });

  test('a signature by a trusted key verifies in any workspace, with or without iat', () => {
    const env = envelope();
    const { iat: _iat, ...older } = statement(env);
    env.sigs = [
      jws({ alg: 'ES256', kid: partner.kid }, statement(env), partner.privateKey),
      jws({ alg: 'ES256', kid: partner.kid }, older, partner.privateKey),
    ];
    expect(problemsOf(env, A)).toEqual({});
    expect(problemsOf(env, B)).toEqual({});
  });

  test.each([
    ['no kid', (env: Envelope) => jws({ alg: 'ES256' }, statement(env), partner.privateKey), 'names no key (kid)'],
    ['an empty kid', (env: Envelope) => jws({ alg: 'ES256', kid: '' }, statement(env), partner.privateKey), 'names no key (kid)'],
    [
      'a kid the service does not know',
      (env: Envelope) => jws({ alg: 'ES256', kid: stranger.kid }, statement(env), stranger.privateKey),
      'does not know or trust (kid "stranger-1")',
    ],
    [
      'a trusted kid but another key',
      (env: Envelope) => jws({ alg: 'ES256', kid: partner.kid }, statement(env), stranger.privateKey),
      'does not verify with the key "partner-1"',
    ],
    [
      'the service kid but another key',
      (env: Envelope) => jws({ alg: 'ES256', kid: keys.kid, [WORKSPACE_HEADER]: workspaceDigest(A) }, statement(env), stranger.privateKey),
      'does not verify',
    ],
    [
      'an all-zero signature',
      (env: Envelope) => `${b64({ alg: 'ES256', kid: partner.kid })}.${b64(statement(env))}.${Buffer.alloc(64).toString('base64url')}`,
      'does not verify',
    ],
    ['another algorithm', (env: Envelope) => jws({ alg: 'HS256', kid: partner.kid }, statement(env), partner.privateKey), 'only ES256'],
    [
      'a critical header',
      (env: Envelope) => jws({ alg: 'ES256', kid: partner.kid, crit: ['exp'] }, statement(env), partner.privateKey),
      'critical header',
    ],
    [
      'no digest',
      (env: Envelope) => jws({ alg: 'ES256', kid: partner.kid }, { uuid: env.head.uuid }, partner.privateKey),
      'uuid and digest',
    ],
    [
      'another digest',
      (env: Envelope) =>
        jws({ alg: 'ES256', kid: partner.kid }, { ...statement(env), dig: { alg: 'sha256', val: '00' } }, partner.privateKey),
      'changed after it was signed',
    ],
    [
      'another uuid',
      (env: Envelope) =>
        jws({ alg: 'ES256', kid: partner.kid }, { ...statement(env), uuid: '0190c000-0000-7000-8000-000000000002' }, partner.privateKey),
      'another envelope',
    ],
  ])('a signature with %s is refused', (_name, make, message) => {
    const env = envelope();
    env.sigs = [make(env)];
    expect(problemsOf(env)).toEqual({ 0: expect.stringContaining(message) });
  });

  test('a signed payload changed afterwards no longer verifies', () => {
    const env = signedIn(A);
    const [header, , signature] = env.sigs![0].split('.');
    env.head.dig = { alg: 'sha256', val: 'cd'.repeat(32) };
    env.sigs = [`${header}.${b64(statement(env))}.${signature}`];
    expect(problemsOf(env)).toEqual({ 0: expect.stringContaining('does not verify') });
  });

  test('without keys, every signature is refused', () => {
    const env = signedIn(A);
    expect(() => verifyEnvelopeSignatures(env, undefined, A)).toThrow(/does not know or trust/);
  });

  test('an envelope with more signatures than MAX_SIGNATURES is refused before any is checked', () => {
    const env = signedIn(A);
    env.sigs = Array.from({ length: MAX_SIGNATURES + 1 }, () => env.sigs![0]);
    expect(() => verifyEnvelopeSignatures(env, keys, A)).toThrow(
      expect.objectContaining({
        key: 'validation',
        details: { fields: { data: { sigs: expect.stringContaining(`at most ${MAX_SIGNATURES}`) } } },
      }),
    );
    env.sigs = env.sigs.slice(1);
    expect(problemsOf(env)).toEqual({});
  });

  test('only the signatures at fault are named', () => {
    const env = signedIn(A);
    env.sigs = [env.sigs![0], 'a.b', env.sigs![0]];
    expect(problemsOf(env)).toEqual({ 1: expect.stringContaining('compact form') });
  });

  test('signing refuses faults and documents that are not ready', () => {
    const env = envelope();
    expect(() => signEnvelope(env, [{ code: 'X', message: 'bad', paths: ['$.doc'] }], keys, { workspaceId: A, now: NOW })).toThrow(
      /cannot be signed/,
    );
    delete env.doc.code;
    expect(() => signEnvelope(env, [], keys, { workspaceId: A, now: NOW })).toThrow(/code is required/);
    expect(env.sigs).toBeUndefined();
  });

  test('signing itself returns its faults, never throws: the domain says what the client is told', () => {
    const env = envelope();
    delete env.doc.code;
    expect(signing.signEnvelope(env, [], keys, { workspaceId: A, now: NOW })).toEqual({
      kind: 'not-ready',
      faults: [expect.objectContaining({ code: 'GOBL-ENVELOPE-13' })],
    });
    const signed = signedIn(A);
    expect(signing.verifyEnvelopeSignatures(signed, keys, A)).toBeUndefined();
    expect(signing.verifyEnvelopeSignatures(signed, undefined, A)).toEqual({
      kind: 'refused',
      problems: { 0: expect.stringContaining('does not know or trust') },
    });
    signed.sigs = Array.from({ length: MAX_SIGNATURES + 1 }, () => signed.sigs![0]);
    expect(signing.checkReceivedSignatures(signed, keys, A)).toEqual({
      fault: { kind: 'too-many', count: MAX_SIGNATURES + 1, max: MAX_SIGNATURES },
    });
  });

  test('a signed envelope that is not ready gets the readiness fault once', () => {
    const env = envelope();
    delete env.doc.code;
    expect(withSigningFaults(env, [])).toEqual([]);
    env.sigs = ['x.y.z'];
    const once = withSigningFaults(env, []);
    expect(once).toEqual([expect.objectContaining({ code: 'GOBL-ENVELOPE-13', paths: ['$.doc.code'] })]);
    expect(withSigningFaults(env, once)).toEqual(once);
  });
});

describe('received envelopes (signed elsewhere, kept as they came)', () => {
  /** The verdict on `sigs` made by `make`, or the problems of a refusal. */
  function receivedAs(make: (env: Envelope) => string[], workspaceId = A, with_: SigningKeys | null = keys) {
    const env = envelope();
    env.sigs = make(env);
    try {
      return checkReceivedSignatures(env, with_ ?? undefined, workspaceId);
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return { refused: ((error as DomainError).details.fields!.data as any).sigs };
    }
  }
  const serviceSigned = (workspaceId: string) => (env: Envelope) => {
    signEnvelope(env, [], keys, { workspaceId, now: NOW });
    return env.sigs!;
  };

  test('by whom each signature was made: this workspace, the service for another, a trusted party', () => {
    expect(receivedAs(serviceSigned(A), A)).toEqual({ verified: true, sigs: [{ kid: keys.kid, by: 'workspace', verified: true }] });
    expect(receivedAs(serviceSigned(A), B)).toEqual({ verified: true, sigs: [{ kid: keys.kid, by: 'service', verified: true }] });
    const legacy = (env: Envelope) => {
      const input = `${b64({ alg: 'ES256', kid: keys.kid })}.${b64(statement(env))}`;
      return [`${input}.${keys.sign(Buffer.from(input)).toString('base64url')}`];
    };
    expect(receivedAs(legacy, A)).toEqual({ verified: true, sigs: [{ kid: keys.kid, by: 'service', verified: true }] }); // it names no workspace
    const trusted = (env: Envelope) => [jws({ alg: 'ES256', kid: partner.kid }, statement(env), partner.privateKey)];
    expect(receivedAs(trusted, B)).toEqual({ verified: true, sigs: [{ kid: partner.kid, by: 'trusted', verified: true }] });
  });

  test.each([
    ['no kid', (env: Envelope) => jws({ alg: 'ES256' }, statement(env), stranger.privateKey), undefined, 'names no key (kid)'],
    [
      'a kid the service does not know',
      (env: Envelope) => jws({ alg: 'ES256', kid: stranger.kid }, statement(env), stranger.privateKey),
      stranger.kid,
      'does not know or trust',
    ],
    [
      'another algorithm and an unknown kid',
      (env: Envelope) => jws({ alg: 'HS256', kid: stranger.kid }, statement(env), stranger.privateKey),
      stranger.kid,
      'only ES256',
    ],
    [
      'a critical header and an unknown kid',
      (env: Envelope) => jws({ alg: 'ES256', kid: stranger.kid, crit: ['exp'] }, statement(env), stranger.privateKey),
      stranger.kid,
      'critical header',
    ],
  ])('a signature with %s is kept, not verified, by "unknown"', (_name, make, kid, problem) => {
    const verdict = receivedAs((env) => [make(env)]);
    expect(verdict).toEqual({
      verified: false,
      sigs: [{ kid, by: 'unknown', verified: false, problem: expect.stringContaining(problem) }],
    });
  });

  test.each([
    [
      'a trusted kid but another key',
      (env: Envelope) => jws({ alg: 'ES256', kid: partner.kid }, statement(env), stranger.privateKey),
      'does not verify with the key "partner-1"',
    ],
    [
      'the service kid but another key',
      (env: Envelope) => jws({ alg: 'ES256', kid: keys.kid }, statement(env), stranger.privateKey),
      'does not verify',
    ],
    [
      'a trusted kid and another algorithm',
      (env: Envelope) => jws({ alg: 'HS256', kid: partner.kid }, statement(env), partner.privateKey),
      'only ES256',
    ],
    [
      'an unknown kid and another digest',
      (env: Envelope) =>
        jws({ alg: 'ES256', kid: stranger.kid }, { ...statement(env), dig: { alg: 'sha256', val: '00' } }, stranger.privateKey),
      'changed after it was signed',
    ],
    [
      'an unknown kid and another uuid',
      (env: Envelope) =>
        jws({ alg: 'ES256', kid: stranger.kid }, { ...statement(env), uuid: '0190c000-0000-7000-8000-000000000002' }, stranger.privateKey),
      'another envelope',
    ],
    [
      'no digest',
      (env: Envelope) => jws({ alg: 'ES256', kid: stranger.kid }, { uuid: env.head.uuid }, stranger.privateKey),
      'uuid and digest',
    ],
    ['no compact form', () => 'a.b', 'compact form'],
  ])('a signature with %s is refused: forged, or of another content', (_name, make, problem) => {
    expect(receivedAs((env) => [make(env)])).toEqual({ refused: { 0: expect.stringContaining(problem) } });
  });

  test('a long kid is kept cut short: the verdict is read with every list', () => {
    const long = 'k'.repeat(10_000);
    const verdict = receivedAs((env) => [jws({ alg: 'ES256', kid: long }, statement(env), stranger.privateKey)]) as any;
    expect(verdict.sigs[0].kid).toBe(`${'k'.repeat(128)}…`);
    expect(JSON.stringify(verdict).length).toBeLessThan(500);
  });

  test('without keys, every signature is kept unverified; a changed statement is still refused', () => {
    expect(receivedAs(serviceSigned(A), A, null)).toMatchObject({ verified: false, sigs: [{ by: 'unknown', verified: false }] });
    const changed = (env: Envelope) => [
      jws({ alg: 'ES256', kid: partner.kid }, { ...statement(env), dig: { alg: 'sha256', val: '00' } }, partner.privateKey),
    ];
    expect(receivedAs(changed, A, null)).toEqual({ refused: { 0: expect.stringContaining('changed after it was signed') } });
  });
});

describe('signing keys from plain material', () => {
  test('keys rebuilt from their material (as another thread would) sign and verify alike, and read no file', () => {
    const material = JSON.parse(JSON.stringify(keys.material()));
    expect(material.trusted).toEqual([partner.jwk]);
    const copy = SigningKeys.fromMaterial(material);
    expect(copy.kid).toBe(keys.kid);
    expect(copy.jwks()).toEqual(keys.jwks());
    expect(problemsOf(signedIn(A, copy), A, keys)).toEqual({});
    expect(problemsOf(signedIn(A, keys), A, copy)).toEqual({});
  });

  test('the active key may be PEM text; older keys and trusted keys are public JWKs', () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const rotated = SigningKeys.fromMaterial({ active: pem, retired: keys.jwks().keys, trusted: [partner.jwk] });
    expect(rotated.jwks().keys.map((k) => k.kid)).toEqual([rotated.kid, keys.kid]); // trusted keys are not published
    expect(problemsOf(signedIn(A, keys), A, rotated)).toEqual({}); // a signature by the older key still verifies
    expect(problemsOf(signedIn(A, rotated), A, keys)).toEqual({ 0: expect.stringContaining('does not know or trust') });
  });

  test("a trusted key may not take the kid of one of the service's own", () => {
    expect(() => SigningKeys.fromMaterial({ ...keys.material(), trusted: [{ ...partner.jwk, kid: keys.kid }] })).toThrow(SigningKeyError);
  });
});
