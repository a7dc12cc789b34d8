import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setPriority } from 'node:os';
import { SCHEMATRON_COMPILER } from './schematron-to-xslt';

/**
 * Runs the `xslt3` command at the lowest priority: a compilation takes most of a core for seconds, and requests
 * (or, in the tests, timings) beside it go first.
 */
function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [require.resolve('xslt3/xslt3.js'), ...args], (error, _stdout, stderr) =>
      error ? reject(new Error(`${error.message}${stderr ? `: ${stderr}` : ''}`)) : resolve(),
    );
    try {
      setPriority(child.pid!, 19);
    } catch {
      // Not allowed on this system: it runs at the caller's priority.
    }
  });
}

/** The files a schema is made of: itself and those it includes (one level, as the published rules do). */
function schemaTexts(schematronFile: string): string[] {
  const text = readFileSync(schematronFile, 'utf8');
  const included = [...text.matchAll(/<(?:\w+:)?include\s[^>]*href="([^"]+)"/g)].map(([, href]) =>
    readFileSync(path.resolve(path.dirname(schematronFile), href), 'utf8'),
  );
  return [text, ...included];
}

/** Compilations under way in this process, so that two callers of one schema share one. */
const underWay = new Map<string, Promise<string>>();

/**
 * The compiled form (SaxonJS's SEF, as JSON) of the Schematron schema in `schematronFile`, made once and kept in
 * `cacheDir` under a name that is a hash of the schema, what it includes and the compiler: a changed rule or compiler
 * makes a new one. Compiling takes seconds and most of a core, so it runs in child processes (the `xslt3` command:
 * the Schematron to XSLT, then the XSLT to SEF), never on the caller's thread. Written beside and renamed, so that
 * processes compiling the same schema at once never read half a file.
 */
export function compiledRules(schematronFile: string, cacheDir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const text of [SCHEMATRON_COMPILER, ...schemaTexts(schematronFile)]) hash.update(text).update('\0');
  const name = `${path.basename(schematronFile, '.sch')}-${hash.digest('hex').slice(0, 16)}`;
  const sefFile = path.join(cacheDir, `${name}.sef.json`);
  if (existsSync(sefFile)) return Promise.resolve(sefFile);
  let compiling = underWay.get(sefFile);
  if (!compiling) {
    compiling = compile(schematronFile, cacheDir, name, sefFile).finally(() => underWay.delete(sefFile));
    underWay.set(sefFile, compiling);
  }
  return compiling;
}

/** A compilation takes a minute at most; a lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Holds `lock` (a directory: making one is atomic) while `work` runs, so that processes sharing the folder (the
 * service's, the tests') compile each schema once; another holder is waited for, a stale lock taken over.
 */
async function whileLocked<T>(lock: string, done: () => T | undefined, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const finished = done();
      if (finished !== undefined) return finished;
      // A lock gone meanwhile reads as taken now: the next turn takes it.
      const takenAt = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - takenAt > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return done() ?? (await work());
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function compile(schematronFile: string, cacheDir: string, name: string, sefFile: string): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  return whileLocked(
    `${sefFile}.lock`,
    () => (existsSync(sefFile) ? sefFile : undefined),
    () => compileUnlocked(schematronFile, cacheDir, name, sefFile),
  );
}

async function compileUnlocked(schematronFile: string, cacheDir: string, name: string, sefFile: string): Promise<string> {
  const work = path.join(cacheDir, `${name}.${process.pid}.${Date.now()}`);
  const [compilerFile, xsltFile, partFile] = ['compiler.xsl', 'rules.xsl', 'rules.sef.json'].map((file) => `${work}.${file}`);
  try {
    writeFileSync(compilerFile, SCHEMATRON_COMPILER);
    await run([`-xsl:${compilerFile}`, `-s:${schematronFile}`, `-o:${xsltFile}`]);
    await run([`-xsl:${xsltFile}`, `-export:${partFile}`, '-nogo']);
    renameSync(partFile, sefFile);
    return sefFile;
  } finally {
    for (const file of [compilerFile, xsltFile, partFile]) rmSync(file, { force: true });
  }
}
