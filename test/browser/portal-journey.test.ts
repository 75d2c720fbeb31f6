/**
 * The API Lite journey in a real browser (docs/behaviour.md, section 8, issue "customer portal"): a partner
 * creates a customer with no turnover and sends the login link; the customer adds the turnover,
 * uploads a bank statement, sees two offers with schedules equal to the API's, selects one and
 * draws £5,000; the partner sees every step through the API and its webhooks. Every page is checked
 * for accessibility, for fitting a 360 px phone, and for the security headers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { customerBody, usePartner } from '../helpers/app.ts';
import { json, statement } from '../helpers/files.ts';
import { eventually, useReceiver } from '../helpers/receiver.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  expectWebSecurityHeaders,
  newLaptopContext,
  newPhoneContext,
  screenshot,
  useBrowser,
  useWebServer,
} from '../helpers/browser.ts';
import { formatDate, formatGbp } from '../../src/web/format.ts';
import { toPence } from '../../src/domain/money.ts';

const SHOTS = 'docs/portal';

interface ScheduleJson {
  amount_borrowed: number;
  total_payable: number;
  repayments: { date: string; amount: number; breakdown: { fees: number; interest: number; principal: number } }[];
}

describe.each(BACKENDS)('the customer portal journey on %s', (backend) => {
  const server = useWebServer(backend);
  const receiver = useReceiver();
  const browser = useBrowser();
  const partner = usePartner(server, { name: 'Acme Brokers' });
  let phone: BrowserContext;
  let laptop: BrowserContext;
  // Screenshots for the docs come from one backend only.
  const shoot = backend === BACKENDS[0];

  beforeAll(async () => {
    phone = await newPhoneContext(browser);
    laptop = await newLaptopContext(browser);
    expect((await partner.request('PUT', '/webhooks/configuration/', { data: { url: receiver.url } })).statusCode).toBe(200);
    const types = (await partner.get('/webhooks/event_types/'))
      .json()
      .data.webhook_event_types.map((t: { webhook_event_type: string }) => t.webhook_event_type);
    expect((await partner.post('/webhooks/subscriptions/', { data: { webhook_event_types: types } })).statusCode).toBe(200);
  });

  /** Checks a page the customer sees, and saves its screenshots (phone and laptop) for the docs. */
  async function checkPage(page: Page, name: string): Promise<void> {
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) {
      await screenshot(page, SHOTS, `${name}-phone`);
      const wide = await laptop.newPage();
      await laptop.addCookies(await phone.cookies());
      await wide.goto(page.url());
      await screenshot(wide, SHOTS, name);
      await wide.close();
    }
  }

  async function apiSchedule(offerId: string, amount?: number): Promise<ScheduleJson> {
    const res = await partner.get(`/offers/${offerId}/repayment_schedule/${amount === undefined ? '' : `?amount=${amount}`}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  /** The schedule table on the page, row by row, exactly as the API's numbers formatted. */
  async function expectScheduleOnPage(page: Page, schedule: ScheduleJson): Promise<void> {
    const rows = await page
      .locator('#schedule tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())));
    expect(rows).toEqual(
      schedule.repayments.map((r) => [
        formatDate(r.date),
        formatGbp(toPence(r.amount)),
        formatGbp(toPence(r.breakdown.principal)),
        formatGbp(toPence(r.breakdown.interest)),
        formatGbp(toPence(r.breakdown.fees)),
      ]),
    );
    await expect(page.locator('[data-total="total_payable"]').textContent()).resolves.toBe(formatGbp(toPence(schedule.total_payable)));
    await expect(page.locator('[data-total="cost_of_credit"]').textContent()).resolves.toBe(
      formatGbp(toPence(schedule.total_payable) - toPence(schedule.amount_borrowed)),
    );
  }

  it('takes a customer from the login link to funded, and the partner sees every step', async () => {
    // The partner: a customer with no turnover, an application for £60,000 over two years.
    const body = customerBody({ external_customer_id: 'crm-portal-1' });
    delete (body.data.company as Record<string, unknown>).last_12_months_turnover;
    const created = await partner.post('/customers/', body);
    expect(created.statusCode, created.body).toBe(201);
    const customerId = created.json().data.customer_id as string;
    const applied = await partner.post(`/customers/${customerId}/applications/`, {
      data: { amount: 60000, requests: [{ amount: 60000, duration: { amount: 24, unit: 'months' }, purpose: 'stock' }] },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const applicationId = applied.json().data.application_id as string;
    const link = (await partner.get(`/customers/${customerId}/login_link/`)).json().data.login_link as string;
    expect(link.startsWith(`${server.base}/portal/login?token=`)).toBe(true);

    // The customer opens the link: the portal decides, and asks for the turnover.
    const page = await phone.newPage();
    const landing = await page.goto(link);
    expect(new URL(page.url()).pathname).toBe('/portal/');
    expectWebSecurityHeaders(landing);
    await expect(page.locator('[data-status]').getAttribute('data-status')).resolves.toBe('action_required');
    await expect(page.locator('[data-status]').textContent()).resolves.toBe('We need a few more details');
    await checkPage(page, 'application-action-required');

    await page.getByRole('link', { name: "Tell us your company's annual turnover" }).click();
    expect(new URL(page.url()).pathname).toBe('/portal/company');
    await checkPage(page, 'company');
    await page.getByLabel('Annual turnover (£)').fill('300,000');
    await page.getByLabel('Annual profit (£)').fill('25000');
    await page.getByLabel('Trading since').fill('2019-03-01');
    await page.getByRole('button', { name: 'Save company details' }).click();

    // Back on the application: decided again, now the bank statement is missing (over £50,000).
    expect(new URL(page.url()).pathname).toBe('/portal/');
    await expect(page.locator('[data-status]').getAttribute('data-status')).resolves.toBe('action_required');
    await expect(page.locator('[data-requirement="upload_bank_statements"]').count()).resolves.toBe(1);
    const stored = (await partner.get(`/customers/${customerId}/`)).json().data;
    expect(stored.company.last_12_months_turnover.amount).toBe(300000);
    expect(stored.company.last_12_months_profit.amount).toBe(25000);
    expect(stored.company.registered_company_name).toBe('Acme Widgets Ltd');
    expect(stored.people).toEqual(body.data.people);

    await page.getByRole('link', { name: 'Upload your business bank statements' }).click();
    await page.getByLabel('Document type').selectOption('bank statement');
    await page.getByLabel('File').setInputFiles({ name: 'statement.json', mimeType: 'application/json', buffer: json(statement()) });
    await page.getByRole('button', { name: 'Upload document' }).click();
    expect(new URL(page.url()).pathname).toBe('/portal/documents');
    await expect(page.getByRole('status').textContent()).resolves.toContain('we have your file');
    // The worker checks the statement in the background; the page shows where it stands.
    await eventually(
      async () => {
        await page.reload();
        return (await page.locator('td[data-status]').first().getAttribute('data-status')) === 'accepted';
      },
      20_000,
      'the bank statement to be accepted',
    );
    await checkPage(page, 'documents');

    // The accepted statement moved the application back to open: the page decides and offers.
    await page.getByRole('link', { name: 'Your application' }).click();
    await expect(page.locator('[data-status]').getAttribute('data-status')).resolves.toBe('offered');
    await expect(page.locator('[data-status]').textContent()).resolves.toBe('Your offer is ready');
    await checkPage(page, 'application-offered');
    const offers = (await partner.get(`/applications/${applicationId}/offers/`)).json().data;
    expect(offers.offer_creation_status).toBe('offers_available');
    expect(offers.offers).toHaveLength(2);
    const businessLoan = offers.offers.find((o: { product_type: string }) => o.product_type === 'business_loan');
    expect(businessLoan.max_amount).toBe(75000);
    expect(businessLoan.is_suggested).toBe(true);

    // The offer page: the schedule equals the API's, for the maximum and for £5,000.
    await page.getByRole('link', { name: 'View the business loan offer' }).click();
    expect(new URL(page.url()).pathname).toBe(`/portal/offers/${businessLoan.offer_id}`);
    await expectScheduleOnPage(page, await apiSchedule(businessLoan.offer_id));
    await page.getByLabel('Amount (£)').fill('5000');
    await page.getByRole('button', { name: 'Show schedule' }).click();
    await expectScheduleOnPage(page, await apiSchedule(businessLoan.offer_id, 5000));
    await checkPage(page, 'offer');
    const pdf = await page.request.get(
      await page
        .getByRole('link', { name: 'Download schedule (PDF)' })
        .getAttribute('href')
        .then((h) => new URL(h as string, server.base).href),
    );
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Select it, then draw £5,000.
    await page.getByRole('button', { name: 'Select this offer' }).click();
    expect(new URL(page.url()).pathname).toBe(`/portal/offers/${businessLoan.offer_id}/drawdown`);
    await checkPage(page, 'drawdown');
    await page.getByLabel('Amount to draw (£)').fill('5000');
    await page.getByRole('button', { name: 'Draw funds' }).click();
    expect(new URL(page.url()).pathname).toMatch(/^\/portal\/fundings\//);
    await expect(page.locator('[data-funding="amount"]').textContent()).resolves.toBe('£5,000.00');
    await expect(page.locator('[data-funding="fee"]').textContent()).resolves.toBe('£125.00');
    await expect(page.locator('[data-funding="remaining"]').textContent()).resolves.toBe('£70,000.00');
    await checkPage(page, 'funded-confirmation');

    await page.getByRole('link', { name: 'go back to your application' }).click();
    await expect(page.locator('[data-status]').getAttribute('data-status')).resolves.toBe('funded');
    await checkPage(page, 'application-funded');

    // The partner saw every step: through the API, and through its webhooks.
    expect((await partner.get(`/customers/${customerId}/applications/latest/`)).json().data.status).toBe('funded');
    const after = (await partner.get(`/applications/${applicationId}/offers/`)).json().data.offers;
    expect(after.find((o: { offer_id: string }) => o.offer_id === businessLoan.offer_id).status).toBe('funded');
    const deliveries = await eventually(
      async () => {
        const got = receiver.received.filter((d) => d.body?.data.application_id === applicationId);
        return got.some((d) => d.eventType === 'customer_funded') && got.some((d) => d.eventType === 'funding_created_202607') ? got : null;
      },
      20_000,
      'the funding webhooks',
    );
    const moves = deliveries.filter((d) => d.eventType === 'application_status_changed').map((d) => `${d.body?.data.previous_status}>${d.body?.data.status}`);
    expect(new Set(moves)).toEqual(new Set(['open>action_required', 'action_required>open', 'open>offered', 'offered>funded']));
    expect(deliveries.filter((d) => d.eventType === 'application_offered')).toHaveLength(1);
    const funding = deliveries.find((d) => d.eventType === 'funding_created_202607')?.body?.data;
    expect(funding).toMatchObject({ funding_amount: 5000, funding_fee_amount: 125, offer_id: businessLoan.offer_id, external_customer_id: 'crm-portal-1' });
    await page.close();
  });
});
