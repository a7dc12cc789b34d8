/**
 * `npm run bench -- --only galera`: the service on a three-node Galera cluster (started here as
 * `npm run galera -- up` does, and stopped after) against one process on standalone MariaDB.
 *
 * - REST create (10-line invoice) and list (first page of 20) at 10 connections in all, with one, two and
 *   three service processes, process N attached to node N; each figure as a ratio of the standalone one.
 * - The cost of read-your-writes: one process on the cluster, list and fetch by id, with
 *   DATABASE_READ_YOUR_WRITES on (each read waits for the node to apply what was committed before it) and off.
 *
 * Needs root (the nodes' folders belong to the `mysql` user) and the Galera provider.
 */
import { generateKeyPairSync } from 'node:crypto';
import mysql from 'mysql2/promise';
import { mintToken } from '../src/auth/mint-token';
import { galeraDown, galeraSqlPort, galeraUp } from '../scripts/galera';
import { runLoad, type LoadResult } from './load';
import { INVOICE } from './scenarios';
import { startService, type ServiceProcess } from './server-process';
import { takeCodes, type Takes } from './sequences';

export interface GaleraResults {
  standalone: { createRps: number; listRps: number };
  cluster: { processes: number; createRps: number; listRps: number; createRatio: number; listRatio: number; errors: number }[];
  /** Codes taken on one series by 8 connections over one, then three processes on three nodes (bench/sequences.ts). */
  seriesTakes: Takes[];
  readYourWrites: {
    on: { listRps: number; fetchRps: number };
    off: { listRps: number; fetchRps: number };
    listCost: number;
    fetchCost: number;
  };
}

const CONNECTIONS = 10;
const WORKSPACE = 'bench-galera';
const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** The same request on several processes at once, connections shared out; the sum of their throughputs. */
async function loadOn(
  services: ServiceProcess[],
  request: Parameters<typeof runLoad>[1],
  seconds: number,
): Promise<{ rps: number; errors: number }> {
  const share = Math.max(1, Math.floor(CONNECTIONS / services.length));
  const results: LoadResult[] = await Promise.all(services.map((s) => runLoad(s.url, request, { connections: share, seconds })));
  return { rps: Math.round(results.reduce((sum, r) => sum + r.rps, 0)), errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0) };
}

async function createAndList(services: ServiceProcess[], token: string, seconds: number) {
  const create = await loadOn(
    services,
    { method: 'POST', path: '/silo/v1/entries', headers: json(token), body: JSON.stringify({ data: INVOICE }) },
    seconds,
  );
  const list = await loadOn(services, { method: 'GET', path: '/silo/v1/entries?limit=20', headers: json(token) }, seconds);
  return { createRps: create.rps, listRps: list.rps, errors: create.errors + list.errors };
}

async function freshDatabase(port: number, name: string): Promise<void> {
  const connection = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
  await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  await connection.end();
}

export async function benchGalera(
  standaloneUrl: string,
  secret: string,
  seconds: number,
  log: (line: string) => void,
): Promise<GaleraResults> {
  const token = await mintToken(secret, WORKSPACE, { expiresIn: '1d' });
  const base = { JWT_SECRET: secret };

  log('  standalone MariaDB, one process...');
  const standaloneDb = new URL(standaloneUrl);
  await freshDatabase(Number(standaloneDb.port || 3306), 'bench_galera_standalone');
  standaloneDb.pathname = '/bench_galera_standalone';
  const alone = await startService({ ...base, DATABASE_URL: standaloneDb.toString() });
  const standalone = await createAndList([alone], token, seconds).finally(() => alone.stop());

  log('  starting a three-node Galera cluster...');
  await galeraUp(3);
  try {
    await freshDatabase(galeraSqlPort(1), 'bench');
    const urlFor = (node: number, extra: Record<string, string> = {}) => ({
      ...base,
      ...extra,
      DATABASE_URL: `mysql://root@${[0, 1, 2].map((i) => `127.0.0.1:${galeraSqlPort(((node - 1 + i) % 3) + 1)}`).join(',')}/bench`,
    });
    const services: ServiceProcess[] = [];
    // One signing key for the three, as a cluster's processes share it: a series' chain crosses them.
    const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    for (let node = 1; node <= 3; node++) services.push(await startService(urlFor(node, { SIGNING_KEY: signingKey })));
    const cluster: GaleraResults['cluster'] = [];
    const seriesTakes: Takes[] = [];
    try {
      for (let processes = 1; processes <= 3; processes++) {
        log(`  cluster, ${processes} process(es)...`);
        const figures = await createAndList(services.slice(0, processes), token, seconds);
        cluster.push({
          processes,
          ...figures,
          createRatio: Math.round((figures.createRps / standalone.createRps) * 100) / 100,
          listRatio: Math.round((figures.listRps / standalone.listRps) * 100) / 100,
        });
      }
      for (const processes of [1, 3]) {
        const takes = await takeCodes(
          services.slice(0, processes).map((s) => s.url),
          json(token),
          seconds,
        );
        log(
          `  cluster, codes of one series over ${processes} node(s): ${takes.perSecond}/s, p99 ${takes.latency.p99Ms} ms, ${takes.retries} conflict retries`,
        );
        seriesTakes.push(takes);
      }
    } finally {
      await Promise.all(services.map((s) => s.stop()));
    }

    log('  read-your-writes on and off, one process...');
    const reads = async (readYourWrites: boolean) => {
      const service = await startService(urlFor(1, { DATABASE_READ_YOUR_WRITES: String(readYourWrites) }));
      try {
        const created = await fetch(`${service.url}/silo/v1/entries`, {
          method: 'POST',
          headers: json(token),
          body: JSON.stringify({ data: INVOICE }),
        });
        const { id } = (await created.json()) as { id: string };
        const list = await loadOn([service], { method: 'GET', path: '/silo/v1/entries?limit=20', headers: json(token) }, seconds);
        const fetchOne = await loadOn([service], { method: 'GET', path: `/silo/v1/entries/${id}`, headers: json(token) }, seconds);
        return { listRps: list.rps, fetchRps: fetchOne.rps };
      } finally {
        await service.stop();
      }
    };
    const on = await reads(true);
    const off = await reads(false);
    return {
      standalone: { createRps: standalone.createRps, listRps: standalone.listRps },
      cluster,
      seriesTakes,
      readYourWrites: {
        on,
        off,
        listCost: Math.round((1 - on.listRps / off.listRps) * 1000) / 10,
        fetchCost: Math.round((1 - on.fetchRps / off.fetchRps) * 1000) / 10,
      },
    };
  } finally {
    await galeraDown();
  }
}

export function printGalera(results: GaleraResults, log: (line: string) => void): void {
  log('');
  log(`| setup | REST create req/s | ratio | list req/s | ratio |`);
  log(`|---|---:|---:|---:|---:|`);
  log(`| standalone MariaDB, 1 process | ${results.standalone.createRps} | 1.00 | ${results.standalone.listRps} | 1.00 |`);
  for (const row of results.cluster) {
    log(
      `| Galera, 3 nodes, ${row.processes} process(es) | ${row.createRps} | ${row.createRatio.toFixed(2)} | ${row.listRps} | ${row.listRatio.toFixed(2)} |`,
    );
  }
  const { on, off, listCost, fetchCost } = results.readYourWrites;
  log('');
  log(
    `read-your-writes (wsrep_sync_wait = 1), one process: list ${on.listRps} req/s against ${off.listRps} without (${listCost} % fewer); fetch by id ${on.fetchRps} against ${off.fetchRps} (${fetchCost} %)`,
  );
}
