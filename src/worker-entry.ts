import path from 'node:path';

/**
 * Where a worker thread starts, for the module `moduleName` in the folder `dir`: its compiled `.js` in the build;
 * run from the TypeScript sources (tests, scripts), a small loader that transpiles them, then loads the module
 * named in its workerData.
 */
export function workerEntry<T extends object>(
  dir: string,
  moduleName: string,
  data: T,
): { filename: string; workerData: T & { tsModule?: string } } {
  if (!__filename.endsWith('.ts')) return { filename: path.join(dir, `${moduleName}.js`), workerData: data };
  return {
    filename: path.resolve(__dirname, '../scripts/ts-worker.js'),
    workerData: { ...data, tsModule: path.join(dir, `${moduleName}.ts`) },
  };
}
