/**
 * The partner dashboard in Chromium (docs/behaviour.md, section 24): an owner invited by the lender
 * sets a password and two-factor authentication, keeps the recovery codes, creates a sandbox token,
 * points the webhook at a receiver, sends a test event and redelivers it, reads the request log,
 * pages through the customers (a search kept on the next page), and logs in again with both factors;
 * every page axe-clean at 1280 px and at 360 px without sideways scrolling (the lists with their
 * pagers), with the security headers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { clientFor, customerBody, usePartner } from '../helpers/app.ts';
import { growTenant } from '../../bench/scale-data.ts';
import { eventually, useReceiver } from '../helpers/receiver.ts';
import { currentCode } from '../../src/services/two-factor.ts';
import {
  accessibleText,
  expectAccessible,
  expectNoHorizontalScroll,
  expectWebSecurityHeaders,
  newLaptopContext,
  newPhoneContext,
  screenshot,
  useBrowser,
  useWebServer,
} from '../helpers/browser.ts';

const SHOTS = 'docs/dashboard';
const PASSWORD = 'a long and private passphrase 7';
const PAGES = ['/dashboard', '/dashboard/tokens', '/dashboard/webhooks', '/dashboard/events', '/dashboard/logs', '/dashboard/customers', '/dashboard/users'];

describe.each(BACKENDS)('the partner dashboard on %s', (backend) => {
  const server = useWebServer(backend);
  const receiver = useReceiver();
  const browser = useBrowser();
  const partner = usePartner(server, { name: 'Acme Brokers' });
  const shoot = backend === BACKENDS[0];
  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
  });

  async function check(page: Page, name?: string): Promise<void> {
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot && name) await screenshot(page, SHOTS, name);
  }

  /** The code the app shows, one time step on (each step is accepted once). */
  function nextCode(secret: string): string {
    server.t.clock.set(new Date(server.t.clock.now().getTime() + 30_000));
    return currentCode(secret, server.t.clock.now());
  }

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    expectWebSecurityHeaders(await page.goto(`${server.base}${path}`));
    return page;
  }

  async function logIn(page: Page, email: string, code: string): Promise<void> {
    await page.goto(`${server.base}/dashboard/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  }

  it('takes an invited owner from the link to a token, a webhook, a test event, a redelivery and the logs', { timeout: 180_000 }, async () => {
    const invited = await server.t.admin('POST', `/partners/${partner.partnerId}/users`, { email: 'olivia@acme.example', name: 'Olivia Owner', role: 'owner' });
    expect(invited.statusCode).toBe(201);
    const link = new URL(invited.json().data.invitation_link as string);
    expect(link.origin).toBe(server.base);

    const laptop = await newLaptopContext(browser);
    contexts.push(laptop);
    const page = await open(laptop, link.pathname + link.search);
    await check(page, 'invitation');
    await page.getByLabel('Password').fill('qwerty123456');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('one of the most common passwords').count()).resolves.toBeGreaterThan(0);
    await check(page);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    expect(new URL(page.url()).pathname).toBe('/dashboard/two-factor/setup');
    await expect(page.getByRole('img', { name: /QR code/ }).count()).resolves.toBe(1);
    await check(page, 'two-factor-setup');
    const secret = ((await page.locator('#totp-secret').textContent()) ?? '').replaceAll(' ', '');
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('That code is not right');
    await page.getByLabel('Authentication code').fill(nextCode(secret));
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await expect(page.locator('#recovery-codes li').count()).resolves.toBe(10);
    const recoveryCode = ((await page.locator('#recovery-codes li').first().textContent()) ?? '').trim();
    await check(page, 'recovery-codes');
    await page.getByRole('link', { name: 'Continue to the dashboard' }).click();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await check(page, 'overview');

    // A sandbox token, shown once, that works.
    await page.getByRole('link', { name: 'Tokens' }).click();
    await page.getByLabel('Token name').fill('Staging server');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = await page.getByLabel('New token').inputValue();
    expect(token).toMatch(/^sk_sandbox_/);
    await expect(page.getByRole('button', { name: 'Copy' }).isVisible()).resolves.toBe(true);
    await check(page, 'token-created');
    // Each "Revoke" is named exactly that; its description tells the token (contract 24).
    const revokes = await page.getByRole('link', { name: 'Revoke', exact: true }).all();
    await expect(Promise.all(revokes.map(accessibleText))).resolves.toEqual([
      { name: 'Revoke', description: expect.stringMatching(/^Staging server \d{1,2} \w+ \d{4} at \d\d:\d\d$/) },
      { name: 'Revoke', description: expect.stringMatching(/^\(made by the lender\) \d{1,2} \w+ \d{4} at \d\d:\d\d$/) },
    ]);
    const api = clientFor(server.t.app, partner.partnerId, '', token);
    expect((await api.post('/customers/', customerBody({}, { registered_company_name: 'Dashboard Widgets Ltd' }))).statusCode).toBe(201);
    expect((await api.post('/customers/', { data: { company: {} } })).statusCode).toBe(400);

    // The webhook, a test event, its delivery and a redelivery.
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('Webhook URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Save webhook' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Webhook saved');
    await page.getByRole('checkbox', { name: 'application_offered' }).check();
    await page.getByRole('button', { name: 'Save subscriptions' }).click();
    await page.getByRole('button', { name: 'Reveal signing secret' }).click();
    const shown = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(shown).toBe((await partner.get('/webhooks/signing_secret/')).json().data.signing_secret);
    await page.getByLabel('Event type').selectOption('application_offered');
    await page.getByRole('button', { name: 'Send test event' }).click();
    const [delivery] = await receiver.waitFor((r) => r.some((d) => d.eventType === 'application_offered'));
    await eventually(async () => {
      await page.reload();
      return (await page.locator('#deliveries tbody tr').count()) > 0;
    });
    await check(page, 'webhooks');
    const redeliver = page.locator('#deliveries').getByRole('button', { name: 'Redeliver', exact: true }).first();
    await expect(accessibleText(redeliver)).resolves.toEqual({ name: 'Redeliver', description: expect.stringMatching(/^application_offered [0-9a-f]{8}$/) });
    await page.locator('#deliveries a').first().click();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/events/${delivery.eventId}`);
    await expect(page.locator('#payload').textContent()).resolves.toContain('"offers"');
    await check(page, 'event');
    await page.getByRole('button', { name: 'Redeliver', exact: true }).click();
    await receiver.waitForEvent(delivery.eventId, 2);

    // A partner's data beyond a page (generated as the scale bench makes it, an hour old): 60 more
    // customers, with their events, deliveries and requests. The lists page: 50 rows, "Next page".
    const hourAgo = new Date(server.t.clock.now().getTime() - 3_600_000);
    const grown = { partnerId: partner.partnerId, environment: 'sandbox' as const, tag: 'acme', requestsPerCustomer: 1, spanDays: 14 };
    await growTenant(server.t.testDb.db, { ...grown, from: 0, to: 60, spanCustomers: 60, now: hourAgo });

    // The request log and the customers.
    await server.t.app.requestLog.flush();
    await page.getByRole('link', { name: 'Request log' }).click();
    await page.getByLabel('Failed only').check();
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.locator('#requests').textContent()).resolves.toContain('ValidationError');
    await check(page, 'request-log');
    await page.getByRole('link', { name: 'Customers' }).click();
    await expect(page.locator('#customers').textContent()).resolves.toContain('Dashboard Widgets Ltd');
    await expect(page.getByRole('navigation', { name: 'Pages of customers' }).textContent()).resolves.toContain(
      'Showing 1–50 customers, more on the next page',
    );
    await expect(page.getByRole('link', { name: 'Previous page' }).count()).resolves.toBe(0);
    await check(page, 'customers');
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page.locator('#customers tbody tr').count()).resolves.toBe(11);
    await expect(page.getByRole('navigation', { name: 'Pages of customers' }).textContent()).resolves.toContain('Showing 51–61 of 61 customers');
    await check(page);
    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page.locator('#customers').textContent()).resolves.toContain('Dashboard Widgets Ltd');
    // A search kept across its pages: "Ltd" is in every generated name.
    await page.getByLabel('Search').fill('Ltd');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Next page' }).click();
    expect(new URL(page.url()).searchParams.get('q')).toBe('Ltd');
    await expect(page.getByLabel('Search').inputValue()).resolves.toBe('Ltd');
    await expect(page.locator('#customers tbody tr').count()).resolves.toBe(11);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Email').fill('dev@acme.example');
    await page.getByLabel('Name').fill('Dev Eloper');
    await page.getByLabel('Role').selectOption('developer');
    await page.getByRole('button', { name: 'Invite user' }).click();
    await expect(page.getByLabel('Invitation link').inputValue()).resolves.toContain('/dashboard/invite?token=');
    await check(page, 'users');
    await expect(accessibleText(page.getByRole('link', { name: 'Remove', exact: true }))).resolves.toEqual({ name: 'Remove', description: 'Dev Eloper' });
    await expect(accessibleText(page.getByRole('button', { name: 'Change role', exact: true }))).resolves.toEqual({
      name: 'Change role',
      description: 'Dev Eloper',
    });

    // Log out; log in again with both factors, then with a recovery code on a phone.
    await page.getByRole('button', { name: 'Log out' }).click();
    await check(page, 'login');
    await logIn(page, 'olivia@acme.example', nextCode(secret));

    const phone = await newPhoneContext(browser);
    contexts.push(phone);
    const small = await open(phone, '/dashboard/login');
    await check(small);
    await logIn(small, 'olivia@acme.example', recoveryCode);
    await expect(small.getByRole('status').textContent()).resolves.toContain('9 of them are left');
    for (const path of PAGES) {
      expectWebSecurityHeaders(await small.goto(`${server.base}${path}`));
      await check(small);
    }
    // A middle page of a list, both links beside its count, on a phone.
    await small.goto(`${server.base}/dashboard/events`);
    await small.getByRole('link', { name: 'Next page' }).click();
    await expect(small.getByRole('link', { name: 'Previous page' }).count()).resolves.toBe(1);
    await expect(small.getByRole('navigation', { name: 'Pages of events' }).textContent()).resolves.toContain('Showing 51–100 events, more on the next page');
    await check(small);
    await small.getByRole('button', { name: 'Production' }).click();
    expect(new URL(small.url()).pathname).toBe('/dashboard/events');
    await small.goto(`${server.base}/dashboard/tokens`);
    await expect(small.locator('#production-locked').count()).resolves.toBe(1);
    await check(small, 'tokens-production-phone');
    for (const path of PAGES) {
      await page.goto(`${server.base}${path}`);
      await check(page);
    }
  });
});
