import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const SOURCES = ['src', 'migrations'];

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(file, found);
    else if (entry.name.endsWith('.ts') || entry.name.endsWith('.json')) found.push(file);
  }
  return found;
}

/**
 * Transpiles src/ and migrations/ (no type check, as scripts/register-ts.js does) into a folder of the
 * system's temp dir named after the sources' paths, sizes and times, and returns the path of main.js.
 * Starting the service from JavaScript takes about a second instead of ~15 with an on-the-fly loader,
 * which is what lets the crash suite restart it many times. Runs with NODE_PATH set to node_modules.
 */
export function buildService(): string {
  const files = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${file}:${size}:${mtimeMs}\n`);
  }
  const out = path.join(tmpdir(), `entries-service-build-${hash.digest('hex').slice(0, 16)}`);
  const main = path.join(out, 'src', 'main.js');
  if (existsSync(main)) return main;
  const building = `${out}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  for (const file of files) {
    const target = path.join(building, path.relative(ROOT, file));
    mkdirSync(path.dirname(target), { recursive: true });
    if (file.endsWith('.json')) {
      writeFileSync(target, readFileSync(file));
      continue;
    }
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
        resolveJsonModule: true,
      },
    });
    writeFileSync(target.replace(/\.ts$/, '.js'), outputText);
  }
  if (!existsSync(main)) renameSync(building, out);
  else rmSync(building, { recursive: true, force: true });
  return main;
}

export interface ServiceProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** The last lines the process wrote to stdout and stderr (JSON log lines and anything else). */
  output: string[];
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): Promise<number | string>;
}

const KEPT_LINES = 5000;
const running = new Set<ChildProcess>();

/** SIGKILLs every service process a test started and did not stop (for afterAll, whatever happened). */
export async function killAllServiceProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/**
 * Starts `node main.js` as a child process with the given environment; resolves once it logs
 * "listening" (so LOG_LEVEL must let info through; it is `info` unless `env` says otherwise).
 */
export async function startServiceProcess(main: string, env: Record<string, string>, timeoutMs = 30_000): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    // No request rate, as in test/helpers/server.ts: the races of these tests are their own load.
    env: {
      PATH: process.env.PATH,
      NODE_PATH: path.join(ROOT, 'node_modules'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WORKSPACE_REQUEST_RATE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const output: string[] = [];
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? -1);
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`service did not start in ${timeoutMs} ms:\n${output.join('\n')}`));
    }, timeoutMs);
    const onLine = (line: string) => {
      output.push(line);
      if (output.length > KEPT_LINES) output.splice(0, output.length - KEPT_LINES);
      if (!line.startsWith('{')) return;
      try {
        const record = JSON.parse(line) as { msg?: string; url?: string };
        if (record.msg === 'listening' && record.url) {
          clearTimeout(timer);
          resolve(record.url);
        }
      } catch {
        // not a log line
      }
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code}) before listening:\n${output.join('\n')}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    child,
    output,
    exited,
    kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
