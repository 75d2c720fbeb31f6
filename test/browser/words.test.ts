/**
 * Words, not internals, wherever a person reads (docs/behaviour.md, "Words, not internals"): the
 * console's, the dashboard's and the portal's pages in Chromium, each read as a person reads it
 * (`document.body.innerText`), fail on JSON, a `snake_case` or `camelCase` identifier, or an ISO
 * date; the allow-list is test/helpers/visible-words.ts. The application page's decision reads as
 * sentences and an offers table that fits its card at 1280 and 360 px; the loan's heading names its
 * amount and customer; a partner with no webhook URL says so; a nameless customer is called the
 * same on every page; token prefixes end in the token's last four.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner } from '../helpers/app.ts';
import { acceptInvitation, invite } from '../helpers/dashboard.ts';
import { customerWithApplication, getOffers, offeredByPolicy, selectOffer } from '../helpers/lending.ts';
import { fund } from '../helpers/loans.ts';
import { newLaptopContext, newPhoneContext, screenshot, signedInOperatorPage, useBrowser, useWebServer } from '../helpers/browser.ts';
import { internalsOnPage, tablesOutsideTheirCards } from '../helpers/visible-words.ts';

describe.each(BACKENDS)('words, not internals, on %s', (backend) => {
  const server = useWebServer(backend);
  const browser = useBrowser();
  const partner = usePartner(server, { name: 'Hartley Partners' });
  const shoot = backend === BACKENDS[0];
  const contexts: BrowserContext[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const hartley = await offeredByPolicy(partner, { company: { registered_company_name: 'Hartley Joinery' } });
    await selectOffer(partner, hartley.offers[0].offer_id);
    Object.assign(ids, { customer: hartley.customerId, application: hartley.applicationId, offer: hartley.offers[0].offer_id });
    ids.loan = await fund(partner, ids.offer, 10000);
    ids.bigAsk = (
      await customerWithApplication(partner, { application: { amount: 400000 }, company: { registered_company_name: 'Big Ask Ltd' } })
    ).applicationId;
    // Reading the offers runs the policy: over £250,000 it sends the application to an underwriter.
    expect((await getOffers(partner, ids.bigAsk)).offer_creation_status).toBe('pending_underwriting');
    const nameless = await customerWithApplication(partner, { company: { registered_company_name: undefined } });
    Object.assign(ids, { nameless: nameless.customerId, namelessApplication: nameless.applicationId });
    await server.t.token(partner.partnerId, 'sandbox');
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
  });

  /** Opens `path` and answers the internals a person would read there. */
  async function read(page: Page, path: string): Promise<string[]> {
    const res = await page.goto(`${server.base}${path}`);
    expect(res?.status(), path).toBe(200);
    return (await internalsOnPage(page)).map((found) => `${path}: ${found}`);
  }

  async function consolePages(phone = false): Promise<Page> {
    return signedInOperatorPage(server, browser, contexts, { name: 'Wendy Words', role: 'admin' }, phone);
  }

  it('shows the console in words: decisions, offers, the audit log, status history, loans, partners and customers', { timeout: 180_000 }, async () => {
    const page = await consolePages();
    const paths = [
      '/console/applications',
      `/console/applications/${ids.application}`,
      `/console/applications/${ids.bigAsk}`,
      `/console/applications/${ids.namelessApplication}`,
      '/console/loans',
      `/console/loans/${ids.loan}`,
      '/console/customers?q=Hartley',
      `/console/customers/${ids.customer}`,
      `/console/customers/${ids.nameless}`,
      '/console/audit',
      '/console/partners',
      `/console/partners/${partner.partnerId}`,
      '/console/operators',
    ];
    const found: string[] = [];
    for (const path of paths) found.push(...(await read(page, path)));
    expect(found).toEqual([]);

    // The decision in sentences, its inputs in words; a reason code as a sentence.
    await page.goto(`${server.base}/console/applications/${ids.application}`);
    const decisions = page.locator('section[aria-labelledby="h-decisions"]');
    expect(await decisions.locator('h3').first().textContent()).toMatch(/^Offered by the decision policy “default”, \d{1,2} \w+ \d{4} at \d\d:\d\d$/);
    expect(await decisions.textContent()).toContain('Offered with a credit limit of £50,000.00 (policy rule 7).');
    expect(await decisions.getByRole('table', { name: 'Offers of this decision' }).locator('tbody tr').count()).toBe(2);
    expect(await decisions.locator('dt:text-is("Accepted bank statement") + dd').textContent()).toBe('No');
    expect(await decisions.locator('dt:text-is("Trading since") + dd').textContent()).toBe('1 March 2019');
    // No webhook URL: said where the deliveries would be.
    expect(await page.locator('#no-webhook-url').textContent()).toContain('No webhook URL set');
    await page.goto(`${server.base}/console/applications/${ids.bigAsk}`);
    expect(await page.locator('.decision p').first().textContent()).toBe(
      'Sent to an underwriter (policy rule 4). The amount asked for is over £250,000, so an underwriter decides.',
    );
    await page.goto(`${server.base}/console/partners/${partner.partnerId}`);
    expect(await page.locator('#no-deliveries-sandbox').textContent()).toContain('No webhook URL set');
    // Tokens told apart by their last four.
    const hints = await page.locator('#tokens tbody code').allTextContents();
    expect(hints.length).toBeGreaterThan(1);
    hints.forEach((hint) => expect(hint).toMatch(/^sk_sandbox_…[A-Za-z0-9_-]{4}$/));
    expect(new Set(hints).size).toBe(hints.length);

    // The loan's heading; its dates in words.
    await page.goto(`${server.base}/console/loans/${ids.loan}`);
    expect(await page.locator('h1').textContent()).toBe('Loan of £10,000.00 to Hartley Joinery');
    expect(await page.locator('#repayments tbody tr td').first().textContent()).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);

    // A nameless customer is called the same on every page.
    const unnamed = `Unnamed customer (${ids.nameless.slice(0, 8)})`;
    await page.goto(`${server.base}/console/applications/${ids.namelessApplication}`);
    expect(await page.locator('h1').textContent()).toContain(unnamed);
    await page.goto(`${server.base}/console/customers/${ids.nameless}`);
    expect(await page.locator('h1').textContent()).toBe(unnamed);
    await page.goto(`${server.base}/console/applications?status=open`);
    expect(await page.locator(`tr[data-application-id="${ids.namelessApplication}"] td`).first().textContent()).toBe(unnamed);

    // The audit log's actions in words, its summaries as text.
    await page.goto(`${server.base}/console/audit`);
    expect(await page.locator('#audit [data-action="operator.two_factor_enabled"]').first().textContent()).toBe('Turned on two-step sign-in');
    expect(await page.locator('#audit tbody tr[data-seq]').count()).toBeGreaterThan(3);
  });

  it('shows the dashboard in words', { timeout: 180_000 }, async () => {
    const invitation = await invite(server.t, partner.partnerId, 'owner');
    const user = await acceptInvitation(server.t, invitation.path, invitation.email);
    const context = await newLaptopContext(browser);
    contexts.push(context);
    const [name, value] = user.cookie.split('=');
    await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/dashboard', sameSite: 'Strict' }]);
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of [
      '/dashboard',
      '/dashboard/tokens',
      '/dashboard/webhooks',
      '/dashboard/events',
      '/dashboard/logs',
      '/dashboard/customers',
      `/dashboard/customers/${ids.customer}`,
      `/dashboard/customers/${ids.nameless}`,
      '/dashboard/users',
      '/dashboard/test-clocks',
    ])
      found.push(...(await read(page, path)));
    expect(found).toEqual([]);
    await page.goto(`${server.base}/dashboard/customers`);
    expect(await page.locator('#customers').textContent()).toContain(`Unnamed customer (${ids.nameless.slice(0, 8)})`);
    await page.goto(`${server.base}/dashboard/customers/${ids.nameless}`);
    expect(await page.locator('h1').textContent()).toContain(`Unnamed customer (${ids.nameless.slice(0, 8)})`);
    await page.goto(`${server.base}/dashboard/webhooks`);
    expect(await page.locator('#no-deliveries').textContent()).toContain('No webhook URL set');
  });

  it('shows the portal in words', { timeout: 120_000 }, async () => {
    const context = await newPhoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto((await partner.get(`/customers/${ids.customer}/login_link/`)).json().data.login_link);
    const found: string[] = [];
    for (const path of ['/portal', `/portal/offers/${ids.offer}`, '/portal/loans', `/portal/loans/${ids.loan}`, '/portal/company', '/portal/documents'])
      found.push(...(await read(page, path)));
    expect(found).toEqual([]);
  });

  it('fits the offers table in its card at 1280 and 360 px', { timeout: 120_000 }, async () => {
    for (const phone of [false, true]) {
      const page = await consolePages(phone);
      await page.goto(`${server.base}/console/applications/${ids.application}`);
      expect(await tablesOutsideTheirCards(page)).toEqual([]);
      // At 1280 px the offers table fits its card without scrolling: nothing is cut off.
      if (!phone) expect(await page.locator('#offers').evaluate((t) => t.scrollWidth <= (t.parentElement as HTMLElement).clientWidth)).toBe(true);
      if (shoot) await screenshot(page, 'docs/console', phone ? 'application-decision-phone' : 'application-decision');
    }
  });
});
