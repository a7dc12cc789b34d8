import { parseArgs } from 'node:util';
/**
 * A local MariaDB Galera cluster for development and tests: three nodes (by default) on loopback ports, each
 * with its own data folder under GALERA_DIR (default: <tmp>/entries-galera).
 *
 *   npm run galera -- up [--nodes 3]   create and start the cluster (node 1 bootstraps it), database `test`
 *   npm run galera -- down             stop every node and remove the folder
 *   npm run galera -- kill N           SIGKILL node N (a crash, not a shutdown)
 *   npm run galera -- start N          start node N again; it rejoins and catches up
 *   npm run galera -- status           each node's port, state and the cluster's size
 *
 * Node N listens for SQL on 127.0.0.1:(GALERA_PORT + N) (3311, 3312, 3313), user root without a password.
 * The folders belong to the `mysql` user, which mariadbd runs as: the state transfer (rsync) refuses root.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';

const DIR = process.env.GALERA_DIR ?? path.join(tmpdir(), 'entries-galera');
const SQL_PORT = Number(process.env.GALERA_PORT ?? 3310);
const MARIADBD = process.env.MARIADBD ?? '/usr/sbin/mariadbd';
const PROVIDER = ['/usr/lib/galera/libgalera_smm.so', '/usr/lib/libgalera_smm.so'].find((p) => existsSync(p));
const STATE_FILE = path.join(DIR, 'cluster.json');

interface ClusterState {
  nodes: number;
}

const sqlPort = (n: number) => SQL_PORT + n;
/** Group communication, incremental state transfer and full state transfer ports of node N. */
const galeraPorts = (n: number) => ({ gcomm: 4560 + n * 10, ist: 4561 + n * 10, sst: 4562 + n * 10 });
const nodeDir = (n: number) => path.join(DIR, `node${n}`);
const configFile = (n: number) => path.join(DIR, `node${n}.cnf`);
const pidFile = (n: number) => path.join(DIR, `node${n}.pid`);
const errorLog = (n: number) => path.join(DIR, `node${n}.err`);

function mysqlUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'mysql']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'mysql']).toString().trim());
  return { uid, gid };
}

function writeConfig(n: number, nodes: number): void {
  const members = Array.from({ length: nodes }, (_, i) => `127.0.0.1:${galeraPorts(i + 1).gcomm}`).join(',');
  const ports = galeraPorts(n);
  const lines = [
    '[mariadbd]',
    `datadir=${nodeDir(n)}`,
    `port=${sqlPort(n)}`,
    'bind-address=127.0.0.1',
    `socket=${path.join(DIR, `node${n}.sock`)}`,
    `pid-file=${pidFile(n)}`,
    `log-error=${errorLog(n)}`,
    'user=mysql',
    'binlog_format=ROW',
    'default_storage_engine=InnoDB',
    'innodb_autoinc_lock_mode=2',
    'innodb_buffer_pool_size=64M',
    'innodb_log_file_size=16M',
    'max_connections=300',
    'wsrep_on=ON',
    `wsrep_provider=${PROVIDER}`,
    'wsrep_cluster_name=entries-dev',
    `wsrep_node_name=node${n}`,
    `wsrep_node_address=127.0.0.1:${ports.gcomm}`,
    `wsrep_cluster_address=gcomm://${members}`,
    `wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:${ports.gcomm};ist.recv_addr=127.0.0.1:${ports.ist};gcache.size=64M"`,
    'wsrep_sst_method=rsync',
    `wsrep_sst_receive_address=127.0.0.1:${ports.sst}`,
  ];
  writeFileSync(configFile(n), `${lines.join('\n')}\n`);
}

async function query(n: number, sql: string): Promise<Record<string, unknown>[]> {
  const connection = await createConnection({ host: '127.0.0.1', port: sqlPort(n), user: 'root', connectTimeout: 2000 });
  try {
    const [rows] = await connection.query(sql);
    return rows as Record<string, unknown>[];
  } finally {
    await connection.end();
  }
}

async function wsrepStatus(n: number): Promise<Record<string, string> | undefined> {
  try {
    const rows = await query(n, "SHOW STATUS WHERE Variable_name IN ('wsrep_ready','wsrep_local_state_comment','wsrep_cluster_size')");
    return Object.fromEntries(rows.map((r) => [String(r.Variable_name), String(r.Value)]));
  } catch {
    return undefined;
  }
}

async function waitSynced(n: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await wsrepStatus(n);
    if (status?.wsrep_ready === 'ON' && status.wsrep_local_state_comment === 'Synced') return;
    if (Date.now() > deadline) throw new Error(`node ${n} did not become ready in ${timeoutMs / 1000} s; see ${errorLog(n)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function launch(n: number, bootstrap: boolean): void {
  const args = [`--defaults-file=${configFile(n)}`, ...(bootstrap ? ['--wsrep-new-cluster'] : [])];
  const child = spawn(MARIADBD, args, { detached: true, stdio: 'ignore' });
  child.unref();
}

function readState(): ClusterState {
  if (!existsSync(STATE_FILE)) throw new Error(`no cluster in ${DIR}: run "npm run galera -- up" first`);
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as ClusterState;
}

function nodePid(n: number): number | undefined {
  let pid: number;
  try {
    // Read, not checked first: a node that is stopping removes its pid file at any moment.
    pid = Number(readFileSync(pidFile(n), 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!(pid > 0)) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

async function up(nodes: number): Promise<void> {
  if (!PROVIDER) throw new Error('the Galera provider (libgalera_smm.so) is not installed: apt-get install galera-4');
  await down();
  const started = Date.now();
  const owner = mysqlUser();
  mkdirSync(DIR, { recursive: true });
  chownSync(DIR, owner.uid, owner.gid);
  mkdirSync(nodeDir(1));
  chownSync(nodeDir(1), owner.uid, owner.gid);
  execFileSync(
    'mariadb-install-db',
    ['--user=mysql', `--datadir=${nodeDir(1)}`, '--auth-root-authentication-method=normal', '--skip-test-db'],
    { stdio: 'ignore' },
  );
  for (let n = 1; n <= nodes; n++) writeConfig(n, nodes);
  writeFileSync(STATE_FILE, JSON.stringify({ nodes } satisfies ClusterState));

  // Node 1 founds the cluster and is stopped cleanly; its folder, with the cluster's identity and position,
  // is copied to the others. Started again, they all share one state: the joiners need no state transfer,
  // which with rsync costs seconds per node.
  launch(1, true);
  await waitSynced(1);
  await query(1, 'CREATE DATABASE IF NOT EXISTS test CHARACTER SET utf8mb4');
  await stopCleanly(1);
  for (let n = 2; n <= nodes; n++) cpSync(nodeDir(1), nodeDir(n), { recursive: true, preserveTimestamps: true });
  execFileSync('chown', ['-R', 'mysql:mysql', DIR]);
  launch(1, true);
  await waitSynced(1);
  for (let n = 2; n <= nodes; n++) launch(n, false);
  for (let n = 2; n <= nodes; n++) await waitSynced(n);
  console.log(
    `galera: ${nodes} nodes synced in ${((Date.now() - started) / 1000).toFixed(1)} s on ports ${Array.from({ length: nodes }, (_, i) => sqlPort(i + 1)).join(', ')}`,
  );
  console.log(`galera: DATABASE_URL=mysql://root@${Array.from({ length: nodes }, (_, i) => `127.0.0.1:${sqlPort(i + 1)}`).join(',')}/test`);
}

async function down(): Promise<void> {
  if (existsSync(STATE_FILE)) {
    const { nodes } = readState();
    for (let n = 1; n <= nodes; n++) {
      const pid = nodePid(n);
      if (pid) process.kill(pid, 'SIGKILL');
    }
    // Wait for the processes to be gone before their folders are removed.
    for (let n = 1; n <= nodes; n++) for (let i = 0; i < 50 && nodePid(n); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  rmSync(DIR, { recursive: true, force: true });
}

/** SIGTERM, then wait until the process is gone: a clean shutdown records the node's position. */
async function stopCleanly(n: number): Promise<void> {
  const pid = nodePid(n);
  if (!pid) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 600 && nodePid(n); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  if (nodePid(n)) throw new Error(`node ${n} did not stop within 60 s`);
}

function kill(n: number): void {
  readState();
  const pid = nodePid(n);
  if (!pid) throw new Error(`node ${n} is not running`);
  process.kill(pid, 'SIGKILL');
  console.log(`galera: node ${n} killed (pid ${pid})`);
}

async function start(n: number): Promise<void> {
  const { nodes } = readState();
  if (n < 1 || n > nodes) throw new Error(`the cluster has nodes 1 to ${nodes}`);
  if (nodePid(n)) throw new Error(`node ${n} is already running`);
  const started = Date.now();
  launch(n, false);
  await waitSynced(n);
  console.log(`galera: node ${n} rejoined in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function status(): Promise<void> {
  const { nodes } = readState();
  for (let n = 1; n <= nodes; n++) {
    const s = await wsrepStatus(n);
    console.log(`node ${n} 127.0.0.1:${sqlPort(n)} ${s ? `${s.wsrep_local_state_comment}, cluster size ${s.wsrep_cluster_size}` : 'down'}`);
  }
}

const USAGE = 'usage: npm run galera -- up [--nodes 3] | down | kill N | start N | status';

async function main(argv: string[]): Promise<void> {
  let parsed: { values: { nodes?: string; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: { nodes: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    console.error(`galera: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(`${USAGE}\nA local MariaDB Galera cluster on loopback ports for the cluster tests (root only).`);
    return;
  }
  const [command, arg] = parsed.positionals;
  const nodes = parsed.values.nodes === undefined ? 3 : Number(parsed.values.nodes);
  const node = Number(arg);
  switch (command) {
    case 'up':
      if (!Number.isInteger(nodes) || nodes < 1 || nodes > 9) throw new Error('--nodes takes 1 to 9');
      return up(nodes);
    case 'down':
      return down();
    case 'kill':
      return kill(node);
    case 'start':
      return start(node);
    case 'status':
      return status();
    default:
      throw new Error(USAGE);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(`galera: ${error.message}`);
    process.exit(1);
  });
}

export {
  up as galeraUp,
  down as galeraDown,
  kill as galeraKill,
  start as galeraStart,
  sqlPort as galeraSqlPort,
  waitSynced as galeraWaitSynced,
};
