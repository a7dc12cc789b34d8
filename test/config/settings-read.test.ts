import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';
import { SETTINGS } from '../../src/config/settings';

const SRC = path.join(__dirname, '../../src');
const declared = new Map(SETTINGS.map((s) => [s.name, s]));

/** Every name loadConfig looks up in the environment it is given (enumerating the environment would hide which, so it fails). */
function namesLoadConfigReads(values: Record<string, string>): Set<string> {
  const read = new Set<string>();
  const env = new Proxy(values, {
    get: (target, name) => {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
    ownKeys: () => {
      throw new Error('loadConfig must read its variables by name, not list the environment');
    },
  });
  try {
    loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error; // bad values are read too
  }
  return read;
}

/** `process.env` in the service's source, each use with its file. */
function processEnvUses(): { file: string; use: string }[] {
  const uses: { file: string; use: string }[] = [];
  for (const relative of readdirSync(SRC, { recursive: true }) as string[]) {
    if (!/\.tsx?$/.test(relative)) continue;
    const text = readFileSync(path.join(SRC, relative), 'utf8');
    for (const match of text.matchAll(/process\.env(\??\.[A-Za-z_][A-Za-z0-9_]*|\[[^\]]*\])?/g))
      uses.push({ file: relative, use: match[0] });
  }
  return uses;
}

describe('every environment variable is declared once and read', () => {
  test('loadConfig reads exactly the declared service settings, each from the environment it is given', () => {
    const service = SETTINGS.filter((s) => s.readBy === undefined).map((s) => s.name);
    expect([...namesLoadConfigReads({})].sort()).toEqual([...service].sort());
    // Set values take other paths (checks, values that others' defaults depend on); they read nothing undeclared either.
    const everySet = Object.fromEntries(service.map((name) => [name, name === 'GRAPHQL_SANDBOX' ? 'true' : '1']));
    expect([...namesLoadConfigReads(everySet)].filter((name) => !declared.has(name))).toEqual([]);
  });

  test('the source reads process.env only by a declared name, or hands it whole to loadConfig', () => {
    const undeclared = processEnvUses().filter(({ file, use }) => {
      const name = /^process\.env\??\.(\w+)$/.exec(use)?.[1] ?? /^process\.env\[['"](\w+)['"]\]$/.exec(use)?.[1];
      if (name !== undefined) return !declared.has(name) || declared.get(name)!.readBy === undefined;
      return !(file === path.join('config', 'load-config.ts') && use === 'process.env');
    });
    expect(undeclared).toEqual([]);
  });

  test("a variable declared for a command is read by that command's source", () => {
    const readByName = new Set(processEnvUses().map(({ use }) => /(\w+)['"]?\]?$/.exec(use)![1]));
    for (const setting of SETTINGS.filter((s) => s.readBy !== undefined))
      expect({ name: setting.name, read: readByName.has(setting.name) }).toEqual({ name: setting.name, read: true });
  });
});
