/**
 * The portal's rules in a real browser (docs/behaviour.md, section 8): upload refusals, logout, idle and
 * absolute session limits, CSRF, another customer's ids, reused and expired links, the headers on
 * every answer, HTML 404s, a suspended partner, and drawdowns that refuse too much.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, type PartnerClient } from '../helpers/app.ts';
import { json, pdf, pdfOfSize, statement } from '../helpers/files.ts';
import { apply, customerWithApplication, offeredByPolicy } from '../helpers/lending.ts';
import { UNKNOWN_UUID } from '../helpers/foundation.ts';
import { expectAccessible, expectNoHorizontalScroll, expectWebSecurityHeaders, newPhoneContext, useBrowser, useWebServer } from '../helpers/browser.ts';

const MINUTE_DAYS = 1 / 1440;

describe.each(BACKENDS)('portal rules in the browser on %s', (backend) => {
  const server = useWebServer(backend);
  const browser = useBrowser();
  const partner = usePartner(server);
  const contexts: BrowserContext[] = [];

  afterEach(async () => {
    server.t.clock.set(new Date());
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  async function linkFor(customerId: string, client: PartnerClient = partner): Promise<string> {
    const res = await client.get(`/customers/${customerId}/login_link/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.login_link;
  }

  /** A phone browser signed in as the customer (its own context: its own cookies). */
  async function signedIn(customerId: string, client: PartnerClient = partner): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newPhoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    const res = await page.goto(await linkFor(customerId, client));
    expect(res?.status()).toBe(200);
    return { context, page };
  }

  async function csrfOf(page: Page): Promise<string> {
    return (await page.locator('input[name="_csrf"]').first().getAttribute('value')) as string;
  }

  async function documentCount(customerId: string): Promise<number> {
    return (await partner.get(`/document_upload/${customerId}/`)).json().data.length;
  }

  it('refuses each bad upload with a message beside the file, and stores nothing', async () => {
    const { customerId } = await customerWithApplication(partner);
    const { page } = await signedIn(customerId);
    await page.goto(`${server.base}/portal/documents`);
    const send = async (type: string, file: { name: string; mimeType: string; buffer: Buffer } | null) => {
      await page.getByLabel('Document type').selectOption(type);
      await page.getByLabel('File').setInputFiles(file ? [file] : []);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Upload document' }).click(),
      ]);
      await page.waitForLoadState();
      return response.status();
    };
    const fileError = () => page.locator('#field-document-error').textContent();

    expect(await send('business accounts', { name: 'accounts.pdf', mimeType: 'application/pdf', buffer: pdf({ seed: 'first' }) })).toBe(303);
    expect(await documentCount(customerId)).toBe(1);

    expect(await send('business accounts', null)).toBe(400);
    expect(await fileError()).toContain('Choose a file to upload');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    expect(
      await send('business accounts', {
        name: 'tool.exe',
        mimeType: 'application/octet-stream',
        buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]),
      }),
    ).toBe(415);
    expect(await fileError()).toContain('must be a PDF, PNG, JPEG, TIFF, CSV, XLS or XLSX file');

    expect(await send('business accounts', { name: 'statement.json', mimeType: 'application/json', buffer: json(statement()) })).toBe(415);
    expect(await fileError()).toContain('A JSON file can only be uploaded as a bank statement');

    const broken = statement();
    delete (broken.accountInfo as Record<string, unknown>).sortCode;
    expect(await send('bank statement', { name: 'broken.json', mimeType: 'application/json', buffer: json(broken) })).toBe(400);
    expect(await fileError()).toContain('/accountInfo/sortCode');

    expect(await send('bank statement', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"accountInfo": ') })).toBe(400);
    expect(await fileError()).toContain('not valid JSON');

    expect(await send('business accounts', { name: 'again.pdf', mimeType: 'application/pdf', buffer: pdf({ seed: 'first' }) })).toBe(409);
    expect(await fileError()).toContain('already uploaded this file');

    expect(await send('business accounts', { name: 'huge.pdf', mimeType: 'application/pdf', buffer: pdfOfSize(20 * 1024 * 1024 + 1) })).toBe(413);
    expect(await fileError()).toContain('smaller than 20 MiB');
    await expectAccessible(page);

    // A crafted form with a type the select does not offer is refused too.
    const crafted = await page.request.post(`${server.base}/portal/documents`, {
      multipart: {
        _csrf: await csrfOf(page),
        document_type: 'holiday photos',
        document: { name: 'x.pdf', mimeType: 'application/pdf', buffer: pdf({ seed: 'crafted' }) },
      },
    });
    expect(crafted.status()).toBe(400);
    expect(await crafted.text()).toContain('Choose the type of document');

    expect(await documentCount(customerId)).toBe(1);
  });

  it('logs out on the server: the old cookie opens nothing afterwards', async () => {
    const { customerId } = await customerWithApplication(partner);
    const { context, page } = await signedIn(customerId);
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'portal_session');
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('You have logged out');
    await expectAccessible(page);
    expect((await context.cookies()).filter((c) => c.name === 'portal_session')).toEqual([]);
    // The same cookie value, replayed, is refused: the session ended on the server.
    const replay = await newPhoneContext(browser);
    contexts.push(replay);
    await replay.addCookies([{ ...cookie }]);
    const again = await replay.newPage();
    const res = await again.goto(`${server.base}/portal/`);
    expect(res?.status()).toBe(401);
    await expect(again.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Your session has ended');
    await expectAccessible(again);
  });

  it('ends a session after 30 minutes without a request, and 8 hours after it began', async () => {
    const { customerId } = await customerWithApplication(partner);
    const { page } = await signedIn(customerId);
    server.t.clock.advanceDays(29 * MINUTE_DAYS);
    expect((await page.reload())?.status()).toBe(200);
    server.t.clock.advanceDays(29 * MINUTE_DAYS);
    expect((await page.reload())?.status()).toBe(200);
    server.t.clock.advanceDays(31 * MINUTE_DAYS);
    expect((await page.reload())?.status()).toBe(401);

    server.t.clock.set(new Date());
    const second = await signedIn(customerId);
    for (let minutes = 25; minutes < 8 * 60; minutes += 25) {
      server.t.clock.set(new Date(Date.now() + minutes * 60_000));
      expect((await second.page.reload())?.status(), `after ${minutes} minutes`).toBe(200);
    }
    server.t.clock.set(new Date(Date.now() + 8 * 3_600_000 + 60_000));
    expect((await second.page.reload())?.status()).toBe(401);
  });

  it('refuses a form without a valid CSRF token with a 403 page, and changes nothing', async () => {
    const customerId = await createCustomer(partner, {}, { last_12_months_turnover: { amount: 120000, valid_from: '2026-01-01T00:00:00Z' } });
    await apply(partner, customerId);
    const { page } = await signedIn(customerId);
    await page.goto(`${server.base}/portal/company`);
    // The form's own errors first: beside their fields, and accessible.
    await page.getByLabel('Annual turnover (£)').fill('a lot');
    await page.getByLabel('Trading since').fill('2999-01-01');
    await page.getByRole('button', { name: 'Save company details' }).click();
    await expect(page.locator('#field-turnover-error').textContent()).resolves.toContain('as an amount in pounds');
    await expect(page.locator('#field-trading_from_date-error').textContent()).resolves.toContain('today or in the past');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    const form = { turnover: '999999', profit: '1', trading_from_date: '2019-03-01' };
    const missing = await page.request.post(`${server.base}/portal/company`, { form });
    expect(missing.status()).toBe(403);
    expect(await missing.text()).toContain('This form has expired');
    const wrong = await page.request.post(`${server.base}/portal/company`, { form: { ...form, _csrf: 'forged-token' } });
    expect(wrong.status()).toBe(403);
    // A token from another customer's session is no good in this one.
    const other = await signedIn((await customerWithApplication(partner)).customerId);
    await other.page.goto(`${server.base}/portal/company`);
    const borrowed = await page.request.post(`${server.base}/portal/company`, { form: { ...form, _csrf: await csrfOf(other.page) } });
    expect(borrowed.status()).toBe(403);
    const logout = await page.request.post(`${server.base}/portal/logout`, { form: {} });
    expect(logout.status()).toBe(403);
    expectWebSecurityHeaders(missing);
    expect((await partner.get(`/customers/${customerId}/`)).json().data.company.last_12_months_turnover.amount).toBe(120000);
    // The session survived the refused logout; a real form still works.
    expect((await page.goto(`${server.base}/portal/company`))?.status()).toBe(200);
    const ok = await page.request.post(`${server.base}/portal/company`, { form: { ...form, _csrf: await csrfOf(page) }, maxRedirects: 0 });
    expect(ok.status()).toBe(303);
    expect((await partner.get(`/customers/${customerId}/`)).json().data.company.last_12_months_turnover.amount).toBe(999999);
  });

  it("answers another customer's offers and fundings with a 404 page, and changes nothing", async () => {
    const mine = await offeredByPolicy(partner);
    const theirs = await offeredByPolicy(partner);
    const elsewhere = await offeredByPolicy(await server.t.partner({ name: 'Other Brokers' }));
    // Their offer selected and drawn from, so it has a funding.
    await partner.post(`/offers/${theirs.offers[0].offer_id}/select/`, { data: { entity_to_contact: 'customer' } });
    const drawn = await partner.post(`/sandbox/offers/${theirs.offers[0].offer_id}/fundings`, { data: { amount: 1000 } });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const fundingId = drawn.json().data.funding_id;

    const { page } = await signedIn(mine.customerId);
    for (const offerId of [theirs.offers[1].offer_id, elsewhere.offers[0].offer_id, UNKNOWN_UUID]) {
      for (const path of [`/portal/offers/${offerId}`, `/portal/offers/${offerId}/drawdown`, `/portal/offers/${offerId}/schedule.pdf`]) {
        const res = await page.goto(`${server.base}${path}`);
        expect(res?.status(), path).toBe(404);
        expect(res?.headers()['content-type']).toMatch(/^text\/html/);
      }
    }
    expect((await page.goto(`${server.base}/portal/fundings/${fundingId}`))?.status()).toBe(404);
    await expectAccessible(page);
    await page.goto(`${server.base}/portal/`);
    const csrf = await csrfOf(page);
    const select = await page.request.post(`${server.base}/portal/offers/${theirs.offers[1].offer_id}/select`, { form: { _csrf: csrf } });
    expect(select.status()).toBe(404);
    const draw = await page.request.post(`${server.base}/portal/offers/${theirs.offers[0].offer_id}/drawdown`, { form: { _csrf: csrf, amount: '100' } });
    expect(draw.status()).toBe(404);
    const after = (await partner.get(`/applications/${theirs.applicationId}/offers/`)).json().data.offers;
    expect(after.map((o: { status: string }) => o.status).sort()).toEqual(['available', 'funded']);
    expect((await partner.get(`/customers/${theirs.customerId}/applications/latest/`)).json().data.status).toBe('funded');
  });

  it('shows a page for a reused, expired or unknown link, and starts no session', async () => {
    const { customerId } = await customerWithApplication(partner);
    const link = await linkFor(customerId);
    const first = await newPhoneContext(browser);
    contexts.push(first);
    expect((await (await first.newPage()).goto(link))?.status()).toBe(200);
    const context = await newPhoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();

    const reused = await page.goto(link);
    expect(reused?.status()).toBe(410);
    await expect(page.locator('main').textContent()).resolves.toContain('already been used');
    await expectAccessible(page);

    const stale = await linkFor(customerId);
    server.t.clock.advanceDays(1 + MINUTE_DAYS);
    const expired = await page.goto(stale);
    expect(expired?.status()).toBe(410);
    await expect(page.locator('main').textContent()).resolves.toContain('expired');

    const unknown = await page.goto(`${server.base}/portal/login?token=not-a-real-token`);
    expect(unknown?.status()).toBe(404);
    await expect(page.locator('main').textContent()).resolves.toContain('not valid');
    expect(await context.cookies()).toEqual([]);
    expect((await page.goto(`${server.base}/portal/`))?.status()).toBe(401);
  });

  it('sends the security headers on every portal answer, and unknown paths get HTML 404 pages', async () => {
    const { customerId, offers } = await offeredByPolicy(partner);
    const context = await newPhoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    expectWebSecurityHeaders(await page.goto(`${server.base}/portal/`)); // signed out
    expectWebSecurityHeaders(await page.goto(`${server.base}/portal/login?token=x`));
    expectWebSecurityHeaders(await page.goto(await linkFor(customerId)));
    for (const path of [
      '/portal/',
      '/portal/company',
      '/portal/documents',
      `/portal/offers/${offers[0].offer_id}`,
      `/portal/offers/${offers[0].offer_id}/drawdown`,
      `/portal/offers/${offers[0].offer_id}/schedule.pdf`,
    ]) {
      const res = await page.request.get(`${server.base}${path}`);
      expect(res.status(), path).toBe(200);
      expectWebSecurityHeaders(res);
    }
    for (const path of ['/portal/nope', '/portal/offers/not-a-uuid', `/portal/offers/${UNKNOWN_UUID}`, '/portal/company/extra']) {
      const res = await page.goto(`${server.base}${path}`);
      expect(res?.status(), path).toBe(404);
      expect(res?.headers()['content-type'], path).toMatch(/^text\/html/);
      expectWebSecurityHeaders(res);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page not found');
    }
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
  });

  it("stops a suspended partner's links and sessions, and lets them work again once reinstated", async () => {
    const { customerId } = await customerWithApplication(partner);
    const { page } = await signedIn(customerId);
    const pending = await linkFor(customerId);
    expect((await server.t.admin('POST', `/partners/${partner.partnerId}/suspend`)).statusCode).toBe(200);
    try {
      expect((await page.reload())?.status()).toBe(403);
      await expect(page.locator('main').textContent()).resolves.toContain('not available');
      const context = await newPhoneContext(browser);
      contexts.push(context);
      const fresh = await context.newPage();
      expect((await fresh.goto(pending))?.status()).toBe(403);
      await expect(fresh.locator('main').textContent()).resolves.toContain('not available');
      expect(await context.cookies()).toEqual([]);
    } finally {
      expect((await server.t.admin('POST', `/partners/${partner.partnerId}/reinstate`)).statusCode).toBe(200);
    }
    const again = await newPhoneContext(browser);
    contexts.push(again);
    expect((await (await again.newPage()).goto(pending))?.status()).toBe(200);
  });

  it('refuses a drawdown above what remains beside the field, and two at once never draw more than the offer', async () => {
    const { offers, applicationId, customerId } = await offeredByPolicy(partner);
    const offer = offers[0];
    const { page } = await signedIn(customerId);
    await page.goto(`${server.base}/portal/offers/${offer.offer_id}`);
    await page.getByRole('button', { name: 'Select this offer' }).click();
    await page.getByLabel('Amount to draw (£)').fill(String(offer.max_amount + 0.01));
    await page.getByRole('button', { name: 'Draw funds' }).click();
    await expect(page.locator('#field-amount-error').textContent()).resolves.toContain(`at most £${offer.max_amount.toLocaleString('en-GB')}.00`);
    await page.getByLabel('Amount to draw (£)').fill('12.345');
    await page.getByRole('button', { name: 'Draw funds' }).click();
    await expect(page.locator('#field-amount-error').textContent()).resolves.toContain('Enter the amount to draw as an amount in pounds');
    await expectAccessible(page);

    const csrf = await csrfOf(page);
    const half = String(Math.ceil(offer.max_amount * 0.6));
    const both = await Promise.all(
      [half, half].map((amount) =>
        page.request.post(`${server.base}/portal/offers/${offer.offer_id}/drawdown`, { form: { _csrf: csrf, amount }, maxRedirects: 0 }),
      ),
    );
    expect(both.map((r) => r.status()).sort()).toEqual([303, 400]);
    const { rows } = await server.t.testDb.db.query<{ drawn: number }>(
      'SELECT COALESCE(SUM(amount_pence), 0)::int8 AS drawn FROM fundings WHERE offer_id = $1',
      [offer.offer_id],
    );
    expect(rows[0].drawn).toBe(Number(half) * 100);
    expect((await partner.get(`/customers/${customerId}/applications/latest/`)).json().data.application_id).toBe(applicationId);
    expect((await partner.get(`/customers/${customerId}/applications/latest/`)).json().data.status).toBe('funded');
  });
});
