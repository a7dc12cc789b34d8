/**
 * `npm run console:screenshots`: the two pictures of the console in README (docs/console-entries.png and
 * docs/console-invoice.png), taken in Debian's Chromium from the built service on a fresh embedded database with a
 * few sample entries. Run `npm run build` first.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mintToken } from '../src/auth/mint-token';
import { consoleLink } from '../src/http/console.routes';
import { startService } from '../bench/server-process';
import { hasChromium, launchChromium } from '../test/helpers/browser';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'docs');
const SECRET = 'screenshots-secret-that-is-long-enough-for-hs256';
const VIEWPORT = { width: 1100, height: 720 };

const party = (name: string, code: string) => ({ name, tax_id: { country: 'ES', code } });
const invoice = (code: string, customer: ReturnType<typeof party>, lines: [string, string, string][]) => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  series: 'F',
  code,
  currency: 'EUR',
  issue_date: '2026-11-20',
  supplier: {
    ...party('Provide One S.L.', 'B98602642'),
    addresses: [{ num: '42', street: 'Calle Pradillo', locality: 'Madrid', code: '28002', country: 'ES' }],
  },
  customer,
  lines: lines.map(([quantity, name, price]) => ({ quantity, item: { name, price }, taxes: [{ cat: 'VAT', rate: 'general' }] })),
  payment: { terms: { key: 'due-date', due_dates: [{ date: '2026-12-20', percent: '100%' }] } },
});

async function main(): Promise<void> {
  if (!hasChromium) throw new Error('no Chromium: apt-get install chromium, or set CHROMIUM_PATH');
  const data = mkdtempSync(path.join(tmpdir(), 'console-screenshots-'));
  const service = await startService({ JWT_SECRET: SECRET, DATABASE_URL: `sqlite:${path.join(data, 'entries.sqlite')}`, DATA_DIR: data });
  try {
    const token = await mintToken(SECRET, 'default', { expiresIn: '1h' });
    const post = async (body: unknown) => {
      const reply = await fetch(`${service.url}/silo/v1/entries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!reply.ok) throw new Error(`create answered ${reply.status}: ${await reply.text()}`);
      return ((await reply.json()) as { id: string }).id;
    };
    await post({ data: { $schema: 'https://gobl.org/draft-0/org/party', ...party('Sample Consumer', '54387763P') } });
    for (let i = 1; i <= 6; i += 1)
      await post({ data: invoice(`000${i}`, party(`Customer ${i} S.L.`, 'B85905495'), [['4', 'Consulting hours', '75.00']]) });
    const shown = await post({
      data: invoice('0007', party('Sample Consumer', '54387763P'), [
        ['20', 'Development services', '90.00'],
        ['1', 'Project kick-off workshop', '450.00'],
      ]),
    });

    mkdirSync(OUT, { recursive: true });
    const browser = await launchChromium({ offline: true });
    try {
      const page = await (await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' })).newPage();
      await page.goto(consoleLink('127.0.0.1', new URL(service.url).port, token));
      await page.locator('.entry-row').first().waitFor();
      await page.screenshot({ path: path.join(OUT, 'console-entries.png') });
      await page.goto(`${service.url}/console/entries/${shown}`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await page.screenshot({ path: path.join(OUT, 'console-invoice.png') });
    } finally {
      await browser.close();
    }
    process.stdout.write(`wrote docs/console-entries.png and docs/console-invoice.png\n`);
  } finally {
    await service.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
