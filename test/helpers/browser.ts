import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); .ci/run installs it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** `describe` when Chromium is installed; otherwise skipped, with one line saying how to get it. */
export function describeInBrowser(name: string, body: () => void): void {
  if (hasChromium) return describe(name, body);
  process.stdout.write(`${name}: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)\n`);
  describe.skip(name, () => test('needs Chromium', () => undefined));
}

/**
 * Headless Chromium with nothing of its own going to the network, in a fresh profile. `offline`: no host name
 * resolves but this machine's, so nothing on the internet can be reached.
 */
export function launchChromium(options: { offline?: boolean } = {}): Promise<Browser> {
  const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-component-update', '--disable-sync'];
  if (options.offline) args.push('--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}

/** A second web server, on another port and so another origin, serving one page. */
export async function servePage(html: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
