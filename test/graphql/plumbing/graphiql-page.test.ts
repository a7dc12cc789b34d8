import type { Browser } from 'playwright-core';
import { describeInBrowser, launchChromium, screenshot, watchOffline, watchPolicyViolations } from '../../helpers/browser';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../../helpers/server';

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
    const violations = await watchPolicyViolations(page);

    await page.goto(`${t.url}/graphql`);
    await page.fill('#token', token);
    await page.click('text=Use token');
    await page.click('.graphiql-execute-button');
    const result = page.locator('.result-window');
    await result.getByText('seen-in-graphiql').waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain('"hasNextPage": false');

    await screenshot(page, 'graphiql-result');

    // The rest of GraphiQL under the page's policy: the schema's documentation, the history, prettify, settings.
    await page.click('.graphiql-sidebar button[aria-label*="Documentation Explorer"]');
    await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.click('.graphiql-sidebar button[aria-label*="History"]');
    await page.click('button[aria-label="Prettify query (Shift-Ctrl-P)"]');
    await page.click('button[aria-label="Open settings dialog"]');
    await page.keyboard.press('Escape');

    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    expect(violations).toEqual([]);
    await page.close();
  });

  test("a subscription runs over the service's WebSocket and shows each event as it comes", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const violations = await watchPolicyViolations(page);
    await page.goto(`${t.url}/graphql`);
    await page.fill('#token', token);
    await page.click('text=Use token');
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor();
    await page.evaluate(
      `document.querySelector('.graphiql-query-editor .CodeMirror').CodeMirror.setValue('subscription Watch { entryEvents { type cursor data } }')`,
    );
    await page.click('.graphiql-execute-button');
    const result = page.locator('.result-window');
    // The subscription is open once the socket is: then an entry made through REST shows in the result pane.
    for (let tries = 0; tries < 60 && !(await result.textContent())?.includes('seen-live'); tries += 1) {
      if (tries % 10 === 0)
        expect((await client(t.url, token).post('/silo/v1/entries', { key: `seen-live-${tries}`, data: party('Live Ltd') })).status).toBe(
          200,
        );
      await page.waitForTimeout(500);
    }
    expect(await result.textContent()).toContain('seen-live');
    expect(await result.textContent()).toContain('ENTRY_CREATED');
    expect(violations).toEqual([]);
    await page.close();
  });

  test('without a token of its own, the page takes the one the console signed in with', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/console#token=${token}`);
    await page.waitForFunction('!location.hash');
    await page.goto(`${t.url}/graphql`);
    expect(await page.inputValue('#token')).toBe(token);
    await page.click('.graphiql-execute-button');
    await page.locator('.result-window').getByText('seen-in-graphiql').waitFor({ timeout: 30_000 });
    await page.close();
  });

  test("opened in another tab, it asks the console's open tab for its token (never through a URL)", async () => {
    const context = await browser.newContext();
    const consoleTab = await context.newPage();
    await consoleTab.goto(`${t.url}/console#token=${token}`);
    await consoleTab.waitForFunction('!location.hash');
    const explorer = await context.newPage();
    await explorer.goto(`${t.url}/graphql`);
    await explorer.waitForFunction(`document.getElementById('token').value !== ''`);
    expect(await explorer.inputValue('#token')).toBe(token);
    expect(explorer.url()).toBe(`${t.url}/graphql`);
    await context.close();
  });

  test('the page may not be framed, sends no Referer, and runs only its own scripts', async () => {
    const reply = await fetch(`${t.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(reply.status).toBe(200);
    const policy = reply.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
    // The nonce of the styles GraphiQL adds is each page's own.
    const nonceOf = (text: string) => /'nonce-([^']+)'/.exec(text)![1];
    const again = await fetch(`${t.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(nonceOf(again.headers.get('content-security-policy')!)).not.toBe(nonceOf(policy));
    expect(await again.text()).toContain(`<script nonce="${nonceOf(again.headers.get('content-security-policy')!)}">`);
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

/** Apollo Sandbox (GRAPHQL_EXPLORER=sandbox) loads from Apollo's CDN: its policy allows that CDN and nothing else outside. */
describeInBrowser('Apollo Sandbox page: its Content-Security-Policy', () => {
  let t: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([startServer({ GRAPHQL_EXPLORER: 'sandbox' }), launchChromium({ offline: true })]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test("allows Apollo's CDN and the page's own nonce, and may not be framed", async () => {
    const reply = await fetch(`${t.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(reply.status).toBe(200);
    const nonce = /<script nonce="([^"]+)"/.exec(await reply.text())![1];
    const policy = reply.headers.get('content-security-policy')!;
    expect(policy).toContain(`script-src 'nonce-${nonce}' https://embeddable-sandbox.cdn.apollographql.com;`);
    expect(policy).toContain('frame-src https://sandbox.embed.apollographql.com;');
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
  });

  test('offline, the page asks only for what its policy allows: nothing is refused by the policy', async () => {
    const page = await browser.newPage();
    const { outside } = await watchOffline(page);
    const violations = await watchPolicyViolations(page);
    await page.goto(`${t.url}/graphql`);
    await page.waitForLoadState('networkidle');
    // The CDN cannot be reached here; the page tried it, and the policy let it.
    expect(outside).toEqual(expect.arrayContaining([expect.stringMatching(/^https:\/\/embeddable-sandbox\.cdn\.apollographql\.com\//)]));
    expect(violations).toEqual([]);
    await page.close();
  });
});
