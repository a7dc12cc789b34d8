import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { mintToken } from '../src/auth/mint-token';
import { consoleLink } from '../src/http/console.routes';
import { hasChromium, launchChromium } from '../test/helpers/browser';
import { runLoad } from './load';
import { INVOICE } from './scenarios';
import { ROOT, startService } from './server-process';
import { summarize, type LatencySummary } from './stats';

/** What `--only console` measures (see bench/README.md, "The console and PDFs"). */
export interface ConsoleResults {
  /** The first page's JavaScript and CSS, as index.html names them: bytes, and gzipped. */
  bundle: { files: { name: string; bytes: number; gzipBytes: number }[]; gzipTotalBytes: number };
  /** From navigation to the first row of the list, in a fresh browser context each time (cold cache); undefined without Chromium. */
  firstList?: LatencySummary & { navigations: number };
  /** GET /silo/v1/entries/{id}/pdf of a 10-line invoice at 4 connections. */
  pdf: { rps: number; p50Ms: number; p99Ms: number; bytes: number };
}

const NAVIGATIONS = 10;
const ENTRIES = 40;

/** Builds the console (Vite) if the bench's build has not: the service serves console/dist. */
function buildConsole(): void {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', 'console/vite.config.mts', '--logLevel', 'warn'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the console's build failed:\n${result.stdout}${result.stderr}`);
}

/** The scripts and stylesheets index.html loads, with their sizes as sent (gzip, as a compressing proxy would). */
function bundleOf(dist: string): ConsoleResults['bundle'] {
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const names = [...index.matchAll(/(?:src|href)="\/console\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const files = names.map((name) => {
    const bytes = readFileSync(path.join(dist, name));
    return { name, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
  return { files, gzipTotalBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

/**
 * `--only console`: the size of the console's first page, the time from navigation to its first list on loopback
 * (a service holding 40 entries; each navigation in a new browser context, so nothing is cached), and PDFs per
 * second of a 10-line invoice.
 */
export async function benchConsole(
  env: Record<string, string>,
  secret: string,
  seconds: number,
  log: (line: string) => void,
): Promise<ConsoleResults> {
  buildConsole();
  const dist = path.join(ROOT, 'console', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('console/dist/index.html is missing after the build');
  const bundle = bundleOf(dist);
  log(
    `  console: first page ${bundle.files.map((f) => `${f.name} ${f.gzipBytes} B gzipped`).join(', ')}; ${bundle.gzipTotalBytes} B in all`,
  );

  const service = await startService(env);
  const token = await mintToken(secret, 'bench-console', { expiresIn: '1d' });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  try {
    let invoiceId = '';
    for (let i = 0; i < ENTRIES; i += 1) {
      const reply = await fetch(`${service.url}/silo/v1/entries`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ data: { ...INVOICE, code: `C-${i}` } }),
      });
      if (!reply.ok) throw new Error(`create answered ${reply.status}: ${await reply.text()}`);
      invoiceId = ((await reply.json()) as { id: string }).id;
    }

    let firstList: ConsoleResults['firstList'];
    if (hasChromium) {
      const browser = await launchChromium({ offline: true });
      const { port } = new URL(service.url);
      const link = consoleLink('127.0.0.1', port, token);
      const times: number[] = [];
      try {
        for (let i = 0; i < NAVIGATIONS; i += 1) {
          const context = await browser.newContext();
          const page = await context.newPage();
          const started = performance.now();
          await page.goto(link);
          await page.locator('.entry-row').first().waitFor({ timeout: 30_000 });
          times.push(performance.now() - started);
          await context.close();
        }
      } finally {
        await browser.close();
      }
      firstList = { ...summarize(times), navigations: NAVIGATIONS };
      log(`  console: navigation to the first list p50 ${firstList.p50Ms} ms, p99 ${firstList.p99Ms} ms (${NAVIGATIONS} cold navigations)`);
    } else {
      log('  console: navigation not measured: no Chromium (apt-get install chromium, or set CHROMIUM_PATH)');
    }

    const pdfPath = `/silo/v1/entries/${invoiceId}/pdf`;
    const sample = await fetch(`${service.url}${pdfPath}`, { headers });
    if (!sample.ok) throw new Error(`the PDF answered ${sample.status}`);
    const bytes = (await sample.arrayBuffer()).byteLength;
    const load = await runLoad(
      service.url,
      { method: 'GET', path: pdfPath, headers: { authorization: `Bearer ${token}` } },
      { connections: 4, seconds },
    );
    const pdf = { rps: load.rps, p50Ms: load.latency.p50Ms, p99Ms: load.latency.p99Ms, bytes };
    log(
      `  console: PDF of a 10-line invoice (${bytes} B): ${pdf.rps} per second at 4 connections, p50 ${pdf.p50Ms} ms, p99 ${pdf.p99Ms} ms`,
    );
    return { bundle, firstList, pdf };
  } finally {
    await service.stop();
  }
}
