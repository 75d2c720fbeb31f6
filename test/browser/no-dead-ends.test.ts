/**
 * No dead ends, in Chromium (contract section 31): the dashboard's customer page (reached from the
 * customers list) with a clock customer's loan in arrears, its repayments and its events marked
 * "clock date", at 1280 and 360 px; and the portal on a test clock past an offer's expiry, which no
 * longer offers "Draw more funds". Axe-clean, no sideways scrolling at 360 px.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner } from '../helpers/app.ts';
import { acceptInvitation, invite, type DashboardUser } from '../helpers/dashboard.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  newPhoneContext,
  screenshot,
  signedInDashboardPage,
  useBrowser,
  useWebServer,
} from '../helpers/browser.ts';
import { offeredBySandbox, selectOffer, type OfferTermsJson } from '../helpers/lending.ts';
import { fund } from '../helpers/loans.ts';
import { advanceAndWait, createClock, plusDays } from '../helpers/test-clocks.ts';
import { formatDate } from '../../src/web/format.ts';

const TERMS: OfferTermsJson = { product_type: 'flexi_loan', max_amount: 40000, monthly_interest_percentage: 2, fee_percentage: 1, duration_in_days: 180 };

describe.each(BACKENDS)('no dead ends in the browser on %s', (backend) => {
  const server = useWebServer(backend);
  const browser = useBrowser();
  const partner = usePartner(server, { name: 'Harbour Brokers' });
  const shoot = backend === BACKENDS[0];
  const contexts: BrowserContext[] = [];

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  async function check(page: Page, folder: string, name: string): Promise<void> {
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) await screenshot(page, folder, name);
  }

  const signedInPage = (user: DashboardUser, phone = false): Promise<Page> => signedInDashboardPage(server, browser, contexts, user, phone);

  it("shows a customer's loans with arrears, repayments and clock-dated events, at 1280 and 360 px", { timeout: 180_000 }, async () => {
    const clock = await createClock(partner, 'A missed repayment');
    const made = await offeredBySandbox(partner, [TERMS], {
      customer: { test_clock_id: clock.test_clock_id, external_customer_id: 'crm-hartley' },
      company: { registered_company_name: 'Hartley Joinery Ltd' },
    });
    await selectOffer(partner, made.offers[0].offer_id, 'customer');
    const loanId = await fund(partner, made.offers[0].offer_id, 10000);
    const dates = ((await partner.get(`/loans/${loanId}/`)).json().data.repayments as { date: string }[]).map((r) => r.date);
    await advanceAndWait(partner, clock.test_clock_id, { to: plusDays(dates[1], 3), missed: [dates[1]] });
    await offeredBySandbox(partner, [TERMS], { company: { registered_company_name: 'Plain Bakery Ltd' } });

    const invitation = await invite(server.t, partner.partnerId, 'viewer', 'vera@harbour.example');
    const viewer = await acceptInvitation(server.t, invitation.path, invitation.email);
    const page = await signedInPage(viewer);
    await page.getByRole('link', { name: 'Customers', exact: true }).click();
    await page.getByRole('link', { name: 'Hartley Joinery Ltd' }).click();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/customers/${made.customerId}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Hartley Joinery Ltd');
    await expect(page.locator('#customer-clock').textContent()).resolves.toContain(formatDate(plusDays(dates[1], 3)));
    await expect(page.locator(`[data-loan-id="${loanId}"] [data-loan-status]`).textContent()).resolves.toBe('In arrears');
    await expect(page.locator(`[data-loan-id="${loanId}"] [data-loan="arrears"]`).textContent()).resolves.toMatch(/^£[\d,]+\.\d\d, 3 days past due$/);
    await page.locator(`[data-loan-repayments="${loanId}"] summary`).click();
    await expect(page.locator(`[data-loan-repayments="${loanId}"] tbody tr`).count()).resolves.toBe(dates.length);
    expect(await page.locator('#customer-events [data-clock-date]').count()).toBeGreaterThan(2);
    await check(page, 'docs/dashboard', 'customer');

    const phone = await signedInPage(viewer, true);
    await phone.goto(`${server.base}/dashboard/customers/${made.customerId}`);
    await phone.locator(`[data-loan-repayments="${loanId}"] summary`).click();
    await check(phone, 'docs/dashboard', 'customer-phone');
    await phone.goto(`${server.base}/dashboard/events`);
    expect(await phone.locator('#events [data-clock-date]').count()).toBeGreaterThan(2);
    await check(phone, 'docs/dashboard', 'events-clock-dates-phone');
  });

  it('does not offer "Draw more funds" on a clock past the offer’s expiry', { timeout: 180_000 }, async () => {
    const clock = await createClock(partner, 'Offer expiring');
    const made = await offeredBySandbox(partner, [TERMS], {
      customer: { test_clock_id: clock.test_clock_id },
      company: { registered_company_name: 'Grace Hopper Joinery Ltd' },
    });
    const offerId = made.offers[0].offer_id;
    await selectOffer(partner, offerId, 'customer');
    await fund(partner, offerId, 2000);
    const link = (await partner.get(`/customers/${made.customerId}/login_link/`)).json().data.login_link as string;
    const context = await newPhoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(link);
    await page.goto(`${server.base}/portal/`);
    await expect(page.getByRole('link', { name: 'Draw more funds' }).count()).resolves.toBe(1);
    await expect(page.locator('[data-draw="open"]').textContent()).resolves.toContain('You can still draw £38,000.00');

    await advanceAndWait(partner, clock.test_clock_id, { to: plusDays(clock.frozen_on, 35) });
    await page.reload();
    await expect(page.getByText(`Sandbox date: ${formatDate(plusDays(clock.frozen_on, 35))}`).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Draw more funds' }).count()).resolves.toBe(0);
    await expect(page.getByText('You can still draw').count()).resolves.toBe(0);
    await expect(page.locator('[data-draw="expired"]').textContent()).resolves.toContain('you drew £2,000.00 of it and cannot draw more');
    await check(page, 'docs/portal', 'funds-drawn-offer-ended-phone');
    await page.goto(`${server.base}/portal/offers/${offerId}/drawdown`);
    await expect(page.getByRole('button', { name: 'Draw funds' }).count()).resolves.toBe(0);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('funds can no longer be drawn from it');
    await check(page, 'docs/portal', 'drawdown-offer-ended-phone');
  });
});
