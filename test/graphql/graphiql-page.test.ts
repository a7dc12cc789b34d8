import type { Browser } from 'playwright-core';
import { describeInBrowser, launchChromium, screenshot, watchOffline } from '../helpers/browser';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/** GraphiQL, the default page at /graphql, used as a person would, with the network cut off. */
describeInBrowser('GraphiQL in a browser without network', () => {
  let t: TestServer;
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    [t, browser, token] = await Promise.all([startServer(), launchChromium({ offline: true }), tokenFor(newWorkspace())]);
    const created = await client(t.url, token).post('/silo/v1/entries', { key: 'seen-in-graphiql', data: party('Offline Explorer Ltd') });
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('the page loads from the service alone, runs a query with the token typed in, and shows the result', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // No network but this machine: anything else the page asks for is refused, and noted.
    const { outside, problems } = await watchOffline(page);

    await page.goto(`${t.url}/graphql`);
    await page.fill('#token', token);
    await page.click('text=Use token');
    await page.click('.graphiql-execute-button');
    const result = page.locator('.result-window');
    await result.getByText('seen-in-graphiql').waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain('"hasNextPage": false');

    await screenshot(page, 'graphiql-result');

    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('without a token, the result pane shows the 401 as the service sent it', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/graphql`);
    await page.evaluate('sessionStorage.clear()');
    await page.reload();
    await page.click('.graphiql-execute-button');
    await page.locator('.result-window').getByText('UNAUTHENTICATED').waitFor({ timeout: 30_000 });
    await page.close();
  });
});
