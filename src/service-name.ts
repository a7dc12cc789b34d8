import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * "name@version" of the service, for the headers of its export and migration files: from the package.json above
 * this file (in src/ or dist/src/), else the working directory's.
 */
export function serviceName(): string {
  for (const start of [__dirname, process.cwd()]) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (existsSync(file)) {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name && pkg.version) return `${pkg.name}@${pkg.version}`;
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  return 'unknown';
}
