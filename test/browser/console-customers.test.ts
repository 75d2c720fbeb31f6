/**
 * Finding a customer in the console, in Chromium (docs/behaviour.md, sections 19 and 27): an
 * operator opens "Customers" from the navigation and finds a customer across partners by any part
 * of its name, its company number, a person's email or phone and its external id, each result with
 * its partner and its environment in words; a whole id pasted into "Search" opens the customer's,
 * the application's, the loan's or the document's page; a search too long is refused beside the
 * box. Every page is checked with axe, at 1280 px and on a 360 px phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, type PartnerClient } from '../helpers/app.ts';
import { HARTLEY } from '../helpers/customer-bodies.ts';
import { pdf, upload } from '../helpers/files.ts';
import { customerWithApplication, offeredBySandbox, selectOffer } from '../helpers/lending.ts';
import { fund, TEN_THOUSAND } from '../helpers/loans.ts';
import { expectAccessible, expectNoHorizontalScroll, screenshot, signedInOperatorPage, useBrowser, useWebServer } from '../helpers/browser.ts';

describe.each(BACKENDS)('finding a customer in the console on %s', (backend) => {
  const server = useWebServer(backend);
  const browser = useBrowser();
  const partner = usePartner(server, { name: 'Acme Brokers' });
  const northgate = usePartner(server, { name: 'Northgate Finance' });
  const shoot = backend === BACKENDS[0];
  const contexts: BrowserContext[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const live: PartnerClient = await server.t.token(partner.partnerId, 'production');
    const sandbox = await offeredBySandbox(partner, [TEN_THOUSAND], {
      customer: { external_customer_id: 'crm-HJ-1', people: [HARTLEY.person] },
      company: HARTLEY.company,
    });
    await selectOffer(partner, sandbox.offers[0].offer_id, 'introducer');
    Object.assign(ids, { sandbox: sandbox.customerId, application: sandbox.applicationId, offer: sandbox.offers[0].offer_id });
    ids.loan = await fund(partner, ids.offer, 2500);
    const doc = await upload(server.t, partner, ids.sandbox, 'invoices', { filename: 'invoice.pdf', content: pdf({ seed: `console-customers-${backend}` }) });
    ids.document = doc.json().data.document_id;
    const production = await customerWithApplication(live, {
      customer: { external_customer_id: 'crm-HJ-1', people: [HARTLEY.person] },
      company: HARTLEY.company,
    });
    ids.production = production.customerId;
    ids.bakery = await createCustomer(
      northgate,
      { external_customer_id: 'ng-0042' },
      { registered_company_name: 'Hartley Bakery Ltd', company_number: '11223344' },
    );
    await createCustomer(partner, {}, { registered_company_name: 'Smith & Sons', company_number: '55667788' });
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
  });

  async function check(page: Page, name?: string): Promise<void> {
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot && name) await screenshot(page, 'docs/console', name);
  }

  async function search(page: Page, q: string): Promise<void> {
    await page.getByLabel('Search', { exact: true }).fill(q);
    await page.getByRole('button', { name: 'Search' }).click();
  }

  const found = (page: Page) => page.locator('#customers tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-customer-id')));
  const cells = (page: Page, label: string) => page.locator(`#customers td[data-label="${label}"]`).allTextContents();

  it('finds a customer by any part of its name, its number, an email, a phone or its external id, across partners', async () => {
    const page = await signedInOperatorPage(server, browser, contexts, { name: 'Sam Search', role: 'viewer' });
    await page.getByRole('link', { name: 'Customers' }).click();
    expect(new URL(page.url()).pathname).toBe('/console/customers');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Customers');
    await check(page);

    await search(page, 'hartley');
    expect(await found(page)).toEqual([ids.bakery, ids.production, ids.sandbox]);
    // Each says its partner and its environment, in words: the sandbox customer is test data.
    expect(await cells(page, 'Partner')).toEqual(['Northgate Finance', 'Acme Brokers', 'Acme Brokers']);
    expect((await cells(page, 'Environment')).map((c) => c.trim())).toEqual(['Sandbox (test)', 'Production', 'Sandbox (test)']);
    expect((await cells(page, 'Loans')).map((c) => c.trim())).toEqual(['None', 'None', '1']);
    await check(page, 'customers-search');

    for (const [q, matched] of [
      ['JOINERY', 'company name'],
      ['09 87 65 43', 'company number'],
      ['ops@hartley.example', 'email'],
      ['07700 900123', 'phone'],
      ['crm-HJ-1', 'external customer id'],
    ]) {
      await search(page, q);
      expect(await found(page), q).toEqual([ids.production, ids.sandbox]);
      expect(await cells(page, 'Matched'), q).toEqual([matched, matched]);
    }
    await search(page, '1122 3344');
    expect(await found(page)).toEqual([ids.bakery]);

    // The customer's page, from its row.
    await search(page, 'hartley doors');
    await page.getByRole('link', { name: 'Hartley-Joinery Ltd.' }).last().click();
    expect(new URL(page.url()).pathname).toBe(`/console/customers/${ids.sandbox}`);
  }, 90_000);

  it('opens the record a whole id names, and refuses a search over 200 characters beside the box', async () => {
    const page = await signedInOperatorPage(server, browser, contexts, { name: 'Pat Paste', role: 'underwriter' });
    await page.goto(`${server.base}/console/customers`);
    for (const [id, path] of [
      [ids.sandbox, `/console/customers/${ids.sandbox}`],
      [ids.application, `/console/applications/${ids.application}`],
      [ids.offer, `/console/applications/${ids.application}`],
      [ids.loan, `/console/loans/${ids.loan}`],
      [` ${ids.document.toUpperCase()} `, `/console/documents/${ids.document}`],
    ]) {
      await page.goto(`${server.base}/console/customers`);
      await search(page, id);
      expect(new URL(page.url()).pathname, id).toBe(path);
    }
    await check(page);

    await page.goto(`${server.base}/console/customers`);
    await search(page, 'Hartley '.repeat(26));
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Search for at most 200 characters');
    await expect(page.getByLabel('Search', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#customers').count()).resolves.toBe(0);
    await check(page);
  }, 90_000);

  it('reads calmly on a phone', async () => {
    const page = await signedInOperatorPage(server, browser, contexts, { name: 'Phil Phone', role: 'viewer' }, true);
    await page.goto(`${server.base}/console/customers?q=hartley`);
    expect(await found(page)).toEqual([ids.bakery, ids.production, ids.sandbox]);
    await check(page);
  }, 60_000);
});
