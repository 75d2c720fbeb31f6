/**
 * Loans after funding in Chromium (docs/behaviour.md, section 22): the customer finds "Your loans"
 * from the portal's navigation on a 360 px phone, reads a missed payment and what to do, gets a
 * settlement figure (and a refusal beside the field) and downloads the statement; an underwriter
 * filters the console's loans to those in arrears, records a late collection (after a refusal shown
 * on the form) and a settlement, which the customer then sees. Every page is checked with axe.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { toPence } from '../../src/domain/money.ts';
import { formatDate, formatGbp } from '../../src/web/format.ts';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner } from '../helpers/app.ts';
import { offeredBySandbox, selectOffer } from '../helpers/lending.ts';
import { fund, TEN_THOUSAND } from '../helpers/loans.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  expectWebSecurityHeaders,
  newPhoneContext,
  screenshot,
  signedInOperatorPage,
  useBrowser,
  useWebServer,
} from '../helpers/browser.ts';

// Next year's dates: the browser drops a session cookie whose expiry (from the server's clock) has passed.
const Y = new Date().getUTCFullYear() + 1;
const day = (monthDay: string) => `${Y}-${monthDay}`;
interface LoanJson {
  balance: { total: number };
  next_repayment: { amount: number };
  arrears: { amount: number };
}

const D0 = new Date(`${day('01-15')}T12:00:00Z`);
const TODAY = new Date(`${day('03-20')}T12:00:00Z`);

describe.each(BACKENDS)('loans in the browser on %s', (backend) => {
  const server = useWebServer(backend);
  const browser = useBrowser();
  const partner = usePartner(server, { name: 'Acme Brokers' });
  const contexts: BrowserContext[] = [];
  const shoot = backend === BACKENDS[0];

  afterAll(async () => {
    server.t.clock.set(new Date());
    for (const c of contexts) await c.close().catch(() => {});
  });

  async function check(page: Page, folder: string, name: string): Promise<void> {
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) await screenshot(page, folder, name);
  }

  /** A loan drawn on 15 January, February collected and March missed, seen on 20 March. */
  async function loanInArrears(missed = ['03-15']): Promise<{ customerId: string; loanId: string; loan: LoanJson }> {
    server.t.clock.set(D0);
    const { customerId, offers } = await offeredBySandbox(partner, [{ ...TEN_THOUSAND, fee_percentage: 0 }], { application: { amount: 1000 } });
    await selectOffer(partner, offers[0].offer_id);
    const loanId = await fund(partner, offers[0].offer_id, 10000);
    server.t.clock.set(TODAY);
    const res = await partner.post(`/sandbox/loans/${loanId}/simulate`, { data: { until: day('03-15'), missed: missed.map(day) } });
    expect(res.statusCode, res.body).toBe(200);
    return { customerId, loanId, loan: res.json().data };
  }

  const signedInUnderwriter = (): Promise<Page> => signedInOperatorPage(server, browser, contexts, { name: 'Uma Underwriter', role: 'underwriter' });

  it('shows the customer their loans on a phone: a missed payment with what to do, a settlement figure, the statement', async () => {
    const { customerId, loanId, loan } = await loanInArrears();
    const gbp = (pounds: number) => formatGbp(toPence(pounds));
    const context = await newPhoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto((await partner.get(`/customers/${customerId}/login_link/`)).json().data.login_link);
    await page.getByRole('navigation').getByRole('link', { name: 'Your loans', exact: true }).click();
    expect(new URL(page.url()).pathname).toBe('/portal/loans');
    const card = page.locator(`[data-loan-id="${loanId}"]`);
    expect(await card.locator('[data-loan-status]').textContent()).toBe('Payment missed');
    expect(await card.locator('[data-loan="balance"]').textContent()).toBe(gbp(loan.balance.total));
    expect(await card.locator('[data-loan="next"]').textContent()).toBe(`${gbp(loan.next_repayment.amount)} on ${formatDate(day('04-15'))}`);
    const notice = card.locator('[data-loan="arrears-notice"]');
    expect(await notice.getByRole('heading', { name: 'You have missed a repayment' }).count()).toBe(1);
    expect(await notice.textContent()).toContain('It is 5 days overdue.');
    expect(await notice.textContent()).toContain(`Contact Harbour Business Finance as soon as you can to pay ${gbp(loan.arrears.amount)}`);
    await check(page, 'docs/portal', 'loans-phone');

    await card.getByRole('link', { name: 'View your business loan of £10,000.00' }).click();
    expect(new URL(page.url()).pathname).toBe(`/portal/loans/${loanId}`);
    expect(await page.locator(`tr[data-date="${day('03-15')}"] td[data-label="Status"]`).textContent()).toBe('Missed (5 days overdue)');
    expect(await page.locator(`tr[data-date="${day('02-15')}"] td[data-label="Status"]`).textContent()).toBe(`Paid on ${formatDate(day('02-15'))}`);
    await check(page, 'docs/portal', 'loan-phone');

    await page.getByLabel('Settle on').fill(day('04-10'));
    await page.getByRole('button', { name: 'Get settlement figure' }).click();
    const quote = (await partner.get(`/loans/${loanId}/settlement_quote/?on=${day('04-10')}`)).json().data;
    expect(await page.locator('[data-settlement="amount"]').textContent()).toBe(gbp(quote.amount));
    expect(await page.locator('[data-settlement="arrears"]').textContent()).toBe(gbp(loan.arrears.amount));
    await check(page, 'docs/portal', 'loan-settlement-figure-phone');

    await page.getByLabel('Settle on').fill(day('06-01'));
    const refused = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`on=${day('06-01')}`)),
      page.getByRole('button', { name: 'Get settlement figure' }).click(),
    ]);
    expect(refused[0].status()).toBe(400);
    expect(await page.locator('#field-on-error').textContent()).toContain(`Enter a date no more than 28 days ahead, on or before ${formatDate(day('04-17'))}`);
    expect(await page.getByLabel('Settle on').getAttribute('aria-invalid')).toBe('true');
    expect(
      await page
        .getByRole('alert')
        .getByRole('link', { name: /no more than 28 days ahead/ })
        .count(),
    ).toBe(1);
    expect(await page.locator('[data-settlement="amount"]').count()).toBe(0);
    await check(page, 'docs/portal', 'loan-settlement-refused-phone');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download statement (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe(`loan-statement-${loanId}.pdf`);
    const bytes = await readFile((await download.path()) as string);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Another customer's loan is a 404 page.
    const other = await loanInArrears();
    const res = await page.goto(`${server.base}/portal/loans/${other.loanId}`);
    expect(res?.status()).toBe(404);
    expectWebSecurityHeaders(res);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
  });

  it('lets an underwriter find loans in arrears, record a late collection and a settlement, which the customer sees', async () => {
    const { customerId, loanId } = await loanInArrears();
    // Two more: one up to date, one behind since February (the most days past due).
    await loanInArrears([]);
    const longest = await loanInArrears(['02-15', '03-15']);
    const page = await signedInUnderwriter();
    await page.getByRole('link', { name: 'Loans' }).click();
    expect(new URL(page.url()).pathname).toBe('/console/loans');
    await page.getByLabel('In arrears').check();
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(new URL(page.url()).search).toBe('?arrears=yes');
    const days = await page.locator('td[data-label="Days past due"]').allTextContents();
    expect(days.length).toBeGreaterThan(0);
    expect(days.map(Number)).toEqual([...days.map(Number)].sort((a, b) => b - a));
    expect(await page.locator(`tr[data-loan-id="${loanId}"] td[data-label="Days past due"]`).textContent()).toBe('5');
    expect(await page.locator('tr[data-loan-id]').first().getAttribute('data-loan-id')).toBe(longest.loanId);
    expect(await page.locator(`tr[data-loan-id="${longest.loanId}"] td[data-label="Days past due"]`).textContent()).toBe('33');
    await check(page, 'docs/console', 'loans-in-arrears');

    await page.locator(`tr[data-loan-id="${loanId}"]`).getByRole('link').click();
    expect(new URL(page.url()).pathname).toBe(`/console/loans/${loanId}`);
    expect(await page.locator('[data-loan="days-past-due"]').textContent()).toBe('5');
    await check(page, 'docs/console', 'loan');

    await page.getByLabel('Due date').fill(day('03-16'));
    await page.getByLabel('Outcome').selectOption('collected');
    await page.getByRole('button', { name: 'Record collection' }).click();
    expect(await page.locator('#field-due_date-error').textContent()).toContain(`No repayment of this loan falls due on 16 March ${Y}`);
    await check(page, 'docs/console', 'loan-collection-refused');

    await page.getByLabel('Due date').fill(day('03-15'));
    await page.getByLabel('Collected on').fill(day('03-19'));
    await page.getByRole('button', { name: 'Record collection' }).click();
    expect(await page.getByText('Collection recorded.').count()).toBe(1);
    expect(await page.locator(`tr[data-date="${day('03-15')}"]`).getAttribute('data-repayment-status')).toBe('collected');
    expect(await page.locator('#loan-facts [data-loan-status]').getAttribute('data-loan-status')).toBe('active');

    await page.getByLabel('Settled on').fill(day('03-20'));
    await page.getByRole('button', { name: 'Record settlement' }).click();
    expect(await page.getByText('Settlement recorded: the loan is settled.').count()).toBe(1);
    expect(await page.locator('#loan-facts [data-loan-status]').getAttribute('data-loan-status')).toBe('settled');
    await check(page, 'docs/console', 'loan-settled');
    expect((await partner.get(`/loans/${loanId}/`)).json().data.status).toBe('settled');

    // The customer's page says it is paid off.
    const context = await newPhoneContext(browser);
    contexts.push(context);
    const portal = await context.newPage();
    await portal.goto((await partner.get(`/customers/${customerId}/login_link/`)).json().data.login_link);
    await portal.goto(`${server.base}/portal/loans/${loanId}`);
    expect(await portal.locator('[data-loan-status]').textContent()).toBe('Paid off');
    expect(await portal.getByRole('button', { name: 'Get settlement figure' }).count()).toBe(0);
    await check(portal, 'docs/portal', 'loan-paid-off-phone');
  });
});
