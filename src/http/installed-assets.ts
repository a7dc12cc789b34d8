import path from 'node:path';
import { Router } from 'express';

/** A file of an installed package; through its package.json, as packages do not export their built assets. */
const packageFile = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

/**
 * Serves files of installed packages under `basePath` (`name` → [package, file]), straight from node_modules:
 * a page built on them works offline, and is as current as the installed packages.
 */
export function installedAssets(basePath: string, assets: Record<string, [pkg: string, file: string]>): Router {
  const router = Router();
  for (const [name, [pkg, file]] of Object.entries(assets)) {
    const full = packageFile(pkg, file);
    router.get(`${basePath}/${name}`, (_req, res, next) => {
      res.sendFile(
        full,
        { maxAge: '1d', headers: { 'Content-Type': name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8' } },
        (error) => error && next(error),
      );
    });
  }
  return router;
}
