import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';

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
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ];
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

/**
 * Cuts a page off from everything but this machine, and notes what it tried to reach elsewhere and the
 * script errors it raised: both lists should stay empty for a page that works offline.
 */
export async function watchOffline(page: Page): Promise<{ outside: string[]; problems: string[] }> {
  const outside: string[] = [];
  const problems: string[] = [];
  await page.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    outside.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { outside, problems };
}

/** A screenshot of the page in a fresh temporary folder, its path printed so the test output shows it rendered. */
export async function screenshot(page: Page, label: string, options: { fullPage?: boolean } = {}): Promise<string> {
  const shot = path.join(mkdtempSync(path.join(tmpdir(), `${label}-`)), `${label}.png`);
  await page.screenshot({ path: shot, fullPage: options.fullPage });
  process.stdout.write(`${label} screenshot: ${shot}\n`);
  return shot;
}

/**
 * Notes every Content-Security-Policy violation a page reports, from the `securitypolicyviolation` events of
 * its documents and from the console (where Chromium also reports what it refused): the list should stay empty
 * for a page whose policy fits it. Call before the page is opened.
 */
export async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (text: string) => violations.push(text));
  // Text, not a function: this runs in the page, whose types (DOM) the tests are not compiled with.
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
    window.reportPolicyViolation(event.violatedDirective + ' refused ' + (event.blockedURI || 'inline') + ' (' + event.sourceFile + ':' + event.lineNumber + ')');
  });`);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}
