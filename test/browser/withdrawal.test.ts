/**
 * Withdrawing from a regulated loan in a real browser (docs/behaviour.md, section 23), on a 360 px
 * phone and checked with axe at each step: the loan page offers "Withdraw from this agreement",
 * the next page explains it and confirms it, and then the loan page says what to repay, by when
 * and how.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner } from '../helpers/app.ts';
import { offeredBySandbox, selectOffer } from '../helpers/lending.ts';
import { fund } from '../helpers/loans.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  expectWebSecurityHeaders,
  newPhoneContext,
  screenshot,
  useBrowser,
  useWebServer,
} from '../helpers/browser.ts';

const SHOTS = 'docs/portal';

describe.each(BACKENDS)('withdrawing from a regulated loan in the browser on %s', (backend) => {
  const server = useWebServer(backend);
  const browser = useBrowser();
  const partner = usePartner(server);
  const contexts: BrowserContext[] = [];
  const shoot = backend === BACKENDS[0];

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  it('gives notice from the loan page after a confirmation, then shows the amount, the day to repay by and how to pay', async () => {
    const { customerId, offers } = await offeredBySandbox(
      partner,
      [{ product_type: 'business_loan', max_amount: 12000, monthly_interest_percentage: 2.5, fee_percentage: 2.5, duration_in_days: 365 }],
      { company: { type: 'sole_trader', registered_company_name: 'Grace Hopper Joinery' } },
    );
    const offerId = offers[0].offer_id;
    await selectOffer(partner, offerId, 'customer');
    const loanId = await fund(partner, offerId, 3000);
    const link = (await partner.get(`/customers/${customerId}/login_link/`)).json().data.login_link as string;

    const context = await newPhoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(link);
    const loanPage = await page.goto(`${server.base}/portal/loans/${loanId}`);
    expectWebSecurityHeaders(loanPage);
    await expect(page.getByRole('heading', { name: 'Your right to withdraw' }).count()).resolves.toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) await screenshot(page, SHOTS, 'loan-withdrawal-available-phone');

    await page.getByRole('link', { name: 'Withdraw from this agreement' }).click();
    expect(new URL(page.url()).pathname).toBe(`/portal/loans/${loanId}/withdrawal`);
    // Drawn today: repaying today costs no interest at all.
    await expect(page.locator('[data-withdrawal="amount-today"]').textContent()).resolves.toBe('£3,000.00');
    await expect(page.getByText('You cannot undo this.').count()).resolves.toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) await screenshot(page, SHOTS, 'loan-withdrawal-confirm-phone');

    await page.getByRole('button', { name: 'Withdraw from this agreement' }).click();
    expect(new URL(page.url()).pathname).toBe(`/portal/loans/${loanId}/withdrawal`);
    await expect(page.getByRole('status').textContent()).resolves.toContain('We have your notice');
    await expect(page.locator('[data-withdrawal="amount"]').textContent()).resolves.toBe('£3,000.00');
    await expect(page.getByRole('heading', { name: 'How to pay' }).count()).resolves.toBe(1);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Back to your loan' }).click();
    expect(new URL(page.url()).pathname).toBe(`/portal/loans/${loanId}`);
    await expect(page.getByRole('heading', { name: 'You are withdrawing' }).count()).resolves.toBe(1);
    await expect(page.locator('[data-withdrawal="repay-by"]').textContent()).resolves.toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(page.getByRole('button', { name: 'Get settlement figure' }).count()).resolves.toBe(0);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) await screenshot(page, SHOTS, 'loan-withdrawal-given-phone');

    const loan = (await partner.get(`/loans/${loanId}/`)).json().data;
    expect(loan.withdrawal).toMatchObject({ amount: 3000 });
  });
});
