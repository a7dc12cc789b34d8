import 'reflect-metadata';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { loadConfig } from '../src/config';
import { buildServer } from '../src/server';
import { heavyDocuments } from '../test/helpers/heavy-documents';
(async () => {
  const secret = 'x'.repeat(40);
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'loop-')), PORT: '0', LOG_LEVEL: 'silent', JWT_SECRET: secret, ...(process.env.LIMIT ? { ENGINE_TIME_LIMIT_MS: process.env.LIMIT } : {}), ...(process.env.DB === 'mariadb' ? { DATABASE_URL: 'mysql://root@127.0.0.1:3306/test' } : {}) });
  const server = await buildServer(config);
  const url = await server.listen(0, '127.0.0.1');
  const token = await new SignJWT({ workspace_id: 'loop' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(secret));
  const h = monitorEventLoopDelay({ resolution: 5 }); h.enable();
  const parts = process.argv.slice(2);
  for (const d of heavyDocuments(2 * 1024 * 1024, parts.length ? parts : undefined)) {
    h.reset();
    const t = performance.now();
    const r = await fetch(`${url}/silo/v1/entries`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: d.body });
    const text = await r.text();
    console.log(d.part.padEnd(30), r.status, (performance.now() - t).toFixed(0) + 'ms', 'loop max', (h.max / 1e6).toFixed(1), 'resp', text.length);
  }
  await server.close();
})();
