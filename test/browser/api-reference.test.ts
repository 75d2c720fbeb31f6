/**
 * The API reference at /docs (docs/behaviour.md, section 20) in Chromium, offline: every request to another
 * host is blocked (and recorded), the page renders the operations of the served document, and the
 * Content-Security-Policy allows this host only.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser, useWebServer } from '../helpers/browser.ts';

describe('the API reference page', () => {
  const server = useWebServer('pglite');
  const browser = useBrowser();

  it('renders every operation and the webhooks from local assets with other hosts blocked', { timeout: 60_000 }, async () => {
    const context = await browser.newContext();
    const origin = new URL(server.base).origin;
    const foreign: string[] = [];
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith('data:') || new URL(url).origin === origin) return route.continue();
      foreign.push(url);
      return route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const response = await page.goto(`${server.base}/docs`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);

    const operations = page.locator('.opblock');
    await operations.first().waitFor({ timeout: 30_000 });
    const doc = (await server.t.app.inject({ method: 'GET', url: '/api/lending/v2.2/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
      webhooks: Record<string, unknown>;
    };
    const expected = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0) + Object.keys(doc.webhooks).length;
    expect(await operations.count()).toBe(expected);
    const text = await page.locator('body').innerText();
    for (const path of ['/api/lending/v2.2/customers/', '/api/lending/v2.2/events/', '/api/lending/v2.2/request_log/']) expect(text).toContain(path);
    expect(text).toContain('application_offered');

    // One operation opened shows its description and the example answer.
    await page
      .locator('.opblock-summary-path', { hasText: /^\/api\/lending\/v2\.2\/customers\/$/ })
      .first()
      .click();
    await page.getByText('is your own id for the customer', { exact: false }).first().waitFor();
    expect(await page.locator('.opblock.is-open').innerText()).toContain('3ada20af-1217-4192-883b-39fdda4b9110');

    expect(foreign).toEqual([]);
    expect(cspViolations).toEqual([]);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https:|http:|\*/);
    await context.close();
  });
});
