/**
 * The withdrawal window closing on a sandbox test clock, in a real browser (docs/behaviour.md,
 * sections 23 and 28): a sole trader's loan drawn on the clock's date offers "Withdraw from this
 * agreement" on the 14th day after the drawdown and no longer on the 15th, each page saying the
 * clock's date ("Sandbox date: …"), on a 360 px phone and checked with axe.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner } from '../helpers/app.ts';
import { expectAccessible, expectNoHorizontalScroll, newPhoneContext, screenshot, useBrowser, useWebServer } from '../helpers/browser.ts';
import { offeredBySandbox, selectOffer } from '../helpers/lending.ts';
import { fund } from '../helpers/loans.ts';
import { advanceAndWait, createClock, plusDays } from '../helpers/test-clocks.ts';
import { formatDate } from '../../src/web/format.ts';

const SHOTS = 'docs/portal';

describe.each(BACKENDS)('the withdrawal window on a test clock in the browser on %s', (backend) => {
  const server = useWebServer(backend);
  const browser = useBrowser();
  const partner = usePartner(server);
  const contexts: BrowserContext[] = [];
  const shoot = backend === BACKENDS[0];

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  it('shows "Withdraw from this agreement" on day 14 and not on day 15', async () => {
    const clock = await createClock(partner, 'withdrawal window');
    const drawnOn = clock.frozen_on;
    const { customerId, offers } = await offeredBySandbox(
      partner,
      [{ product_type: 'business_loan', max_amount: 12000, monthly_interest_percentage: 2.5, fee_percentage: 2.5, duration_in_days: 365 }],
      { customer: { test_clock_id: clock.test_clock_id }, company: { type: 'sole_trader', registered_company_name: 'Grace Hopper Joinery' } },
    );
    const offerId = offers[0].offer_id;
    await selectOffer(partner, offerId, 'customer');
    const loanId = await fund(partner, offerId, 3000);
    const link = (await partner.get(`/customers/${customerId}/login_link/`)).json().data.login_link as string;

    const context = await newPhoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(link);
    const withdraw = page.getByRole('link', { name: 'Withdraw from this agreement' });

    await advanceAndWait(partner, clock.test_clock_id, { to: plusDays(drawnOn, 14) });
    await page.goto(`${server.base}/portal/loans/${loanId}`);
    await expect(page.getByText(`Sandbox date: ${formatDate(plusDays(drawnOn, 14))}`).count()).resolves.toBe(1);
    await expect(withdraw.count()).resolves.toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) await screenshot(page, SHOTS, 'loan-on-test-clock-day-14-phone');

    await advanceAndWait(partner, clock.test_clock_id, { to: plusDays(drawnOn, 15) });
    await page.reload();
    await expect(page.getByText(`Sandbox date: ${formatDate(plusDays(drawnOn, 15))}`).count()).resolves.toBe(1);
    await expect(withdraw.count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Your right to withdraw' }).count()).resolves.toBe(0);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) await screenshot(page, SHOTS, 'loan-on-test-clock-day-15-phone');
    // The notice page refuses too, with the day the window ended.
    await page.goto(`${server.base}/portal/loans/${loanId}/withdrawal`);
    await expect(page.getByRole('button', { name: 'Withdraw from this agreement' }).count()).resolves.toBe(0);
  });
});
