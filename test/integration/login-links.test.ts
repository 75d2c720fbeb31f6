import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { apply, customerWithApplication, offeredByPolicy, selectOffer } from '../helpers/lending.ts';
import { sessionCookie, setCookies } from '../helpers/web-user.ts';

function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

describe.each(BACKENDS)('login links and the portal on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });
  const partner = usePartner(t);

  const loginLink = (customerId: string, query = '', client: PartnerClient = partner) => client.get(`/customers/${customerId}/login_link/${query}`);
  const openLink = (token: string) => t.app.inject({ method: 'GET', url: `/portal/login?token=${encodeURIComponent(token)}` });
  const portal = (path: string, cookie?: string) => t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });

  async function linkFor(customerId: string, query = ''): Promise<string> {
    const res = await loginLink(customerId, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.login_link;
  }

  describe('GET /customers/{id}/login_link/', () => {
    it('answers a single-use link under PUBLIC_BASE_URL/portal/login', async () => {
      const { customerId } = await customerWithApplication(partner);
      const res = await loginLink(customerId);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().data)).toEqual(['login_link']);
      const link: string = res.json().data.login_link;
      expect(link.startsWith(`${t.config.publicBaseUrl}/portal/login?token=`)).toBe(true);
      const token = tokenOf(link);
      expect(token.length).toBeGreaterThanOrEqual(22); // at least 128 bits
      // Only a hash is stored, never the token itself.
      const { rows } = await t.testDb.db.query<{ token_hash: string }>('SELECT token_hash FROM login_tokens WHERE customer_id = $1', [customerId]);
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).not.toContain(token);
      // Every call makes a new link.
      expect(await linkFor(customerId)).not.toBe(link);
    });

    it('answers 400 LoginLinkUnavailable without an application or when the introducer is the contact', async () => {
      const lonely = await createCustomer(partner);
      const none = await loginLink(lonely);
      expect(none.statusCode).toBe(400);
      expect(none.json().errors[0].code).toBe('LoginLinkUnavailable');

      const intro = await t.admin('POST', `/partners/${partner.partnerId}/introducers`, {
        name: 'Broker Ltd',
        email: 'broker@example.com',
        environment: 'sandbox',
      });
      expect(intro.statusCode, intro.body).toBe(201);
      const introducerId = intro.json().data.introducer_id;
      const viaIntroducer = await createCustomer(partner);
      await apply(partner, viaIntroducer, { amount: 20000, introducer: { entity_to_contact: 'introducer', introducer_id: introducerId } });
      const res = await loginLink(viaIntroducer);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('LoginLinkUnavailable');

      // Selecting an offer for the introducer makes the introducer the contact too.
      const { customerId, offers } = await offeredByPolicy(partner);
      expect((await loginLink(customerId)).statusCode).toBe(200);
      await selectOffer(partner, offers[0].offer_id, 'introducer');
      const after = await loginLink(customerId);
      expect(after.statusCode).toBe(400);
      expect(after.json().errors[0].code).toBe('LoginLinkUnavailable');
      const { rows } = await t.testDb.db.query('SELECT 1 FROM login_tokens WHERE customer_id = $1', [viaIntroducer]);
      expect(rows).toHaveLength(0);
    });

    it("checks offer_id: another customer's offer, an unknown or a non-UUID id is a 400 on the parameter", async () => {
      const mine = await offeredByPolicy(partner);
      const theirs = await offeredByPolicy(partner);
      for (const offerId of [theirs.offers[0].offer_id, randomUUID(), 'not-a-uuid']) {
        const res = await loginLink(mine.customerId, `?offer_id=${offerId}`);
        expect(res.statusCode, offerId).toBe(400);
        expect(res.json().errors[0]).toMatchObject({ code: 'ValidationError', source: { parameter: 'offer_id' } });
      }
      const ok = await loginLink(mine.customerId, `?offer_id=${mine.offers[1].offer_id.toUpperCase()}`);
      expect(ok.statusCode, ok.body).toBe(200);
      const { rows } = await t.testDb.db.query<{ offer_id: string }>('SELECT offer_id FROM login_tokens WHERE customer_id = $1', [mine.customerId]);
      expect(rows.map((r) => r.offer_id)).toEqual([mine.offers[1].offer_id]);
    });

    it('answers 404 for another tenant or an unknown customer', async () => {
      const { customerId } = await customerWithApplication(partner);
      const other = await t.partner();
      expect((await loginLink(customerId, '', other)).statusCode).toBe(404);
      expect((await loginLink(randomUUID())).statusCode).toBe(404);
      expect((await loginLink('abc')).statusCode).toBe(404);
    });
  });

  describe('the portal', () => {
    it('opens a link once: a session cookie and a redirect to the application page', async () => {
      const { customerId } = await customerWithApplication(partner);
      const token = tokenOf(await linkFor(customerId));
      const first = await openLink(token);
      expect(first.statusCode).toBe(303);
      expect(first.headers.location).toBe('/portal/');
      const [cookie] = setCookies(first);
      expect(cookie).toMatch(/^portal_session=[^;]+/);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
      expect(cookie).not.toMatch(/;\s*Secure/i); // served over plain http in tests

      const page = await portal('/portal/', sessionCookie(first));
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      // The portal decides an open application on its first visit (docs/behaviour.md, section 8).
      expect(page.body).toContain('data-status="offered"');
      expect(page.body).toContain('£25,000.00');

      const second = await openLink(token);
      expect(second.statusCode).toBeGreaterThanOrEqual(400);
      expect(second.body).toContain('already been used');
      expect(setCookies(second)).toEqual([]);
      expect(second.headers.location).toBeUndefined();
    });

    it('lands on the offer when the link is bound to one, and shows only that customer’s offers', async () => {
      const { customerId, offers } = await offeredByPolicy(partner);
      const other = await offeredByPolicy(partner);
      const token = tokenOf(await linkFor(customerId, `?offer_id=${offers[0].offer_id}`));
      const res = await openLink(token);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/portal/offers/${offers[0].offer_id}`);
      const cookie = sessionCookie(res);
      const offerPage = await portal(`/portal/offers/${offers[0].offer_id}`, cookie);
      expect(offerPage.statusCode).toBe(200);
      expect(offerPage.body).toContain('£50,000.00');
      expect((await portal(`/portal/offers/${other.offers[0].offer_id}`, cookie)).statusCode).toBe(404);
      expect((await portal('/portal/', cookie)).body).toContain('data-status="offered"');
    });

    it('the link from selecting an offer opens on that offer', async () => {
      const { offers } = await offeredByPolicy(partner);
      const { login_link } = await selectOffer(partner, offers[1].offer_id, 'customer');
      const res = await openLink(tokenOf(login_link as string));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/portal/offers/${offers[1].offer_id}`);
    });

    it('refuses a link after 24 hours with a page saying it expired, and no cookie', async () => {
      const { customerId } = await customerWithApplication(partner);
      const token = tokenOf(await linkFor(customerId));
      t.clock.advanceDays(1);
      const res = await openLink(token);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('expired');
      expect(setCookies(res)).toEqual([]);
      expect(res.body).not.toContain('data-status');
    });

    it('still opens a link just under 24 hours old', async () => {
      const { customerId } = await customerWithApplication(partner);
      const token = tokenOf(await linkFor(customerId));
      t.clock.set(new Date(Date.now() + 23 * 3_600_000));
      expect((await openLink(token)).statusCode).toBe(303);
    });

    it('refuses a garbage or missing token with a "not valid" page', async () => {
      for (const url of ['/portal/login?token=garbage', '/portal/login?token=', '/portal/login']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.body).toContain('not valid');
        expect(setCookies(res)).toEqual([]);
      }
    });

    it('opens a link exactly once under concurrent requests', async () => {
      const { customerId } = await customerWithApplication(partner);
      const token = tokenOf(await linkFor(customerId));
      const results = await Promise.all(Array.from({ length: 8 }, () => openLink(token)));
      expect(results.filter((r) => r.statusCode === 303)).toHaveLength(1);
      expect(results.filter((r) => setCookies(r).length > 0)).toHaveLength(1);
    });

    it('asks to log in without a session, with a bogus one, or once the session has ended', async () => {
      const none = await portal('/portal/');
      expect(none.statusCode).toBe(401);
      expect(none.body).toContain('Your session has ended');
      expect(none.body).not.toContain('data-status');
      expect((await portal('/portal/', 'portal_session=bogus')).statusCode).toBe(401);
      const { customerId } = await customerWithApplication(partner);
      const cookie = sessionCookie(await openLink(tokenOf(await linkFor(customerId))));
      expect((await portal('/portal/', cookie)).statusCode).toBe(200);
      t.clock.advanceDays(1);
      expect((await portal('/portal/', cookie)).statusCode).toBe(401);
    });

    it('shows an expired application as expired, even before the sweep', async () => {
      const { customerId, applicationId } = await offeredByPolicy(partner);
      t.clock.advanceDays(31);
      const cookie = sessionCookie(await openLink(tokenOf(await linkFor(customerId))));
      const page = await portal('/portal/', cookie);
      expect(page.body).toContain('data-status="expired"');
      const { rows } = await t.testDb.db.query<{ status: string }>('SELECT status FROM applications WHERE id = $1', [applicationId]);
      expect(rows[0].status).toBe('expired');
    });
  });

  describe('over HTTPS', () => {
    const secure = useTestApp(backend, { env: { PUBLIC_BASE_URL: 'https://lender.example' } });

    it('makes links under the public https address and marks the cookie Secure', async () => {
      const client = await secure.partner();
      const customerId = await createCustomer(client);
      await apply(client, customerId);
      const res = await client.get(`/customers/${customerId}/login_link/`);
      expect(res.statusCode, res.body).toBe(200);
      const link: string = res.json().data.login_link;
      expect(link.startsWith('https://lender.example/portal/login?token=')).toBe(true);
      const opened = await secure.app.inject({ method: 'GET', url: `/portal/login?token=${tokenOf(link)}` });
      expect(opened.statusCode).toBe(303);
      expect(setCookies(opened)[0]).toMatch(/;\s*Secure/i);
      expect(setCookies(opened)[0]).toMatch(/;\s*HttpOnly/i);
    });
  });
});
