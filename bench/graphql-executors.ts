import { mintToken } from '../src/auth/mint-token';
import { runLoad } from './load';
import { GRAPHQL_LIST, INVOICE, PAGE_SIZE } from './scenarios';
import { startService } from './server-process';

/** GraphQL `entries(first: 20)` with graphql-jit's compiled plans and with graphql-js, and their ratio. */
export interface ExecutorResults {
  jitRps: number;
  graphqlJsRps: number;
  ratio: number;
}

/**
 * Whether graphql-jit earns its place: the same page through two services on one database, one per
 * executor (`GRAPHQL_JIT`), loaded in turn for five rounds at 10 connections; medians.
 */
export async function benchGraphqlExecutors(env: Record<string, string>, secret: string, seconds: number): Promise<ExecutorResults> {
  const token = await mintToken(secret, 'bench-executors', { expiresIn: '1d' });
  const jit = await startService({ ...env, GRAPHQL_JIT: 'true' });
  const graphqlJs = await startService({ ...env, GRAPHQL_JIT: 'false' });
  const rps = { jit: [] as number[], graphqlJs: [] as number[] };
  try {
    for (let i = 0; i < PAGE_SIZE; i += 1) {
      await fetch(`${jit.url}/silo/v1/entries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: INVOICE }),
      });
    }
    const request = {
      method: 'POST' as const,
      path: '/graphql',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: GRAPHQL_LIST,
    };
    for (const service of [jit, graphqlJs]) await runLoad(service.url, request, { connections: 10, seconds: 1 });
    for (let round = 0; round < 5; round += 1) {
      rps.jit.push((await runLoad(jit.url, request, { connections: 10, seconds: seconds / 5 })).rps);
      rps.graphqlJs.push((await runLoad(graphqlJs.url, request, { connections: 10, seconds: seconds / 5 })).rps);
    }
  } finally {
    await Promise.all([jit.stop(), graphqlJs.stop()]);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const [a, b] = [median(rps.jit), median(rps.graphqlJs)];
  return { jitRps: a, graphqlJsRps: b, ratio: Math.round((a / b) * 100) / 100 };
}
