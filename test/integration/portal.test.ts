/**
 * Portal rules checked through app.inject (contract section 8): the page decides exactly once,
 * values are escaped, company details are checked beside their fields, the stylesheet is cached
 * by its hash, and ended sessions are swept.
 */
import type { LightMyRequestResponse } from 'fastify';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, startTestApp, type PartnerClient, type TestApp } from '../helpers/app.ts';
import { apply, decisionRows, eventsFor } from '../helpers/lending.ts';
import { countRows } from '../helpers/foundation.ts';
import { STYLESHEET_PATH } from '../../src/web/assets.ts';
import { sweepEndedSessions } from '../../src/services/web-sessions.ts';
import { contentSecurityPolicy } from '../../src/web/surface.ts';

function sessionCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const cookie = (Array.isArray(header) ? header : [header ?? ''])[0];
  return cookie.split(';')[0];
}

function csrfOf(body: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(body);
  if (!match) throw new Error('no CSRF field in the page');
  return match[1];
}

describe.each(BACKENDS)('the portal through inject on %s', (backend) => {
  let t: TestApp;
  let partner: PartnerClient;
  beforeAll(async () => {
    t = await startTestApp(backend);
    partner = await t.partner();
  });
  afterAll(async () => t?.close());
  afterEach(() => t.clock.set(new Date()));

  async function signIn(customerId: string): Promise<string> {
    const link = (await partner.get(`/customers/${customerId}/login_link/`)).json().data.login_link as string;
    const opened = await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect(opened.statusCode).toBe(303);
    return sessionCookie(opened);
  }

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const postForm = (url: string, cookie: string, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('decides an open application once, as the first offers call would, however many pages load at once', async () => {
    const customerId = await createCustomer(partner);
    const applicationId = await apply(partner, customerId, { amount: 25000 });
    const cookie = await signIn(customerId);
    const pages = await Promise.all(Array.from({ length: 6 }, () => get('/portal/', cookie)));
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('data-status="offered"');
    }
    const decisions = await decisionRows(t, applicationId);
    expect(decisions).toHaveLength(1);
    expect(decisions[0].decided_by).toBe('policy');
    expect(await eventsFor(t, { applicationId }, 'application_offered')).toHaveLength(1);
    const offers = (await partner.get(`/applications/${applicationId}/offers/`)).json().data;
    expect(offers.offer_creation_status).toBe('offers_available');
    expect(await decisionRows(t, applicationId)).toHaveLength(1);
  });

  it('escapes what partners and customers typed', async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const customerId = await createCustomer(partner, {}, { registered_company_name: hostile });
    await apply(partner, customerId, { amount: 25000 });
    const cookie = await signIn(customerId);
    for (const path of ['/portal/', '/portal/company']) {
      const page = await get(path, cookie);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<script>');
      expect(page.body).not.toContain('<img src=x');
      expect(page.body).toContain('&lt;script>alert(&quot;x&quot;)&lt;/script>');
    }
  });

  it('checks company details beside their fields, and saves nothing that is wrong', async () => {
    const customerId = await createCustomer(partner);
    await apply(partner, customerId, { amount: 25000 });
    const cookie = await signIn(customerId);
    const form = await get('/portal/company', cookie);
    expect(form.body).toContain('value="250000"');
    const csrf = csrfOf(form.body);
    const refused = await postForm('/portal/company', cookie, { _csrf: csrf, turnover: '12.345', profit: 'lots', trading_from_date: '2999-01-01' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('id="field-turnover-error"');
    expect(refused.body).toContain('id="field-profit-error"');
    expect(refused.body).toContain('aria-invalid="true"');
    const future = await postForm('/portal/company', cookie, { _csrf: csrf, turnover: '100', profit: '', trading_from_date: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain('The trading start date must be today or in the past');
    const negative = await postForm('/portal/company', cookie, { _csrf: csrf, turnover: '-5', profit: '', trading_from_date: '2019-01-01' });
    expect(negative.body).toContain('must be £0 or more');
    expect((await partner.get(`/customers/${customerId}/`)).json().data.company.last_12_months_turnover.amount).toBe(250000);

    const saved = await postForm('/portal/company', cookie, { _csrf: csrf, turnover: '1,000,000.10', profit: '-2500', trading_from_date: '01/02/2018' });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/portal/?saved=company');
    const company = (await partner.get(`/customers/${customerId}/`)).json().data.company;
    expect(company.last_12_months_turnover.amount).toBe(1000000.1);
    expect(company.last_12_months_profit.amount).toBe(-2500);
    expect(company.trading_from_date).toBe('2018-02-01');
    expect(company.registered_company_name).toBe('Acme Widgets Ltd');
  });

  it('answers unknown and unreadable portal paths, whatever the method, with an HTML 404 page and the headers', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/portal/' });
    expect(signedOut.headers['content-security-policy']).toBe(contentSecurityPolicy());
    for (const [method, url] of [
      ['GET', '/portal/%zz'],
      ['GET', '/portal/offers/%E0%A4%A'],
      ['DELETE', '/portal/'],
      ['POST', '/portal/nothing-here'],
      ['PUT', '/portal/company/x'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy());
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('Page not found');
    }
  });

  it('serves the stylesheet under its content hash with a year-long cache', async () => {
    expect(STYLESHEET_PATH).toMatch(/^\/assets\/site\.[0-9a-f]{12}\.css$/);
    const css = await t.app.inject({ method: 'GET', url: STYLESHEET_PATH });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toContain('--brand');
    expect((await t.app.inject({ method: 'GET', url: '/assets/site.000000000000.css' })).statusCode).toBe(404);
  });

  it('sweeps sessions that ended, and only those', async () => {
    const customerId = await createCustomer(partner);
    await apply(partner, customerId, { amount: 25000 });
    const before = await countRows(t, 'web_sessions');
    const ended = await signIn(customerId);
    t.clock.advanceDays(1);
    const live = await signIn(customerId);
    const swept = await sweepEndedSessions(t.app.ctx);
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await countRows(t, 'web_sessions')).toBeLessThanOrEqual(before + 1);
    expect((await get('/portal/', live)).statusCode).toBe(200);
    expect((await get('/portal/', ended)).statusCode).toBe(401);
  });
});

describe('templates escape by default', () => {
  it('no source file writes raw HTML from a value', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts') && /dangerouslySetInnerHTML|innerHTML\s*=|outerHTML\s*=/.test(readFileSync(path, 'utf8'))) offenders.push(path);
      }
    };
    walk('src');
    expect(offenders).toEqual([]);
  });
});
