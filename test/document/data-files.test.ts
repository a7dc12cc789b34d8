import * as fs from 'fs';
import * as path from 'path';

const SRC = path.resolve(__dirname, '../../src');

function jsonFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? jsonFiles(full) : e.name.endsWith('.json') ? [full] : [];
  });
}

describe('data files under src/', () => {
  test('no JSON table is named like a module beside it (node would load the JSON for `./name` under scripts/register-ts.js)', () => {
    const twins = jsonFiles(SRC)
      .filter((f) => fs.existsSync(f.replace(/\.json$/, '.ts')))
      .map((f) => path.relative(SRC, f));
    expect(twins).toEqual([]);
  });
});
