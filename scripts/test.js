/**
 * The suites, in two runs side by side, each one test file at a time: the unit suites and those on SQLite on one
 * side, those on MariaDB and the Galera cluster's on the other, the process-level one on each side's database.
 * Most of a server test's time is waiting (timeouts, a client that reads slowly, a database's sync to disk), so
 * each side runs while the other waits, and the databases never meet: SQLite files are the tests' own, MariaDB
 * is the other side's alone.
 *
 * Arguments go to both runs (a path, `-t name`, `--forceExit`). With TEST_DB set to one database, or with
 * `--selectProjects`, one run as asked. Each line of output is marked with its side; at the end one line sums
 * both (`--outputFile=FILE` also writes both runs' results there, as jest's --json would).
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const JEST = path.join(__dirname, '..', 'node_modules', 'jest', 'bin', 'jest.js');
const NODE_ARGS = ['--max-old-space-size=8192'];
/**
 * One test file at a time, in one worker process that is replaced once a file leaves it holding more than this.
 * In band, each file left some 25 MB behind (modules of its own, caught by what outlives it): a side's heap reached
 * 4.6 GB, and every collection in it made heavy files up to ten times slower than in a fresh process.
 */
const ONE_RECYCLED_WORKER = ['--maxWorkers=1', '--workerIdleMemoryLimit=800MB'];

/**
 * The process-level suite runs on each side, on that side's database (it reads TEST_DB). The MariaDB side takes its
 * files in the reverse order, so the heaviest files of the two sides (the same files) do not run at once.
 */
const SIDES = [
  { name: 'sqlite', env: { TEST_DB: 'sqlite' }, projects: ['unit', 'sqlite', 'crash'] },
  {
    name: 'mariadb',
    env: { TEST_DB: 'mariadb' },
    projects: ['mariadb', 'crash', 'galera'],
    order: ['--testSequencer', path.join(__dirname, 'test-sequencer-reversed.js')],
  },
];

const args = process.argv.slice(2).filter((arg) => arg !== '--json' && !arg.startsWith('--outputFile='));
const outputFile = process.argv
  .slice(2)
  .find((arg) => arg.startsWith('--outputFile='))
  ?.slice('--outputFile='.length);
const oneRun = (process.env.TEST_DB && !process.env.TEST_DB.includes(',')) || args.includes('--selectProjects');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tests-'));

/** One jest run, its lines marked with `name` when there are two; resolves to its exit code and results file. */
function run(name, env, projects, order = []) {
  const results = path.join(work, `${name}.json`);
  const select = projects ? ['--selectProjects', ...projects] : [];
  // The projects come after the caller's arguments: --selectProjects takes every word after it.
  const child = spawn(
    process.execPath,
    [...NODE_ARGS, JEST, ...ONE_RECYCLED_WORKER, ...order, ...args, ...select, '--json', `--outputFile=${results}`],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const mark = (stream, into) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) into.write(oneRun ? `${line}\n` : `[${name}] ${line}\n`);
    });
    stream.on('end', () => rest && into.write(oneRun ? `${rest}\n` : `[${name}] ${rest}\n`));
  };
  mark(child.stdout, process.stdout);
  mark(child.stderr, process.stderr);
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), results })));
}

function readResults(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The MariaDB side's database (TEST_MARIADB_URL, by default `test` on 127.0.0.1:3306), made when it is missing, so a
 * newcomer with a fresh MariaDB needs no step by hand; a server that cannot be reached is said in one line.
 */
async function ensureTestDatabase() {
  const { createConnection } = require('mysql2/promise');
  const url = new URL(process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test');
  const database = decodeURIComponent(url.pathname.slice(1));
  let connection;
  try {
    connection = await createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    });
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${database.replaceAll('`', '``')}\` CHARACTER SET utf8mb4`);
  } catch (error) {
    console.log(
      `MariaDB at ${url.host} (${error.code ?? error.message}): the MariaDB side will fail; start MariaDB, or run TEST_DB=sqlite npm test`,
    );
  } finally {
    await connection?.end().catch(() => undefined);
  }
}

async function main() {
  const databases = (process.env.TEST_DB ?? 'sqlite,mariadb').split(',');
  if (databases.includes('mariadb') && !args.includes('--selectProjects')) await ensureTestDatabase();
  const runs = oneRun ? [run('tests', {})] : SIDES.map((side) => run(side.name, side.env, side.projects, side.order));
  const ended = await Promise.all(runs);
  const results = ended.map((r) => ({ ...r, json: readResults(r.results) }));
  const sum = (key) => results.reduce((n, r) => n + (r.json?.[key] ?? 0), 0);
  const missing = results.filter((r) => !r.json).map((r) => r.name);
  console.log(
    `tests: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests')} skipped` +
      (missing.length > 0 ? `; no results from ${missing.join(', ')} (the run did not finish)` : ''),
  );
  if (outputFile) {
    const merged = {
      success: results.every((r) => r.json?.success),
      numPassedTests: sum('numPassedTests'),
      numFailedTests: sum('numFailedTests'),
      numPendingTests: sum('numPendingTests'),
      numTotalTests: sum('numTotalTests'),
      testResults: results.flatMap((r) => r.json?.testResults ?? []),
    };
    fs.writeFileSync(outputFile, JSON.stringify(merged));
  }
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(results.some((r) => r.code !== 0 || !r.json) ? 1 : 0);
}

void main();
