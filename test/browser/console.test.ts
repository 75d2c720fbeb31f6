/**
 * The operator console in Chromium (docs/behaviour.md, section 19): an underwriter takes an application of
 * £400,000 from the queue to an approval, a second operator confirms it and the partner sees the
 * offers and the webhook; self-confirmation refused, two confirmations at once make the offers
 * once; a viewer's hand-made POSTs refused; the lock-out; a document review; a token created and
 * revoked in the console, checked against the partner API; the audit log; accessibility, phone
 * width and security headers on every page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { BASE, usePartner } from '../helpers/app.ts';
import { pdf, upload } from '../helpers/files.ts';
import { eventually, useReceiver } from '../helpers/receiver.ts';
import { customerWithApplication, getOffers } from '../helpers/lending.ts';
import { createOperator } from '../../src/services/operators.ts';
import { withTwoFactor, type Authenticator } from '../helpers/console.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  expectWebSecurityHeaders,
  newLaptopContext,
  newPhoneContext,
  passwordAndCode,
  screenshot,
  turnOnTwoFactor,
  useBrowser,
  useWebServer,
} from '../helpers/browser.ts';

const SHOTS = 'docs/console';

describe.each(BACKENDS)('the operator console on %s', (backend) => {
  const server = useWebServer(backend);
  const receiver = useReceiver();
  const browser = useBrowser();
  const partner = usePartner(server, { name: 'Acme Brokers' });
  const shoot = backend === BACKENDS[0];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    expect((await partner.request('PUT', '/webhooks/configuration/', { data: { url: receiver.url } })).statusCode).toBe(200);
    expect(
      (await partner.post('/webhooks/subscriptions/', { data: { webhook_event_types: ['application_offered', 'application_status_changed'] } })).statusCode,
    ).toBe(200);
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
  });

  async function operator(role: 'viewer' | 'underwriter' | 'admin', name: string) {
    const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${Math.random().toString(36).slice(2, 7)}@lender.example`;
    const { password, operator: row } = await createOperator(server.t.app.ctx, { kind: 'admin_token' }, { email, name, role });
    return { email, password, id: row.id, app: await withTwoFactor(server.t, row.id) };
  }

  async function signIn(who: { email: string; password: string; app: Authenticator }, phone = false): Promise<Page> {
    const context = phone ? await newPhoneContext(browser) : await newLaptopContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    const res = await page.goto(`${server.base}/console/login`);
    expectWebSecurityHeaders(res);
    await passwordAndCode(page, who);
    return page;
  }

  async function check(page: Page, name?: string): Promise<void> {
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot && name) await screenshot(page, SHOTS, name);
  }

  async function waitingApplication(company = 'Big Ask Ltd'): Promise<string> {
    const { applicationId } = await customerWithApplication(partner, { application: { amount: 400000 }, company: { registered_company_name: company } });
    expect((await getOffers(partner, applicationId)).offer_creation_status).toBe('pending_underwriting');
    return applicationId;
  }

  async function approve(page: Page, amount: string): Promise<void> {
    const offer = page.getByRole('group', { name: 'Offer 1' });
    await offer.getByLabel('Product').selectOption('business_loan');
    await offer.getByLabel('Maximum amount (£)').fill(amount);
    await offer.getByLabel('Monthly interest (%)').fill('1.5');
    await offer.getByLabel('Fee (%)').fill('2');
    await offer.getByLabel('Duration (days)').fill('365');
  }

  const csrfOf = async (page: Page) => (await page.locator('input[name=_csrf]').first().getAttribute('value')) as string;

  it('takes a £400,000 application from the queue to offered with four eyes; the partner sees the offers and the webhook', async () => {
    const applicationId = await waitingApplication();
    const uma = await operator('underwriter', 'Uma Underwriter');
    const ada = await operator('admin', 'Ada Admin');

    const page = await signIn(uma);
    await check(page, 'login-done-queue');
    await page.getByLabel('Status').selectOption('awaiting_underwriter');
    await page.getByLabel('Partner').selectOption({ label: 'Acme Brokers' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('link', { name: 'Big Ask Ltd' }).first().click();
    expect(new URL(page.url()).pathname).toBe(`/console/applications/${applicationId}`);
    await check(page);
    await page.getByRole('button', { name: 'Start review' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Review started');

    await approve(page, '400,000');
    await page.getByRole('button', { name: 'Preview schedule' }).click();
    await expect(page.locator('#schedule-preview tbody tr').count()).resolves.toBeGreaterThan(5);
    await check(page, 'application-approve-preview');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('waits for a different underwriter or admin');
    await expect(page.getByText('You asked for this approval').count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Confirm approval' }).count()).resolves.toBe(0);
    expect((await getOffers(partner, applicationId)).offers).toEqual([]);

    // Self-confirmation, even crafted by hand, is refused.
    const approvalId = (await server.t.testDb.db.query<{ id: string }>('SELECT id FROM pending_approvals WHERE application_id = $1', [applicationId])).rows[0]
      .id;
    const self = await page.request.post(`${server.base}/console/approvals/${approvalId}/confirm`, { form: { _csrf: await csrfOf(page) } });
    expect(self.status()).toBe(403);

    const second = await signIn(ada);
    await second.goto(`${server.base}/console/applications/${applicationId}`);
    await check(second, 'application-pending-approval');
    await second.getByRole('button', { name: 'Confirm approval' }).click();
    await expect(second.getByRole('status').textContent()).resolves.toContain('Approval confirmed');
    await check(second, 'application-offered');

    const offers = await getOffers(partner, applicationId);
    expect(offers.offer_creation_status).toBe('offers_available');
    expect(offers.offers.map((o) => [o.product_type, o.max_amount, o.monthly_interest_percentage, o.fee_percentage, o.duration_in_days])).toEqual([
      ['business_loan', 400000, 1.5, 2, 365],
    ]);
    const delivered = await eventually(
      () => Promise.resolve(receiver.received.find((d) => d.eventType === 'application_offered' && d.rawBody.includes(applicationId))),
      20_000,
      'the application_offered webhook',
    );
    expect(delivered.rawBody).toContain('"max_amount":400000');

    // The audit log shows who did what.
    await second.getByRole('link', { name: 'Audit log' }).click();
    await second.getByLabel('Target', { exact: true }).fill(applicationId);
    await second.getByRole('button', { name: 'Filter' }).click();
    const rows = await second
      .locator('#audit tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1, 3).map((td) => td.textContent?.trim())));
    expect(rows).toEqual([
      [ada.email, 'Confirmed an approval'],
      [uma.email, 'Asked for a second operator to confirm an approval'],
      [uma.email, 'Started the review'],
    ]);
    await check(second, 'audit');
    const api = await server.t.admin('GET', `/audit?target_id=${applicationId}`);
    expect(api.json().data.entries.map((e: { action: string }) => e.action)).toEqual([
      'application.approval_confirmed',
      'application.approval_requested',
      'application.review_started',
    ]);
  }, 120_000);

  it('creates the offers once when two operators press Confirm approval at the same moment', async () => {
    const applicationId = await waitingApplication('Race Ltd');
    const first = await signIn(await operator('underwriter', 'First Underwriter'));
    await first.goto(`${server.base}/console/applications/${applicationId}`);
    await first.getByRole('button', { name: 'Start review' }).click();
    await approve(first, '300000');
    await first.getByRole('button', { name: 'Approve', exact: true }).click();
    const [a, b] = await Promise.all([signIn(await operator('underwriter', 'Second Underwriter')), signIn(await operator('admin', 'Third Admin'))]);
    await Promise.all([a, b].map((p) => p.goto(`${server.base}/console/applications/${applicationId}`)));
    await Promise.all([a, b].map((p) => p.getByRole('button', { name: 'Confirm approval' }).click()));
    const notices = await Promise.all([a, b].map(async (p) => ((await p.locator('.notice.good, .notice.bad').first().textContent()) ?? '').trim()));
    expect(notices.filter((n) => n.includes('Approval confirmed'))).toHaveLength(1);
    expect(notices.filter((n) => n.includes('no longer waiting'))).toHaveLength(1);
    const { rows } = await server.t.testDb.db.query('SELECT id FROM offers WHERE application_id = $1', [applicationId]);
    expect(rows).toHaveLength(1);
  }, 90_000);

  it("shows a viewer no actions and refuses the viewer's hand-made POSTs with 403", async () => {
    const applicationId = await waitingApplication('Viewer Ltd');
    const page = await signIn(await operator('viewer', 'Vera Viewer'), true);
    await page.goto(`${server.base}/console/applications/${applicationId}`);
    await check(page, 'application-viewer-phone');
    await expect(page.getByRole('button', { name: 'Start review' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Operators' }).count()).resolves.toBe(0);
    const csrf = await csrfOf(page);
    for (const path of [
      `/console/applications/${applicationId}/start-review`,
      `/console/applications/${applicationId}/decline`,
      `/console/applications/${applicationId}/notes`,
      `/console/partners/${partner.partnerId}/tokens`,
      `/console/partners/${partner.partnerId}/suspend`,
      '/console/operators',
    ]) {
      const res = await page.request.post(`${server.base}${path}`, {
        form: { _csrf: csrf, note: 'x', environment: 'production', scopes: 'read,write', email: 'a@b.example', name: 'A', role: 'admin' },
      });
      expect(res.status(), path).toBe(403);
    }
    const { rows } = await server.t.testDb.db.query<{ status: string }>('SELECT status FROM applications WHERE id = $1', [applicationId]);
    expect(rows[0].status).toBe('awaiting_underwriter');
    expect((await page.request.get(`${server.base}/console/operators`)).status()).toBe(403);
  }, 90_000);

  it('locks an email after 5 wrong passwords, even for the right password', async () => {
    const who = await operator('underwriter', 'Locked Out');
    const context = await newLaptopContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.base}/console/login`);
    await check(page, 'login');
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('Email').fill(who.email);
      await page.getByLabel('Password').fill(`wrong-${i}`);
      await page.getByRole('button', { name: 'Log in' }).click();
      const message = (await page.getByRole('alert').textContent()) ?? '';
      expect(message).toContain(i < 4 ? 'The email or password is not right.' : 'locked for 15 minutes');
    }
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(new URL(page.url()).pathname).toBe('/console/login');
    await expect(page.getByRole('alert').textContent()).resolves.toContain('locked for 15 minutes');
    await check(page);
  }, 90_000);

  it('reviews a document: download, reject with a reason, accept; the partner API sees it', async () => {
    const { customerId, applicationId } = await customerWithApplication(partner, {
      application: { amount: 400000 },
      company: { registered_company_name: 'Docs Ltd' },
    });
    const bytes = pdf({ seed: 'console-review' });
    const uploaded = await upload(server.t, partner, customerId, 'bank statement', { filename: 'march.pdf', content: bytes, type: 'application/pdf' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const page = await signIn(await operator('underwriter', 'Doc Reviewer'));
    await page.goto(`${server.base}/console/applications/${applicationId}`);
    await page.getByRole('link', { name: 'march.pdf', exact: true }).click();
    const download = await page.request.get(`${server.base}${await page.getByRole('link', { name: 'Download' }).getAttribute('href')}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(Buffer.from(await download.body()).equals(bytes)).toBe(true);

    await page.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Enter the reason');
    await page.getByLabel('Reason').fill('Pages 2 to 4 are missing');
    await page.getByRole('button', { name: 'Reject' }).click();
    await expect(page.locator('#document-status').textContent()).resolves.toBe('rejected: Pages 2 to 4 are missing');
    await check(page, 'document');
    const listed = (await partner.get(`/document_upload/${customerId}/`)).json().data;
    expect(JSON.stringify(listed)).toContain('Pages 2 to 4 are missing');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.locator('#document-status').textContent()).resolves.toBe('accepted');
    const { rows } = await server.t.testDb.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target_type = 'document' ORDER BY seq`);
    expect(rows.map((r) => r.action).slice(-2)).toEqual(['document.rejected', 'document.accepted']);
  }, 90_000);

  it('creates a token shown once and revokes it, checked against the partner API; suspends and reinstates', async () => {
    const page = await signIn(await operator('admin', 'Tokyo Admin'));
    await page.getByRole('link', { name: 'Partners' }).click();
    await check(page, 'partners');
    await page.getByRole('link', { name: 'Acme Brokers' }).first().click();
    await page.getByLabel('Environment', { exact: true }).selectOption('production');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = ((await page.locator('#new-token code').textContent()) ?? '').trim();
    expect(token).toMatch(/^sk_live_/);
    await check(page, 'partner-token-created');
    const check1 = await server.t.app.inject({ method: 'GET', url: `${BASE}/authentication_check/`, headers: { authorization: `Bearer ${token}` } });
    expect(check1.statusCode).toBe(200);
    // Shown once: not on the partner page afterwards.
    await page.goto(`${server.base}/console/partners/${partner.partnerId}`);
    expect(await page.content()).not.toContain(token);

    const tokenId = (
      await server.t.testDb.db.query<{ id: string }>(
        `SELECT id FROM api_tokens WHERE partner_id = $1 AND environment = 'production' ORDER BY created_at DESC LIMIT 1`,
        [partner.partnerId],
      )
    ).rows[0].id;
    await page.getByRole('button', { name: `Revoke token ${tokenId.slice(0, 8)}` }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Token revoked');
    const check2 = await server.t.app.inject({ method: 'GET', url: `${BASE}/authentication_check/`, headers: { authorization: `Bearer ${token}` } });
    expect(check2.statusCode).toBe(401);

    await page.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.locator('#partner-status').textContent()).resolves.toBe('suspended');
    expect((await partner.get('/authentication_check/')).statusCode).toBe(403);
    await page.getByRole('button', { name: 'Reinstate' }).click();
    expect((await partner.get('/authentication_check/')).statusCode).toBe(200);
    await check(page, 'partner');
    const { rows } = await server.t.testDb.db.query<{ action: string; target_type: string; summary: unknown }>(
      `SELECT action, target_type, summary FROM audit_log WHERE target_id = $1 OR target_id = $2 ORDER BY seq`,
      [partner.partnerId, tokenId],
    );
    expect(rows.map((r) => `${r.target_type} ${r.action}`).slice(-4)).toEqual([
      'token token.created',
      'token token.revoked',
      'partner partner.suspended',
      'partner partner.reinstated',
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);

    // An introducer, and a webhook redelivery from the delivery log.
    await page.getByLabel('Introducer name').fill('Ivy Introducer');
    await page.getByLabel('Introducer email').fill('ivy@introducers.example');
    await page.getByRole('button', { name: 'Add introducer' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Introducer added');
    await expect(page.getByText('Ivy Introducer (ivy@introducers.example)').count()).resolves.toBe(1);
    const introducers = (await partner.get('/introducers/')).json();
    expect(JSON.stringify(introducers)).toContain('ivy@introducers.example');
    const before = receiver.received.length;
    const redeliver = page.getByRole('button', { name: 'Redeliver', exact: true }).first();
    // The button is named exactly Redeliver; its row (event type and id) describes it.
    const describedBy = (await redeliver.getAttribute('aria-describedby')) as string;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/[a-z_0-9]+ [0-9a-f]{8}/);
    const eventId = (await redeliver.locator('xpath=ancestor::form').locator('input[name=event_id]').getAttribute('value')) as string;
    await redeliver.click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Redelivery queued');
    await eventually(() => Promise.resolve(receiver.received.slice(before).some((d) => d.eventId === eventId)), 20_000, 'the redelivered event');
    const { rows: redeliveries } = await server.t.testDb.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_id = $1 AND action = 'webhook.redelivery_requested'`,
      [partner.partnerId],
    );
    expect(redeliveries).toHaveLength(1);

    await page.getByRole('link', { name: 'Operators' }).click();
    await page.getByLabel('Email').fill('new.viewer@lender.example');
    await page.getByLabel('Name').fill('New Viewer');
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Create operator' }).click();
    const password = ((await page.locator('#new-password code').textContent()) ?? '').trim();
    expect(password).toHaveLength(20);
    await check(page, 'operators');
    // The new operator's first login sets up the second factor, then reaches the queue.
    const context = await newLaptopContext(browser);
    contexts.push(context);
    const viewer = await context.newPage();
    await viewer.goto(`${server.base}/console/login`);
    await viewer.getByLabel('Email').fill('new.viewer@lender.example');
    await viewer.getByLabel('Password').fill(password);
    await viewer.getByRole('button', { name: 'Log in' }).click();
    await turnOnTwoFactor(viewer, server.t.clock);
    await viewer.getByRole('link', { name: 'Continue to the console' }).click();
    await expect(viewer.getByRole('heading', { name: 'Applications' }).count()).resolves.toBe(1);
  }, 90_000);
});
