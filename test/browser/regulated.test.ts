/**
 * A regulated agreement in a real browser (docs/behaviour.md, section 23): a sole trader opens the
 * offer, reads the pre-contract information (checked with axe and on a 360 px phone), downloads its
 * PDF, and cannot draw until "I have read the pre-contract information" is ticked; then the
 * settlement figure of a regulated loan, with what the Early Settlement Regulations take off, and
 * the APR beside the loan's terms, in the portal and the console.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
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
  signedInOperatorPage,
  useBrowser,
  useWebServer,
} from '../helpers/browser.ts';

const SHOTS = 'docs/portal';

describe.each(BACKENDS)('a regulated agreement in the browser on %s', (backend) => {
  const server = useWebServer(backend);
  const browser = useBrowser();
  const partner = usePartner(server);
  const contexts: BrowserContext[] = [];
  const shoot = backend === BACKENDS[0];

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(() => server.t.clock.set(new Date()));

  it('shows the pre-contract information and needs it read before the customer draws', async () => {
    const { customerId, offers } = await offeredBySandbox(
      partner,
      [{ product_type: 'business_loan', max_amount: 12000, monthly_interest_percentage: 2.5, fee_percentage: 2.5, duration_in_days: 365 }],
      { company: { type: 'sole_trader', registered_company_name: 'Grace Hopper Joinery' } },
    );
    const offerId = offers[0].offer_id;
    await selectOffer(partner, offerId, 'customer');
    const link = (await partner.get(`/customers/${customerId}/login_link/?offer_id=${offerId}`)).json().data.login_link as string;

    const context = await newPhoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(link);
    expect(new URL(page.url()).pathname).toBe(`/portal/offers/${offerId}`);
    const apr = (await page.locator('[data-term="apr"]').textContent()) as string;
    expect(apr).toMatch(/^\d+\.\d%$/);

    await page.getByRole('link', { name: 'Pre-contract information' }).click();
    expect(new URL(page.url()).pathname).toBe(`/portal/offers/${offerId}/pre-contract`);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) await screenshot(page, SHOTS, 'pre-contract-phone');
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    for (const heading of [
      'Who is lending',
      'The credit',
      'Repayments for £12,000.00',
      'Interest, APR and fee',
      'If you miss a payment',
      'Your right to withdraw',
      'Your right to repay early',
    ]) {
      expect(headings).toContain(heading);
    }
    await expect(page.locator('[data-fact="apr"]').textContent()).resolves.toBe(apr);

    // The PDF downloads from the link the page gives.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download pre-contract information (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe(`pre-contract-information-${offerId}.pdf`);

    // Drawing without the box ticked is refused beside the box; with it, the funds are drawn.
    const drawdown = await page.goto(`${server.base}/portal/offers/${offerId}/drawdown`);
    expectWebSecurityHeaders(drawdown);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) await screenshot(page, SHOTS, 'drawdown-regulated-phone');
    await page.getByLabel('Amount to draw (£)').fill('3000');
    await page.getByRole('button', { name: 'Draw funds' }).click();
    await expect(page.locator('#field-pre_contract_read-error').textContent()).resolves.toContain('Read the pre-contract information');
    await expectAccessible(page);
    await expect(page.getByLabel('Amount to draw (£)').inputValue()).resolves.toBe('3000');
    await page.getByLabel('I have read the pre-contract information').check();
    await page.getByRole('button', { name: 'Draw funds' }).click();
    expect(new URL(page.url()).pathname).toMatch(/^\/portal\/fundings\//);
    await expect(page.getByRole('heading', { name: 'Funds drawn' }).count()).resolves.toBe(1);
  });

  it("caps a regulated loan's settlement figure, says what was taken off, and shows the APR beside the loan's terms", async () => {
    // Next year's April (a session cookie must not expire on the server's clock): 30 days to the first repayment.
    const year = new Date().getUTCFullYear() + 1;
    server.t.clock.set(new Date(`${year}-04-15T12:00:00Z`));
    const { customerId, offers } = await offeredBySandbox(
      partner,
      [{ product_type: 'business_loan', max_amount: 10000, monthly_interest_percentage: 1.5, fee_percentage: 2.5, duration_in_days: 730 }],
      { company: { type: 'sole_trader', registered_company_name: 'Ada Lovelace Bakes' } },
    );
    await selectOffer(partner, offers[0].offer_id, 'customer');
    const loanId = await fund(partner, offers[0].offer_id, 8000);
    server.t.clock.set(new Date(`${year}-04-16T12:00:00Z`));

    const context = await newPhoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto((await partner.get(`/customers/${customerId}/login_link/`)).json().data.login_link);
    await page.goto(`${server.base}/portal/loans/${loanId}`);
    await expect(page.locator('[data-term="apr"]').textContent()).resolves.toBe('22.8%');
    await page.getByLabel('Settle on').fill(`${year}-04-16`);
    await page.getByRole('button', { name: 'Get settlement figure' }).click();
    // The section 22 figure would be 8,204.00; the regulations allow at most 8,142.68.
    await expect(page.locator('[data-settlement="amount"]').textContent()).resolves.toBe('£8,142.68');
    await expect(page.locator('[data-settlement="rebate"]').textContent()).resolves.toBe('−£61.32');
    await expect(page.getByText('The Consumer Credit Act limits what you pay to settle early').count()).resolves.toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) await screenshot(page, SHOTS, 'loan-settlement-rebate-phone');

    const operatorPage = await signedInOperatorPage(server, browser, contexts, { name: 'Uma Underwriter', role: 'underwriter' });
    await operatorPage.goto(`${server.base}/console/loans/${loanId}`);
    await expect(operatorPage.locator('[data-loan="apr"]').textContent()).resolves.toBe('22.8%');
    await expect(operatorPage.locator('#settlement-today').textContent()).resolves.toContain('£8,142.68');
    await expect(operatorPage.locator('#settlement-today').textContent()).resolves.toContain('less the early settlement rebate £61.32');
    await expectAccessible(operatorPage);
    await expectNoHorizontalScroll(operatorPage);
    if (shoot) await screenshot(operatorPage, 'docs/console', 'loan-regulated-settlement');
  });
});
