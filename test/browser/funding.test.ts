/**
 * Funding accounts and pre-approvals in a real browser (docs/behaviour.md, section 21): a
 * production customer gives their bank details on the drawdown page, an underwriter accepts the
 * account in the console, and the customer draws into it; a pre-approved sandbox customer draws
 * from /portal/pre-approval. Every page is checked for accessibility and for fitting a phone.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner } from '../helpers/app.ts';
import { customerWithApplication, offeredByPolicy, selectOffer } from '../helpers/lending.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  newLaptopContext,
  newPhoneContext,
  passwordAndCode,
  screenshot,
  useBrowser,
  useWebServer,
} from '../helpers/browser.ts';
import { withTwoFactor } from '../helpers/console.ts';
import { createOperator } from '../../src/services/operators.ts';

describe.each(BACKENDS)('bank details and pre-approvals in the browser on %s', (backend) => {
  const server = useWebServer(backend);
  const browser = useBrowser();
  const production = usePartner(server, { environment: 'production' });
  const sandbox = usePartner(server);
  const contexts: BrowserContext[] = [];
  const shoot = backend === BACKENDS[0];

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
  });

  async function check(page: Page, folder: string, name: string): Promise<void> {
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) await screenshot(page, folder, name);
  }

  async function customerPage(client: typeof sandbox, customerId: string, phone = true): Promise<Page> {
    const context = phone ? await newPhoneContext(browser) : await newLaptopContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    const link = (await client.get(`/customers/${customerId}/login_link/`)).json().data.login_link as string;
    await page.goto(link);
    return page;
  }

  it('asks for the bank details on the drawdown page, waits for the console to accept them, then pays out', async () => {
    const { customerId, offers } = await offeredByPolicy(production);
    await selectOffer(production, offers[0].offer_id);
    const page = await customerPage(production, customerId);
    await page.goto(`${server.base}/portal/offers/${offers[0].offer_id}/drawdown`);
    expect(await page.getByText('Tell us the business bank account we should pay into.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Draw funds' }).count()).toBe(0);
    await check(page, 'docs/portal', 'bank-details-phone');

    await page.getByLabel('Account holder name').fill('Acme Widgets');
    await page.getByLabel('Sort code').fill('08-99-99');
    await page.getByLabel('Account number').fill('12345678');
    await page.getByRole('button', { name: 'Save bank details' }).click();
    expect(await page.locator('#field-account_number-error').textContent()).toContain('These bank details are not valid');
    await page.getByLabel('Account number').fill('66374958');
    await page.getByRole('button', { name: 'Save bank details' }).click();
    expect(await page.locator('[data-bank-status]').getAttribute('data-bank-status')).toBe('needs_review');
    expect(await page.locator('[data-bank-status]').textContent()).toContain('We are checking the bank details you gave (08-99-99, account ending 4958)');
    expect(await page.content()).not.toContain('66374958');

    // The underwriter accepts the account in the console.
    const email = `uma.${Math.random().toString(36).slice(2, 7)}@lender.example`;
    const { password, operator } = await createOperator(server.t.app.ctx, { kind: 'admin_token' }, { email, name: 'Uma Underwriter', role: 'underwriter' });
    const app = await withTwoFactor(server.t, operator.id);
    const laptop = await newLaptopContext(browser);
    contexts.push(laptop);
    const console = await laptop.newPage();
    await console.goto(`${server.base}/console/login`);
    await passwordAndCode(console, { email, password, app });
    await console.goto(`${server.base}/console/customers/${customerId}`);
    expect(await console.locator('#funding-account-status').textContent()).toContain('Needs review');
    await check(console, 'docs/console', 'customer-bank-details');
    await console.getByRole('button', { name: 'Accept account' }).click();
    expect(await console.locator('#funding-account-status').textContent()).toContain('Verified');
    expect(await console.getByText('Bank account accepted').count()).toBe(1);

    // The customer now draws, and the confirmation names the account.
    await page.reload();
    await page.getByLabel('Amount to draw (£)').fill('1000');
    await page.getByRole('button', { name: 'Draw funds' }).click();
    expect(new URL(page.url()).pathname).toMatch(/^\/portal\/fundings\//);
    expect(await page.locator('[data-funding="paid-to"]').textContent()).toBe('08-99-99, account ending 4958');
    await check(page, 'docs/portal', 'funded-into-account-phone');
    const loaded = (await production.get(`/customers/${customerId}/funding_account/`)).json().data;
    expect(loaded.status).toBe('verified');
  });

  it('draws from a pre-approval at /portal/pre-approval', async () => {
    const { customerId } = await customerWithApplication(sandbox);
    const made = await sandbox.post(`/sandbox/customers/${customerId}/pre_approvals`, {
      data: { max_amount: 8000, monthly_interest_percentage: 2, fee_percentage: 1, duration_in_days: 180, valid_for_days: 60 },
    });
    expect(made.statusCode).toBe(201);
    const page = await customerPage(sandbox, customerId);
    expect(await page.locator('#pre-approval-banner').textContent()).toContain('£8,000.00');
    await page.getByRole('link', { name: 'See your pre-approval and draw funds' }).click();
    expect(new URL(page.url()).pathname).toBe('/portal/pre-approval');
    await check(page, 'docs/portal', 'pre-approval-phone');
    await page.getByLabel('Amount to draw (£)').fill('3000');
    await page.getByRole('button', { name: 'Draw funds' }).click();
    expect(await page.locator('[data-funding="amount"]').textContent()).toBe('£3,000.00');
    expect(await page.locator('[data-funding="paid-to"]').textContent()).toBe('a simulated sandbox account');
    expect((await sandbox.get(`/customers/${customerId}/pre_approval/`)).json().data).toMatchObject({ status: 'funded', available_amount: 5000 });
  });
});
