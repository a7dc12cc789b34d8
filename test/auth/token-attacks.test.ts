import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import fc from 'fast-check';
import { SignJWT, exportJWK } from 'jose';
import { recordFigures } from '../helpers/figures';
import { client, party, startServer, testDatabase, TEST_SECRET, type TestServer } from '../helpers/server';

/**
 * Token attacks over REST and GraphQL: each forged, stale, misdirected or malformed token is answered
 * 401 (REST: `WWW-Authenticate: Bearer` and the contract's error body; GraphQL: UNAUTHENTICATED), and no
 * answer ever carries an entry. A valid token of workspace B meets A's ids, keys and cursors as if they
 * did not exist. Every attack is sent to every route; the figure is attacks × routes.
 */
const ISSUER = 'https://id.example.test';
const AUDIENCE = 'entries';
const secret = new TextEncoder().encode(TEST_SECRET);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

const tally = { attacks: 0, requests: 0, accepted: 0 };
afterAll(() =>
  recordFigures('token-attacks', testDatabase(), { attacks: tally.attacks, requests: tally.requests, accepted: tally.accepted }),
);

/** Everything an attacker could hope to read: the victim's entries, by every route of both APIs. */
interface Victim {
  id: string;
  key: string;
  cursor: string;
  /** A string that appears in the victim's entry and nowhere else. */
  marker: string;
}

async function plantVictim(t: TestServer, token: string): Promise<Victim> {
  const marker = `SECRET-${randomUUID()}`;
  const api = client(t.url, token);
  const created = [];
  for (let i = 0; i < 2; i++) {
    const reply = await api.post('/silo/v1/entries', { data: party(`${marker} ${i}`), key: `${marker}-key-${i}` });
    expect(reply.status).toBe(200);
    created.push(reply.body);
  }
  const page = await api.get('/silo/v1/entries?limit=1');
  return { id: created[0].id, key: created[0].key, cursor: page.body.next_cursor, marker };
}

let graphqlServed: boolean | undefined;
async function hasGraphQL(t: TestServer): Promise<boolean> {
  if (graphqlServed === undefined) {
    const reply = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{__typename}"}',
    });
    graphqlServed = reply.status !== 404;
    if (!graphqlServed) process.stdout.write('token-attacks: /graphql is not served; GraphQL routes skipped\n');
  }
  return graphqlServed;
}

type Route = { name: string; method: string; path: string; body?: unknown; graphql?: boolean };

function routes(victim: Victim): Route[] {
  const gql = (name: string, query: string, variables: Record<string, unknown> = {}): Route => ({
    name,
    method: 'POST',
    path: '/graphql',
    body: { query, variables },
    graphql: true,
  });
  return [
    { name: 'list', method: 'GET', path: '/silo/v1/entries' },
    { name: 'list with cursor', method: 'GET', path: `/silo/v1/entries?cursor=${victim.cursor}` },
    { name: 'by id', method: 'GET', path: `/silo/v1/entries/${victim.id}` },
    { name: 'by key', method: 'GET', path: `/silo/v1/entries/key/${encodeURIComponent(victim.key)}` },
    { name: 'create', method: 'POST', path: '/silo/v1/entries', body: { data: party('intruder') } },
    {
      name: 'derive from victim',
      method: 'POST',
      path: '/silo/v1/entries',
      body: { previous_id: victim.id, content_type: 'application/merge-patch+json', data: { doc: { name: 'x' } } },
    },
    { name: 'put victim id', method: 'PUT', path: `/silo/v1/entries/${randomUUID()}`, body: { data: party('intruder') } },
    { name: 'ping', method: 'GET', path: '/utils/v1/ping' },
    { name: 'keys', method: 'GET', path: '/silo/v1/keys' },
    gql('graphql entries', 'query { entries(first: 5) { edges { cursor node { id key data } } } }'),
    gql('graphql entries after', 'query($after: String) { entries(first: 5, after: $after) { edges { node { id data } } } }', {
      after: victim.cursor,
    }),
    gql('graphql entry', 'query($id: ID!) { entry(id: $id) { id key data } }', { id: victim.id }),
    gql('graphql entryByKey', 'query($key: String!) { entryByKey(key: $key) { id data } }', { key: victim.key }),
    gql('graphql node', 'query($id: ID!) { node(id: $id) { id ... on Entry { data } } }', { id: victim.id }),
    gql('graphql create', 'mutation($input: CreateEntryInput!) { createEntry(input: $input) { entry { id } } }', {
      input: { data: party('intruder') },
    }),
    {
      name: 'graphql GET',
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent('{ entries(first: 5) { edges { node { id data } } } }')}`,
      graphql: true,
    },
  ];
}

/**
 * Sends the attack (an Authorization header value, or none) to every route. Each answer must be 401 (or,
 * for a header too large for HTTP, 431), and must not carry the victim's marker.
 */
async function attack(
  t: TestServer,
  victim: Victim,
  authorization: string | undefined,
  extraHeaders: Record<string, string> = {},
  query = '',
): Promise<string[]> {
  tally.attacks++;
  const problems: string[] = [];
  for (const route of routes(victim)) {
    if (route.graphql && !(await hasGraphQL(t))) continue;
    tally.requests++;
    const headers: Record<string, string> = { ...extraHeaders };
    if (authorization !== undefined) headers.authorization = authorization;
    if (route.body !== undefined) headers['content-type'] = 'application/json';
    if (route.graphql && route.method === 'GET') headers.accept = 'application/json';
    const separator = route.path.includes('?') ? '&' : '?';
    const response = await fetch(`${t.url}${route.path}${query ? separator + query : ''}`, {
      method: route.method,
      headers,
      body: route.body === undefined ? undefined : JSON.stringify(route.body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    const label = `${route.name} with ${String(authorization).slice(0, 60)}`;
    if (text.includes(victim.marker) || response.status === 200) {
      tally.accepted++;
      problems.push(`${label}: ACCEPTED ${response.status} ${text.slice(0, 200)}`);
      continue;
    }
    if (response.status === 431) continue; // too large for HTTP: refused before any route
    if (response.status !== 401) problems.push(`${label}: ${response.status} ${text.slice(0, 200)}`);
    if (response.headers.get('www-authenticate') !== 'Bearer') problems.push(`${label}: no WWW-Authenticate: Bearer`);
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push(`${label}: body is not JSON`);
      continue;
    }
    if (route.graphql) {
      if (body.errors?.[0]?.extensions?.code !== 'UNAUTHENTICATED')
        problems.push(`${label}: GraphQL error is not UNAUTHENTICATED: ${text.slice(0, 200)}`);
      if (body.data) problems.push(`${label}: GraphQL answer has data`);
    } else if (body.key !== 'unauthorized' || Object.keys(body).sort().join() !== 'code,key,message') {
      problems.push(`${label}: body is not the contract's 401: ${text.slice(0, 200)}`);
    }
  }
  return problems;
}

const sign = (
  claims: Record<string, unknown>,
  options: { alg?: string; key?: Uint8Array | KeyObject; header?: Record<string, unknown> } = {},
) => new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT', ...options.header }).sign(options.key ?? secret);

/** An HS256 token with any header at all (jose refuses to sign some of the headers attackers send). */
const hmacToken = (header: object, claims: object, key: Uint8Array = secret) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
};

describe('HS256 with issuer and audience', () => {
  let t: TestServer;
  let victim: Victim;
  let valid: string;
  const good = (extra: Record<string, unknown> = {}) => ({
    workspace_id: 'victim',
    iss: ISSUER,
    aud: AUDIENCE,
    iat: now(),
    exp: now() + 600,
    ...extra,
  });

  beforeAll(async () => {
    t = await startServer({ JWT_ISSUER: ISSUER, JWT_AUDIENCE: AUDIENCE });
    valid = await sign(good({ workspace_id: `victim-${randomUUID()}` }));
    victim = await plantVictim(t, valid);
  });
  afterAll(() => t.close());

  test("the victim's own token reads its entries (the routes work)", async () => {
    const reply = await client(t.url, valid).get(`/silo/v1/entries/${victim.id}`);
    expect(reply.status).toBe(200);
    expect(JSON.stringify(reply.body)).toContain(victim.marker);
  });

  test('a catalogue of forged, stale and malformed tokens is refused everywhere', async () => {
    const [header, payload, signature] = valid.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const attacker = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const attackerJwk = await exportJWK(attacker.publicKey);
    const catalogue: [string, string | undefined, Record<string, string>?, string?][] = [
      ['missing', undefined],
      ['empty', ''],
      ['bare Bearer', 'Bearer'],
      ['Bearer and spaces', 'Bearer    '],
      ['Basic', `Basic ${b64('user:pass')}`],
      ['token without scheme', valid],
      ['other scheme', `Token ${valid}`],
      ['token in the query string only', undefined, {}, `access_token=${valid}`],
      ['token in a cookie only', undefined, { cookie: `token=${valid}; access_token=${valid}` }],
      ['two parts', `Bearer ${header}.${payload}`],
      ['five parts (JWE shape)', `Bearer ${header}.${payload}.${signature}.AAAA.BBBB`],
      ['signature stripped', `Bearer ${header}.${payload}.`],
      ...['none', 'None', 'NONE', 'nOnE'].flatMap((alg): [string, string][] => [
        [`alg ${alg}, no signature`, `Bearer ${b64({ alg, typ: 'JWT' })}.${payload}.`],
        [`alg ${alg}, old signature`, `Bearer ${b64({ alg, typ: 'JWT' })}.${payload}.${signature}`],
      ]),
      ['alg HS512 over an HS256 signature', `Bearer ${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`],
      ['tampered workspace', `Bearer ${header}.${b64({ ...claims, workspace_id: 'someone-else' })}.${signature}`],
      ['tampered expiry', `Bearer ${header}.${b64({ ...claims, exp: now() + 10 ** 8 })}.${signature}`],
      [
        'signature of another token',
        `Bearer ${header}.${b64({ ...claims, workspace_id: 'x' })}.${(await sign(good({ workspace_id: 'x', jti: '1' }))).split('.')[2]}`,
      ],
      ['wrong secret', `Bearer ${await sign(good(), { key: new TextEncoder().encode('another-secret-that-is-long-enough-0123456789') })}`],
      ['empty secret', `Bearer ${await sign(good(), { key: new Uint8Array(32) })}`],
      ['expired 2 minutes ago', `Bearer ${await sign(good({ exp: now() - 120 }))}`],
      ['expired long ago', `Bearer ${await sign(good({ exp: 1 }))}`],
      ['exp as a string', `Bearer ${await sign(good({ exp: String(now() + 600) }))}`],
      ['no expiry', `Bearer ${await sign(good({ exp: undefined }))}`],
      ['valid for a year', `Bearer ${await sign(good({ exp: now() + 365 * 86400 }))}`],
      ['valid for a year, iat in the future', `Bearer ${await sign(good({ iat: now() + 364 * 86400, exp: now() + 365 * 86400 }))}`],
      ['not yet valid', `Bearer ${await sign(good({ nbf: now() + 300 }))}`],
      ['wrong issuer', `Bearer ${await sign(good({ iss: 'https://evil.example.test' }))}`],
      ['no issuer', `Bearer ${await sign(good({ iss: undefined }))}`],
      ['issuer with a trailing slash', `Bearer ${await sign(good({ iss: `${ISSUER}/` }))}`],
      ['wrong audience', `Bearer ${await sign(good({ aud: 'someone-else' }))}`],
      ['no audience', `Bearer ${await sign(good({ aud: undefined }))}`],
      ['audience list without ours', `Bearer ${await sign(good({ aud: ['a', 'b'] }))}`],
      ['no workspace', `Bearer ${await sign(good({ workspace_id: undefined }))}`],
      ['workspace null', `Bearer ${await sign(good({ workspace_id: null }))}`],
      ['workspace empty', `Bearer ${await sign(good({ workspace_id: '' }))}`],
      ['workspace a number', `Bearer ${await sign(good({ workspace_id: 7 }))}`],
      ['workspace a list', `Bearer ${await sign(good({ workspace_id: ['victim'] }))}`],
      ['workspace an object', `Bearer ${await sign(good({ workspace_id: { toString: 'victim' } }))}`],
      ['workspace too long', `Bearer ${await sign(good({ workspace_id: 'w'.repeat(256) }))}`],
      ['workspace with a lone surrogate', `Bearer ${await sign(good({ workspace_id: 'victim-\ud83d' }))}`],
      [
        'attacker key embedded as jwk (RS256)',
        `Bearer ${await sign(good(), { alg: 'RS256', key: attacker.privateKey, header: { jwk: attackerJwk } })}`,
      ],
      [
        'attacker key by jku',
        `Bearer ${await sign(good(), { alg: 'RS256', key: attacker.privateKey, header: { jku: 'https://evil.example.test/jwks.json', kid: 'evil' } })}`,
      ],
      [
        'kid path traversal with an empty key',
        `Bearer ${await sign(good(), { key: new Uint8Array(32), header: { kid: '../../../../dev/null' } })}`,
      ],
      ['unknown crit extension', `Bearer ${hmacToken({ alg: 'HS256', crit: ['exp-ext'], 'exp-ext': true }, good())}`],
      ['b64 false', `Bearer ${hmacToken({ alg: 'HS256', b64: false, crit: ['b64'] }, good())}`],
      ['alg HS256 written in lower case', `Bearer ${hmacToken({ alg: 'hs256' }, good())}`],
      ['alg missing', `Bearer ${hmacToken({ typ: 'JWT' }, good())}`],
      ['payload an array, signed', `Bearer ${hmacToken({ alg: 'HS256' }, [good()])}`],
      ['header not JSON', `Bearer ${b64('not json')}.${payload}.${signature}`],
      ['payload not JSON', `Bearer ${header}.${b64('not json')}.${signature}`],
      ['payload an array', `Bearer ${header}.${b64('[1,2]')}.${signature}`],
      ['huge token', `Bearer ${header}.${'A'.repeat(12_000)}.${signature}`],
      ['oversized token', `Bearer ${header}.${'A'.repeat(100_000)}.${signature}`],
    ];
    const problems: string[] = [];
    for (const [name, authorization, headers, query] of catalogue) {
      problems.push(...(await attack(t, victim, authorization, headers, query)).map((p) => `${name}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  test("a browser's GET of /graphql without a token gets at most the Sandbox page, never data", async () => {
    if (!(await hasGraphQL(t))) return;
    tally.attacks++;
    tally.requests++;
    const query = encodeURIComponent(`{ entries(first: 5) { edges { node { id data } } } }`);
    const response = await fetch(`${t.url}/graphql?query=${query}`, { headers: { accept: 'text/html' } });
    const text = await response.text();
    if (text.includes(victim.marker)) tally.accepted++;
    expect(text).not.toContain(victim.marker);
    if (response.status === 200) expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    else expect(response.status).toBe(401);
  });

  test('random corruptions of a valid token are refused, unless they decode to the same bytes', async () => {
    const parts = valid.split('.').map((p) => Buffer.from(p, 'base64url'));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.nat(valid.length - 1),
        fc.constantFrom(...alphabet),
        fc.constantFrom('replace', 'insert', 'delete'),
        async (at, char, how) => {
          const mutated =
            how === 'replace'
              ? valid.slice(0, at) + char + valid.slice(at + 1)
              : how === 'insert'
                ? valid.slice(0, at) + char + valid.slice(at)
                : valid.slice(0, at) + valid.slice(at + 1);
          const same = mutated.split('.').length === 3 && mutated.split('.').every((p, i) => Buffer.from(p, 'base64url').equals(parts[i]));
          if (same || mutated === valid) return; // base64url's unused low bits: the very same token
          problems.push(...(await attack(t, victim, `Bearer ${mutated}`)));
        },
      ),
      { numRuns: 40 },
    );
    expect(problems).toEqual([]);
  });

  test('random claims, signed with the right key, are accepted exactly when they are valid', async () => {
    const problems: string[] = [];
    const time = (offsets: number[]) =>
      fc.oneof(
        fc.constant(undefined),
        fc.constantFrom(...offsets).map((o) => now() + o),
        fc.constantFrom('soon', null, 1e20, -1),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          workspace_id: fc.oneof(
            fc.constant(undefined),
            fc.constant('victim-other'),
            fc.constantFrom('', null, 3, ['w'], 'x'.repeat(256), 'victim-\ud83d'),
          ),
          iss: fc.oneof(fc.constant(ISSUER), fc.constantFrom(undefined, 'https://evil.example.test', ISSUER.toUpperCase(), [ISSUER])),
          aud: fc.oneof(fc.constant(AUDIENCE), fc.constantFrom(undefined, 'other', [AUDIENCE, 'other'], ['other'], AUDIENCE.toUpperCase())),
          exp: time([-3600, -120, -10, 60, 3600]),
          nbf: time([-60, 10, 300]),
        }),
        async (claims) => {
          const token = await new SignJWT(claims as Record<string, unknown>).setProtectedHeader({ alg: 'HS256' }).sign(secret);
          const isNumber = (v: unknown): v is number => typeof v === 'number';
          const ok =
            typeof claims.workspace_id === 'string' &&
            claims.workspace_id.length > 0 &&
            claims.workspace_id.length <= 255 &&
            claims.workspace_id.isWellFormed() &&
            claims.iss === ISSUER &&
            (claims.aud === AUDIENCE || (Array.isArray(claims.aud) && claims.aud.includes(AUDIENCE))) &&
            // exp is required, and within JWT_MAX_LIFETIME (24 h by default) of now, give or take the 30 s of skew.
            isNumber(claims.exp) &&
            claims.exp > now() - 30 &&
            claims.exp <= now() + 24 * 3600 + 30 &&
            (claims.nbf === undefined || (isNumber(claims.nbf) && claims.nbf <= now() + 30));
          tally.attacks += ok ? 0 : 1;
          tally.requests++;
          const reply = await client(t.url, token).get('/utils/v1/ping');
          if (!ok && reply.status !== 401) {
            tally.accepted++;
            problems.push(`accepted ${JSON.stringify(claims)}: ${reply.status}`);
          }
          if (ok && reply.status !== 200) problems.push(`refused a valid token ${JSON.stringify(claims)}: ${reply.status}`);
        },
      ),
      { numRuns: 120 },
    );
    expect(problems).toEqual([]);
  });

  test("workspace B's token meets A's ids, keys and cursors as if they did not exist", async () => {
    const intruder = await sign(good({ workspace_id: `intruder-${randomUUID()}` }));
    const api = client(t.url, intruder);
    const seen: string[] = [];
    const check = async (name: string, reply: { status: number; body: any }, expected: number[]) => {
      tally.attacks++;
      tally.requests++;
      // B chose A's key for its own entry in one request: the echo of B's own key is not a leak.
      const text = JSON.stringify(reply.body, (name, value) => (name === 'key' && value === victim.key ? undefined : value));
      if (text.includes(victim.marker)) {
        tally.accepted++;
        seen.push(`${name}: LEAKED ${text.slice(0, 200)}`);
      } else if (!expected.includes(reply.status)) seen.push(`${name}: ${reply.status} ${text.slice(0, 200)}`);
      return reply;
    };
    await check('GET by id', await api.get(`/silo/v1/entries/${victim.id}`), [404]);
    await check('GET by id, upper case', await api.get(`/silo/v1/entries/${victim.id.toUpperCase()}`), [404]);
    await check('GET by key', await api.get(`/silo/v1/entries/key/${encodeURIComponent(victim.key)}`), [404]);
    const listed = await check('list with cursor', await api.get(`/silo/v1/entries?cursor=${victim.cursor}`), [200]);
    expect(listed.body.list).toEqual([]);
    await check(
      'derive from A',
      await api.post('/silo/v1/entries', {
        previous_id: victim.id,
        content_type: 'application/merge-patch+json',
        data: { doc: { name: 'x' } },
      }),
      [404],
    );
    await check('correct A', await api.post('/silo/v1/entries', { previous_id: victim.id, correct: { type: 'credit-note' } }), [400, 404]);
    // B may use A's id and key for its own entry; A's entry is untouched.
    await check('PUT A id', await api.put(`/silo/v1/entries/${victim.id}`, { data: party('B owns this id too'), key: victim.key }), [200]);
    const still = await client(t.url, valid).get(`/silo/v1/entries/${victim.id}`);
    expect(still.body.snippet.title).toContain(victim.marker);

    if (await hasGraphQL(t)) {
      const gql = async (name: string, query: string, variables: Record<string, unknown>) => {
        const response = await fetch(`${t.url}/graphql`, {
          method: 'POST',
          headers: { authorization: `Bearer ${intruder}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        });
        return check(name, { status: response.status, body: await response.json() }, [200]);
      };
      const entry = await gql('graphql entry', 'query($id: ID!) { entry(id: $id) { id data } }', { id: victim.id });
      expect(JSON.stringify(entry.body)).not.toContain(victim.marker);
      await gql('graphql entryByKey', 'query($key: String!) { entryByKey(key: $key) { id data } }', { key: victim.key });
      await gql('graphql node', 'query($id: ID!) { node(id: $id) { id ... on Entry { data } } }', { id: victim.id });
      const page = await gql(
        'graphql entries after',
        'query($after: String) { entries(first: 5, after: $after) { edges { node { id } } } }',
        { after: victim.cursor },
      );
      expect((page.body as any).data?.entries?.edges ?? []).toEqual([]);
      await gql('graphql derive', 'mutation($input: CreateEntryInput!) { createEntry(input: $input) { entry { id data } } }', {
        input: { previousId: victim.id, contentType: 'application/merge-patch+json', data: { doc: { name: 'x' } } },
      });
    }
    expect(seen).toEqual([]);
  });
});

describe('RS256 public key', () => {
  let t: TestServer;
  let victim: Victim;
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const claims = () => ({ workspace_id: `rsa-victim`, iat: now(), exp: now() + 600 });

  beforeAll(async () => {
    t = await startServer({ JWT_SECRET: '', JWT_PUBLIC_KEY: publicPem });
    victim = await plantVictim(t, await sign(claims(), { alg: 'RS256', key: keys.privateKey }));
  });
  afterAll(() => t.close());

  test('algorithm confusion and foreign keys are refused everywhere', async () => {
    const der = keys.publicKey.export({ type: 'spki', format: 'der' });
    const jwk = JSON.stringify(await exportJWK(keys.publicKey));
    const pkcs1 = createPublicKey(publicPem).export({ type: 'pkcs1', format: 'pem' }).toString();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const ed = generateKeyPairSync('ed25519');
    const right = await sign(claims(), { alg: 'RS256', key: keys.privateKey });
    const [, payload] = right.split('.');
    const catalogue: [string, string][] = [
      ['HS256 signed with the PEM public key', await sign(claims(), { key: new TextEncoder().encode(publicPem) })],
      ['HS256 signed with the PEM, no trailing newline', await sign(claims(), { key: new TextEncoder().encode(publicPem.trim()) })],
      ['HS256 signed with the PKCS#1 PEM', await sign(claims(), { key: new TextEncoder().encode(pkcs1) })],
      ['HS256 signed with the DER bytes', await sign(claims(), { key: new Uint8Array(der) })],
      ['HS256 signed with the JWK text', await sign(claims(), { key: new TextEncoder().encode(jwk) })],
      ['HS384 signed with the PEM', await sign(claims(), { alg: 'HS384', key: new TextEncoder().encode(publicPem) })],
      ['alg none', `${b64({ alg: 'none' })}.${payload}.`],
      ['RS256 by another key', await sign(claims(), { alg: 'RS256', key: other.privateKey })],
      ['PS256 by the right key', await sign(claims(), { alg: 'PS256', key: keys.privateKey })],
      ['RS512 by the right key', await sign(claims(), { alg: 'RS512', key: keys.privateKey })],
      ['ES256', await sign(claims(), { alg: 'ES256', key: ec.privateKey })],
      ['EdDSA', await sign(claims(), { alg: 'EdDSA', key: ed.privateKey })],
      ['expired RS256', await sign({ ...claims(), exp: now() - 120 }, { alg: 'RS256', key: keys.privateKey })],
      ['RS256 without workspace', await sign({ exp: now() + 60 }, { alg: 'RS256', key: keys.privateKey })],
    ];
    expect(createPrivateKey(keys.privateKey.export({ type: 'pkcs8', format: 'pem' }))).toBeDefined();
    const problems: string[] = [];
    for (const [name, token] of catalogue) problems.push(...(await attack(t, victim, `Bearer ${token}`)).map((p) => `${name}: ${p}`));
    expect(problems).toEqual([]);
    // The right token still works: the refusals were for the attacks.
    expect((await client(t.url, right).get('/utils/v1/ping')).status).toBe(200);
  });
});
