import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Envelope } from '../../src/document';
import { DomainError } from '../../src/domain/errors';
import { signEnvelope, verifyEnvelopeSignatures, withSigningFaults } from '../../src/signing/envelope-signatures';
import { SigningKeys } from '../../src/signing/signing-keys';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const NOW = new Date('2026-04-01T08:00:00Z');

let dataDir: string;
let keys: SigningKeys;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sigs-'));
  keys = SigningKeys.load(undefined, dataDir);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const envelope = (): Envelope => ({
  $schema: 'https://gobl.org/draft-0/envelope',
  head: { uuid: '0190c000-0000-7000-8000-000000000001', dig: { alg: 'sha256', val: 'ab'.repeat(32) } },
  doc: { $schema: 'https://gobl.org/draft-0/bill/invoice', code: 'A-1' },
});

function problemsOf(env: Envelope): Record<string, string> {
  try {
    verifyEnvelopeSignatures(env, keys);
    return {};
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return ((error as DomainError).details.fields!.data as any).sigs;
  }
}

describe('envelope signatures', () => {
  test('a signature made by the service verifies; its statement is GOBL\'s signing payload', () => {
    const env = envelope();
    signEnvelope(env, [], keys, NOW);
    expect(problemsOf(env)).toEqual({});
    const [header, payload] = env.sigs![0].split('.');
    expect(Buffer.from(header, 'base64url').toString()).toBe(`{"alg":"ES256","kid":"${keys.kid}"}`);
    expect(Buffer.from(payload, 'base64url').toString()).toBe(
      `{"uuid":"0190c000-0000-7000-8000-000000000001","dig":{"alg":"sha256","val":"${'ab'.repeat(32)}"},"iat":${NOW.getTime() / 1000}}`,
    );
  });

  test('a statement without iat (as older GOBL signatures are) is accepted', () => {
    const env = envelope();
    const input = `${b64({ alg: 'ES256', kid: 'someone' })}.${b64({ uuid: env.head.uuid, dig: env.head.dig })}`;
    env.sigs = [`${input}.${Buffer.alloc(64).toString('base64url')}`];
    expect(problemsOf(env)).toEqual({});
  });

  test.each([
    ['another algorithm', { alg: 'HS256' }, (e: Envelope) => ({ uuid: e.head.uuid, dig: e.head.dig }), 'only ES256'],
    ['no digest', { alg: 'ES256' }, (e: Envelope) => ({ uuid: e.head.uuid }), 'uuid and digest'],
    ['another digest', { alg: 'ES256' }, (e: Envelope) => ({ uuid: e.head.uuid, dig: { alg: 'sha256', val: '00' } }), 'changed after it was signed'],
  ])('a signature with %s is refused', (_name, header, statement, message) => {
    const env = envelope();
    env.sigs = [`${b64(header)}.${b64(statement(env))}.${Buffer.alloc(64).toString('base64url')}`];
    expect(problemsOf(env)).toEqual({ 0: expect.stringContaining(message) });
  });

  test('only the signatures at fault are named', () => {
    const env = envelope();
    signEnvelope(env, [], keys, NOW);
    env.sigs = [env.sigs![0], 'a.b', env.sigs![0]];
    expect(problemsOf(env)).toEqual({ 1: expect.stringContaining('compact form') });
  });

  test('signing refuses faults and documents that are not ready', () => {
    const env = envelope();
    expect(() => signEnvelope(env, [{ code: 'X', message: 'bad', paths: ['$.doc'] }], keys, NOW)).toThrow(/cannot be signed/);
    delete env.doc.code;
    expect(() => signEnvelope(env, [], keys, NOW)).toThrow(/code is required/);
    expect(env.sigs).toBeUndefined();
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
