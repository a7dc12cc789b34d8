import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { RssSampler } from './rss';

/** The repository root, where dist/ is built. */
export const ROOT = path.resolve(__dirname, '..');
export const distFile = (relative: string) => path.join(ROOT, 'dist', relative);

/** Builds the service as `npm start` does. Type errors are reported; the bench goes on if the build emitted. */
export function buildService(): void {
  const started = Date.now();
  const result = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    if (!existsSync(distFile('src/main.js'))) throw new Error(`build failed:\n${result.stdout}${result.stderr}`);
    process.stdout.write(
      `note: the build reported type errors; running what it emitted:\n${result.stdout.split('\n').slice(0, 5).join('\n')}\n`,
    );
  }
  process.stdout.write(`built the service (tsc -p tsconfig.build.json) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/** A free TCP port: the service logs its chosen port only at info level, and the bench runs it at warn. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The output of a child, kept short, for error messages. */
function tail(child: ChildProcess, lines: string[]): void {
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 50) lines.splice(0, lines.length - 50);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
}

export interface ServiceProcess {
  url: string;
  pid: number;
  rss: RssSampler;
  /** Lines the service wrote (warnings and errors only, at LOG_LEVEL=warn). */
  output: string[];
  stop(): Promise<void>;
}

/** Starts the built service (node dist/src/main.js) with production settings, and waits until it is ready. */
export async function startService(env: Record<string, string>, nodeArgs: string[] = []): Promise<ServiceProcess> {
  const port = await freePort();
  // BENCH_PROF=DIR: each service writes a CPU profile of each of its threads there when it stops (chrome://inspect reads them).
  const profile = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  // BENCH_SERVICE_SETTINGS='{"WORKSPACE_REQUEST_RATE":"0"}': settings every service of the run starts with, to compare.
  const settings = JSON.parse(process.env.BENCH_SERVICE_SETTINGS ?? '{}') as Record<string, string>;
  const child = spawn(process.execPath, [...profile, ...nodeArgs, distFile('src/main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...settings,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  tail(child, output);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${output.join('\n')}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the service did not become ready in 60 s:\n${output.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const rss = new RssSampler(child.pid!).start();
  return {
    url,
    pid: child.pid!,
    rss,
    output,
    async stop() {
      rss.stop();
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a Node script to its end and returns its stdout; throws with its output when it fails. */
export async function runNode(args: string[], env: Record<string, string>): Promise<string> {
  return (await runNodeProcess(args, env)).stdout;
}

/**
 * Runs a Node script to its end and returns what it printed; throws with its output when it fails. `watch` is
 * called with the process's pid once it starts, and what it returns when the process exits (a sampler's stop).
 */
export function runNodeProcess(
  args: string[],
  env: Record<string, string>,
  watch?: (pid: number) => () => void,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const unwatch = child.pid === undefined ? undefined : watch?.(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      unwatch?.();
      if (code === 0) resolve({ stdout, stderr });
      else
        reject(
          new Error(
            `${path.basename(args.find((a) => /\.[jt]s$/.test(a)) ?? 'node')} exited with ${code}:\n${stderr.slice(-2000)}${stdout.slice(-1000)}`,
          ),
        );
    });
  });
}
