/**
 * Portal rules checked through app.inject (docs/behaviour.md, section 8): the page decides exactly once,
 * values are escaped, company details are checked beside their fields, the stylesheet is cached
 * by its hash, and ended sessions are swept.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { apply, decisionRows, eventsFor } from '../helpers/lending.ts';
import { countRows } from '../helpers/foundation.ts';
import { STYLESHEET_PATH } from '../../src/web/assets.ts';
import { sweepEndedSessions } from '../../src/services/web-sessions.ts';
import { contentSecurityPolicy } from '../../src/web/surface.ts';
import { signedInCustomer } from '../helpers/web-user.ts';

describe.each(BACKENDS)('the portal through inject on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });
  const partner = usePartner(t);

  const signIn = (customerId: string) => signedInCustomer(t, partner, customerId);

  it('decides an open application once, as the first offers call would, however many pages load at once', async () => {
    const customerId = await createCustomer(partner);
    const applicationId = await apply(partner, customerId, { amount: 25000 });
    const customer = await signIn(customerId);
    const pages = await Promise.all(Array.from({ length: 6 }, () => customer.get('/portal/')));
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
    const customer = await signIn(customerId);
    for (const path of ['/portal/', '/portal/company']) {
      const page = await customer.get(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<script>');
      expect(page.body).not.toContain('<img src=x');
      expect(page.body).toContain('&lt;script>alert(&quot;x&quot;)&lt;/script>');
    }
  });

  it('checks company details beside their fields, and saves nothing that is wrong', async () => {
    const customerId = await createCustomer(partner);
    await apply(partner, customerId, { amount: 25000 });
    const customer = await signIn(customerId);
    const form = await customer.get('/portal/company');
    expect(form.body).toContain('value="250000"');
    const refused = await customer.post('/portal/company', { turnover: '12.345', profit: 'lots', trading_from_date: '2999-01-01' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('id="field-turnover-error"');
    expect(refused.body).toContain('id="field-profit-error"');
    expect(refused.body).toContain('aria-invalid="true"');
    const future = await customer.post('/portal/company', { turnover: '100', profit: '', trading_from_date: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain('The trading start date must be today or in the past');
    const negative = await customer.post('/portal/company', { turnover: '-5', profit: '', trading_from_date: '2019-01-01' });
    expect(negative.body).toContain('must be £0 or more');
    expect((await partner.get(`/customers/${customerId}/`)).json().data.company.last_12_months_turnover.amount).toBe(250000);

    const saved = await customer.post('/portal/company', { turnover: '1,000,000.10', profit: '-2500', trading_from_date: '01/02/2018' });
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
    expect((await live.get('/portal/')).statusCode).toBe(200);
    expect((await ended.get('/portal/')).statusCode).toBe(401);
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
