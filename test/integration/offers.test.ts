import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, customerBody, usePartner, useTestApp, type TestApp } from '../helpers/app.ts';
import { payloadKeys } from '../helpers/event-payloads.ts';
import {
  apply,
  customerWithApplication,
  DAY_MS,
  decisionRows,
  eventsFor,
  getOffers,
  insertIndicativeOffer,
  latestApplication,
  offeredByPolicy,
  selectOffer,
  storedOfferStatuses,
  storedStatus,
  type OfferJson,
} from '../helpers/lending.ts';
import { sweepExpiredOffers, sweepInactiveApplications } from '../../src/services/sweeps.ts';
import { UUID } from '../helpers/foundation.ts';

const OFFER_KEYS = [
  'apr',
  'data_requirements',
  'duration',
  'duration_in_days',
  'expires_at',
  'fee_percentage',
  'is_suggested',
  'max_amount',
  'monthly_interest_percentage',
  'offer_id',
  'offer_type',
  'product_type',
  'status',
];

function byProduct(offers: OfferJson[], product: 'flexi_loan' | 'business_loan'): OfferJson {
  const found = offers.find((o) => o.product_type === product);
  if (!found) throw new Error(`no ${product} offer in ${JSON.stringify(offers)}`);
  return found;
}

/** YYYY-MM-DD `months` months before the test clock's today (UTC date is close enough for trading dates). */
function monthsAgo(t: TestApp, months: number): string {
  const d = t.clock.now();
  const shifted = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1));
  return shifted.toISOString().slice(0, 10);
}

describe.each(BACKENDS)('offers and decisions on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });
  const partner = usePartner(t);

  describe('GET /applications/{id}/offers/', () => {
    it('decides on the first call and answers two confirmed offers exactly as docs/behaviour.md, section 7 says', async () => {
      const { customerId, applicationId } = await customerWithApplication(partner, { customer: { external_customer_id: 'offers-ext-1' } });
      const res = await partner.get(`/applications/${applicationId}/offers/`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.offer_creation_status).toBe('offers_available');
      expect(data.offers).toHaveLength(2);
      for (const offer of data.offers as OfferJson[]) {
        expect(Object.keys(offer).sort()).toEqual(OFFER_KEYS);
        expect(offer.offer_id).toMatch(UUID);
        expect(offer.offer_type).toBe('confirmed');
        expect(offer.status).toBe('available');
        expect(offer.data_requirements).toEqual([]);
        expect(offer.duration).toEqual({ amount: offer.duration_in_days, unit: 'days' });
        expect(offer.expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      }
      // Turnover 250,000, no bank statement: L = 20 % = 50,000. Trading since 2019, profit unknown: band 3.0.
      const flexi = byProduct(data.offers, 'flexi_loan');
      const business = byProduct(data.offers, 'business_loan');
      expect(flexi).toMatchObject({
        max_amount: 50000,
        monthly_interest_percentage: 3,
        fee_percentage: 0,
        duration: { amount: 365, unit: 'days' },
        duration_in_days: 365,
        is_suggested: true,
        // docs/behaviour.md, section 23: no fee, so the APR is 1.03^12 - 1 = 42.58 %, shown 42.6.
        apr: 42.6,
      });
      expect(business).toMatchObject({
        max_amount: 50000,
        monthly_interest_percentage: 2.5,
        fee_percentage: 2.5,
        duration: { amount: 730, unit: 'days' },
        duration_in_days: 730,
        is_suggested: false,
        // 2.5 % a month with the 1,250 fee in the first repayment: 38.37 % (a plain bisection over
        // the 24 repayments, apart from the code), shown 38.4.
        apr: 38.4,
      });

      // The stored decision holds the inputs and the outcome.
      const decisions = await decisionRows(t, applicationId);
      expect(decisions).toHaveLength(1);
      const [decision] = decisions;
      expect(decision.decided_by).toBe('policy');
      expect(decision.policy).toBe('default');
      expect(decision.inputs).toMatchObject({
        turnoverPence: 25_000_000,
        profitPence: null,
        tradingFromDate: '2019-03-01',
        applicantDateOfBirth: '1980-12-10',
        amountPence: 2_500_000,
        hasAcceptedBankStatement: false,
        firstRequestDurationDays: null,
      });
      expect(decision.outcome).toMatchObject({ outcome: 'offered', rule: 7, limitPence: 5_000_000 });

      // Offers expire 30 days after the decision.
      const { rows } = await t.testDb.db.query<{ created_at: Date }>('SELECT created_at FROM decisions WHERE id = $1', [decision.id]);
      for (const offer of data.offers as OfferJson[]) {
        expect(new Date(offer.expires_at).getTime() - rows[0].created_at.getTime()).toBe(30 * DAY_MS);
      }

      const latest = await latestApplication(partner, customerId);
      expect(latest).toMatchObject({ status: 'offered', is_closed: true });
      expect(await storedStatus(t, applicationId)).toBe('offered');
    });

    it('answers later calls from storage without deciding again', async () => {
      const { applicationId, offers } = await offeredByPolicy(partner);
      const again = await getOffers(partner, applicationId);
      const third = await getOffers(partner, applicationId);
      expect(again.offers).toEqual(offers);
      expect(third.offers).toEqual(offers);
      expect(await decisionRows(t, applicationId)).toHaveLength(1);
      const { rows } = await t.testDb.db.query('SELECT id FROM offers WHERE application_id = $1', [applicationId]);
      expect(rows).toHaveLength(2);
      expect(await eventsFor(t, { applicationId }, 'application_offered')).toHaveLength(1);
    });

    it('uses the 2.0 band with profit and 36 months, and suggests the offer nearest the requested duration', async () => {
      const { offers } = await offeredByPolicy(partner, {
        company: { last_12_months_profit: { amount: 12000, valid_from: '2026-01-01T00:00:00Z' } },
        application: { amount: 20000, requests: [{ amount: 20000, duration: { amount: 24, unit: 'months' } }] },
      });
      expect(byProduct(offers, 'flexi_loan')).toMatchObject({ monthly_interest_percentage: 2, is_suggested: false });
      expect(byProduct(offers, 'business_loan')).toMatchObject({ monthly_interest_percentage: 1.5, is_suggested: true });
    });

    it('uses the 4.5 band for a loss-making business and never offers more than 1,000,000', async () => {
      const { offers } = await offeredByPolicy(partner, {
        company: {
          last_12_months_turnover: { amount: 9_000_000, valid_from: '2026-01-01T00:00:00Z' },
          last_12_months_profit: { amount: -500, valid_from: '2026-01-01T00:00:00Z' },
        },
        application: { amount: 40000 },
      });
      expect(byProduct(offers, 'flexi_loan')).toMatchObject({ monthly_interest_percentage: 4.5, max_amount: 1_000_000 });
      expect(byProduct(offers, 'business_loan')).toMatchObject({ monthly_interest_percentage: 4, max_amount: 1_000_000 });
    });

    it('declines a business trading under 6 months', async () => {
      const { customerId, applicationId } = await customerWithApplication(partner, { company: { trading_from_date: monthsAgo(t, 3) } });
      const answer = await getOffers(partner, applicationId);
      expect(answer).toMatchObject({ offer_creation_status: 'no_offers', offers: [] });
      expect((await latestApplication(partner, customerId)).status).toBe('declined');
      const [decision] = await decisionRows(t, applicationId);
      expect(decision.outcome).toMatchObject({ outcome: 'declined', rule: 1 });
      expect(await eventsFor(t, { applicationId }, 'application_declined')).toHaveLength(1);
    });

    it('declines a turnover under 10,000', async () => {
      const { applicationId } = await customerWithApplication(partner, {
        company: { last_12_months_turnover: { amount: 9999.99, valid_from: '2026-01-01T00:00:00Z' } },
      });
      expect((await getOffers(partner, applicationId)).offer_creation_status).toBe('no_offers');
      expect(await storedStatus(t, applicationId)).toBe('declined');
    });

    it('asks for the turnover (action_required), then decides again after PUT customer moves the application back to open', async () => {
      const company = { last_12_months_turnover: undefined };
      const { customerId, applicationId } = await customerWithApplication(partner, { company });
      const first = await getOffers(partner, applicationId);
      expect(first.offer_creation_status).toBe('action_required');
      expect(first.offers).toEqual([]);
      expect(first.data_requirements).toEqual([{ category: 'company_data', actions: [{ name: 'provide_turnover' }] }]);
      expect(await storedStatus(t, applicationId)).toBe('action_required');

      // Still action_required: answered from storage.
      const second = await getOffers(partner, applicationId);
      expect(second.offer_creation_status).toBe('action_required');
      expect(await decisionRows(t, applicationId)).toHaveLength(1);

      const put = await partner.request('PUT', `/customers/${customerId}/`, customerBody());
      expect(put.statusCode, put.body).toBe(200);
      expect((await latestApplication(partner, customerId)).status).toBe('open');

      const third = await getOffers(partner, applicationId);
      expect(third.offer_creation_status).toBe('offers_available');
      expect(third.offers).toHaveLength(2);
      const decisions = await decisionRows(t, applicationId);
      expect(decisions.map((d) => d.outcome.outcome)).toEqual(['action_required', 'offered']);
      expect(decisions[0].inputs).toMatchObject({ turnoverPence: null });
      expect(decisions[1].inputs).toMatchObject({ turnoverPence: 25_000_000 });
    });

    it('decides again after PATCH application moves an action_required application back to open', async () => {
      const { customerId, applicationId } = await customerWithApplication(partner, { application: { amount: 60000 } });
      expect((await getOffers(partner, applicationId)).offer_creation_status).toBe('action_required');
      const patch = await partner.request('PATCH', `/customers/${customerId}/applications/latest/`, { data: { requests: [{ amount: 40000 }] } });
      expect(patch.statusCode, patch.body).toBe(202);
      expect(await storedStatus(t, applicationId)).toBe('open');
      const answer = await getOffers(partner, applicationId);
      expect(answer.offer_creation_status).toBe('offers_available');
      const decisions = await decisionRows(t, applicationId);
      expect(decisions.map((d) => d.outcome.outcome)).toEqual(['action_required', 'offered']);
      expect(decisions[1].inputs).toMatchObject({ amountPence: 4_000_000 });
    });

    it('declines an applicant under 18 and asks for a missing date of birth', async () => {
      const today = t.clock.now();
      const young = `${today.getUTCFullYear() - 17}-01-01`;
      const minor = await customerWithApplication(partner, {
        customer: { people: [{ first_name: 'Kid', last_name: 'Doe', date_of_birth: young, roles: ['applicant', 'director', 'guarantor'] }] },
      });
      expect((await getOffers(partner, minor.applicationId)).offer_creation_status).toBe('no_offers');
      expect(await storedStatus(t, minor.applicationId)).toBe('declined');
      expect((await decisionRows(t, minor.applicationId))[0].outcome).toMatchObject({ outcome: 'declined', rule: 1 });

      const noDob = await customerWithApplication(partner, {
        customer: { people: [{ first_name: 'Ann', last_name: 'Doe', roles: ['applicant', 'director', 'guarantor'] }] },
      });
      const answer = await getOffers(partner, noDob.applicationId);
      expect(answer.offer_creation_status).toBe('action_required');
      expect(answer.data_requirements).toContainEqual({ category: 'applicant_data', actions: [{ name: 'provide_date_of_birth' }] });
    });

    it('asks for bank statements above 50,000 and sends amounts above 250,000 to an underwriter', async () => {
      const docs = await customerWithApplication(partner, { application: { amount: 60000 } });
      const needDocs = await getOffers(partner, docs.applicationId);
      expect(needDocs.offer_creation_status).toBe('action_required');
      expect(needDocs.data_requirements).toEqual([{ category: 'documents', actions: [{ name: 'upload_bank_statements' }] }]);

      const big = await customerWithApplication(partner, { application: { amount: 300000 } });
      const pending = await getOffers(partner, big.applicationId);
      expect(pending).toMatchObject({ offer_creation_status: 'pending_underwriting', offers: [] });
      expect(await storedStatus(t, big.applicationId)).toBe('awaiting_underwriter');
      // Later calls do not decide again.
      expect((await getOffers(partner, big.applicationId)).offer_creation_status).toBe('pending_underwriting');
      expect(await decisionRows(t, big.applicationId)).toHaveLength(1);

      const start = await t.admin('POST', `/applications/${big.applicationId}/start_review`);
      expect(start.statusCode, start.body).toBe(200);
      expect((await getOffers(partner, big.applicationId)).offer_creation_status).toBe('pending_underwriting');
    });

    it('decides exactly once for 10 concurrent first calls', async () => {
      const { applicationId } = await customerWithApplication(partner);
      const answers = await Promise.all(Array.from({ length: 10 }, () => partner.get(`/applications/${applicationId}/offers/`)));
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      expect(await decisionRows(t, applicationId)).toHaveLength(1);
      const { rows } = await t.testDb.db.query<{ id: string }>('SELECT id FROM offers WHERE application_id = $1 ORDER BY id', [applicationId]);
      expect(rows).toHaveLength(2);
      const ids = rows.map((r) => r.id);
      for (const res of answers) {
        expect(res.json().data.offer_creation_status).toBe('offers_available');
        expect((res.json().data.offers as OfferJson[]).map((o) => o.offer_id).sort()).toEqual(ids);
      }
      expect(await eventsFor(t, { applicationId }, 'application_offered')).toHaveLength(1);
      expect(await eventsFor(t, { applicationId }, 'application_status_changed')).toHaveLength(1);
    });

    it('answers 404 for another tenant, another environment, an unknown or a non-UUID id', async () => {
      const { applicationId } = await customerWithApplication(partner);
      const other = await t.partner();
      expect((await other.get(`/applications/${applicationId}/offers/`)).statusCode).toBe(404);
      const production = await t.token(partner.partnerId, 'production');
      const res = await production.get(`/applications/${applicationId}/offers/`);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe('NotFound');
      expect((await partner.get(`/applications/${randomUUID()}/offers/`)).statusCode).toBe(404);
      expect((await partner.get('/applications/not-a-uuid/offers/')).statusCode).toBe(404);
      // Nothing was decided by those calls.
      expect(await decisionRows(t, applicationId)).toHaveLength(0);
      expect(await storedStatus(t, applicationId)).toBe('open');
    });

    it('lists an indicative offer with the next application; it cannot be selected', async () => {
      const customerId = await createCustomer(partner);
      const indicativeId = await insertIndicativeOffer(t, partner, customerId, null);
      const applicationId = await apply(partner, customerId);
      const answer = await getOffers(partner, applicationId);
      expect(answer.offers).toHaveLength(3);
      const indicative = answer.offers.find((o) => o.offer_id === indicativeId);
      expect(indicative).toMatchObject({ offer_type: 'indicative', status: 'available' });
      // The APR is stated on confirmed offers only (docs/behaviour.md, section 23).
      expect(indicative).not.toHaveProperty('apr');
      const res = await partner.post(`/offers/${indicativeId}/select/`, { data: { entity_to_contact: 'customer' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('OfferNotSelectable');
    });
  });

  describe('expiry', () => {
    it('reads offers and the application as expired after 30 days, even before the sweep', async () => {
      const { customerId, applicationId } = await offeredByPolicy(partner, { customer: { external_customer_id: 'expiry-ext' } });
      t.clock.advanceDays(31);
      const latest = await latestApplication(partner, customerId);
      expect(latest).toMatchObject({ status: 'expired', is_closed: true });
      const answer = await getOffers(partner, applicationId);
      expect(answer.offers.map((o) => o.status)).toEqual(['expired', 'expired']);
      expect(await storedStatus(t, applicationId)).toBe('expired');
      expect(Object.values(await storedOfferStatuses(t, applicationId))).toEqual(['expired', 'expired']);
      const changes = await eventsFor(t, { applicationId }, 'application_status_changed');
      expect(changes.map((e) => [e.payload.previous_status, e.payload.status])).toEqual([
        ['open', 'offered'],
        ['offered', 'expired'],
      ]);
      expect(changes[1].payload).toMatchObject({ application_id: applicationId, customer_id: customerId, external_customer_id: 'expiry-ext' });
    });

    it('reads the offers as expired through GET offers first', async () => {
      const { customerId, applicationId } = await offeredByPolicy(partner);
      t.clock.advanceDays(31);
      const answer = await getOffers(partner, applicationId);
      expect(answer.offers.every((o) => o.status === 'expired')).toBe(true);
      expect((await latestApplication(partner, customerId)).status).toBe('expired');
      // Settled once: one status change into expired.
      const into = (await eventsFor(t, { applicationId }, 'application_status_changed')).filter((e) => e.payload.status === 'expired');
      expect(into).toHaveLength(1);
    });

    it('does not expire before 30 days', async () => {
      const { customerId, applicationId } = await offeredByPolicy(partner);
      t.clock.advanceDays(29);
      expect((await latestApplication(partner, customerId)).status).toBe('offered');
      expect((await getOffers(partner, applicationId)).offers.map((o) => o.status)).toEqual(['available', 'available']);
      expect(await sweepExpiredOffers(t.app.ctx)).toBe(0);
    });

    it('sweepExpiredOffers moves an offered application to expired and writes application_status_changed', async () => {
      const { applicationId } = await offeredByPolicy(partner);
      const { offers } = await offeredByPolicy(partner);
      await selectOffer(partner, offers[0].offer_id, 'introducer');
      t.clock.advanceDays(31);
      const moved = await sweepExpiredOffers(t.app.ctx);
      expect(moved).toBeGreaterThanOrEqual(2);
      expect(await storedStatus(t, applicationId)).toBe('expired');
      expect(Object.values(await storedOfferStatuses(t, applicationId))).toEqual(['expired', 'expired']);
      const [changed] = (await eventsFor(t, { applicationId }, 'application_status_changed')).filter((e) => e.payload.status === 'expired');
      expect(changed.payload).toMatchObject({ application_id: applicationId, previous_status: 'offered', status: 'expired' });
      // Stamped with the service clock (31 days ahead), not the wall clock.
      expect(Date.parse(String(changed.payload.changed_at))).toBeGreaterThan(Date.now() + 30 * DAY_MS);
      // A second sweep has nothing left to do.
      expect(await sweepExpiredOffers(t.app.ctx)).toBe(0);
      const into = (await eventsFor(t, { applicationId }, 'application_status_changed')).filter((e) => e.payload.status === 'expired');
      expect(into).toHaveLength(1);
    });

    it('never expires a funded application', async () => {
      const { applicationId, offers } = await offeredByPolicy(partner);
      await selectOffer(partner, offers[0].offer_id, 'introducer');
      const funding = await partner.post(`/sandbox/offers/${offers[0].offer_id}/fundings`, { data: { amount: 1000 } });
      expect(funding.statusCode, funding.body).toBe(201);
      t.clock.advanceDays(31);
      await sweepExpiredOffers(t.app.ctx);
      expect(await storedStatus(t, applicationId)).toBe('funded');
      const statuses = await storedOfferStatuses(t, applicationId);
      expect(statuses[offers[0].offer_id]).toBe('funded');
    });

    it('sweepInactiveApplications defers an open application after 90 days without activity', async () => {
      const { customerId, applicationId } = await customerWithApplication(partner, { customer: { external_customer_id: 'inactive-ext' } });
      const awaiting = await customerWithApplication(partner, { application: { amount: 300000 } });
      await getOffers(partner, awaiting.applicationId);
      t.clock.advanceDays(89);
      await sweepInactiveApplications(t.app.ctx);
      expect(await storedStatus(t, applicationId)).toBe('open');
      t.clock.advanceDays(2);
      const moved = await sweepInactiveApplications(t.app.ctx);
      expect(moved).toBeGreaterThanOrEqual(2);
      expect((await latestApplication(partner, customerId)).status).toBe('deferred');
      expect(await storedStatus(t, awaiting.applicationId)).toBe('deferred');
      const deferred = await eventsFor(t, { applicationId }, 'application_deferred');
      expect(deferred).toHaveLength(1);
      expect(Object.keys(deferred[0].payload).sort()).toEqual(payloadKeys('application_deferred'));
      expect(deferred[0].payload).toMatchObject({ application_id: applicationId, customer_id: customerId, external_customer_id: 'inactive-ext' });
      expect(Date.parse(String(deferred[0].payload.deferred_at))).toBeGreaterThan(Date.now() + 90 * DAY_MS);
      expect(await sweepInactiveApplications(t.app.ctx)).toBe(0);
    });

    it('does not defer an application with recent activity', async () => {
      const { customerId, applicationId } = await customerWithApplication(partner);
      t.clock.advanceDays(60);
      const patch = await partner.request('PATCH', `/customers/${customerId}/applications/latest/`, { data: { requests: [{ amount: 20000 }] } });
      expect(patch.statusCode, patch.body).toBe(202);
      t.clock.advanceDays(60);
      await sweepInactiveApplications(t.app.ctx);
      expect(await storedStatus(t, applicationId)).toBe('open');
    });
  });

  describe('POST /offers/{id}/select/', () => {
    it('selects a confirmed offer, answers a login link for the customer, and puts another selected offer back', async () => {
      const { customerId, applicationId, offers } = await offeredByPolicy(partner);
      const [flexi, business] = [byProduct(offers, 'flexi_loan'), byProduct(offers, 'business_loan')];
      const first = await partner.post(`/offers/${flexi.offer_id}/select/`, { data: { entity_to_contact: 'customer' } });
      expect(first.statusCode).toBe(200);
      expect(Object.keys(first.json().data)).toEqual(['login_link']);
      expect(first.json().data.login_link).toMatch(new RegExp(`^${t.config.publicBaseUrl.replace(/[.]/g, '\\.')}/portal/login\\?token=[A-Za-z0-9_-]{20,}$`));
      let statuses = await storedOfferStatuses(t, applicationId);
      expect(statuses).toEqual({ [flexi.offer_id]: 'selected', [business.offer_id]: 'available' });

      // Selecting again is fine; selecting the other puts the first back to available.
      await selectOffer(partner, flexi.offer_id);
      await selectOffer(partner, business.offer_id);
      statuses = await storedOfferStatuses(t, applicationId);
      expect(statuses).toEqual({ [flexi.offer_id]: 'available', [business.offer_id]: 'selected' });
      const view = await getOffers(partner, applicationId);
      expect(byProduct(view.offers, 'business_loan').status).toBe('selected');
      expect(byProduct(view.offers, 'flexi_loan').status).toBe('available');
      expect((await latestApplication(partner, customerId)).introducer.entity_to_contact).toBe('customer');
    });

    it('leaves exactly one offer selected when selections race', async () => {
      const { applicationId, offers } = await offeredByPolicy(partner);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => partner.post(`/offers/${offers[i % 2].offer_id}/select/`, { data: { entity_to_contact: 'introducer' } })),
      );
      for (const res of results) expect(res.statusCode, res.body).toBe(200);
      expect(Object.values(await storedOfferStatuses(t, applicationId)).sort()).toEqual(['available', 'selected']);
    });

    it('answers {data: {}} for the introducer and makes the introducer the contact', async () => {
      const { customerId, offers } = await offeredByPolicy(partner);
      const res = await partner.post(`/offers/${offers[0].offer_id}/select/`, { data: { entity_to_contact: 'introducer' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: {} });
      expect((await latestApplication(partner, customerId)).introducer.entity_to_contact).toBe('introducer');
      // And back to the customer.
      const back = await selectOffer(partner, offers[0].offer_id, 'customer');
      expect(back.login_link).toBeTruthy();
      expect((await latestApplication(partner, customerId)).introducer.entity_to_contact).toBe('customer');
    });

    it('refuses expired, revoked and funded-application offers with OfferNotSelectable', async () => {
      const expired = await offeredByPolicy(partner);
      const revoked = await offeredByPolicy(partner);
      const funded = await offeredByPolicy(partner);

      const revoke = await t.admin('POST', `/offers/${revoked.offers[0].offer_id}/revoke`);
      expect(revoke.statusCode, revoke.body).toBe(200);
      await selectOffer(partner, funded.offers[0].offer_id, 'introducer');
      const draw = await partner.post(`/sandbox/offers/${funded.offers[0].offer_id}/fundings`, { data: { amount: 100 } });
      expect(draw.statusCode, draw.body).toBe(201);

      for (const offerId of [revoked.offers[0].offer_id, revoked.offers[1].offer_id, funded.offers[0].offer_id, funded.offers[1].offer_id]) {
        const res = await partner.post(`/offers/${offerId}/select/`, { data: { entity_to_contact: 'customer' } });
        expect(res.statusCode, offerId).toBe(400);
        expect(res.json().errors[0].code).toBe('OfferNotSelectable');
      }
      expect((await storedOfferStatuses(t, funded.applicationId))[funded.offers[0].offer_id]).toBe('funded');

      t.clock.advanceDays(31);
      const res = await partner.post(`/offers/${expired.offers[0].offer_id}/select/`, { data: { entity_to_contact: 'customer' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('OfferNotSelectable');
      expect(await storedStatus(t, expired.applicationId)).toBe('expired');
    });

    it('refuses an offer whose application is not offered', async () => {
      const { applicationId, offers } = await offeredByPolicy(partner);
      await t.testDb.db.query(`UPDATE applications SET status = 'declined' WHERE id = $1`, [applicationId]);
      const res = await partner.post(`/offers/${offers[0].offer_id}/select/`, { data: { entity_to_contact: 'customer' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('OfferNotSelectable');
    });

    it('answers 400 with a pointer for a bad body, 404 for other tenants and unknown ids', async () => {
      const { applicationId, offers } = await offeredByPolicy(partner);
      const id = offers[0].offer_id;
      const badValue = await partner.post(`/offers/${id}/select/`, { data: { entity_to_contact: 'nobody' } });
      expect(badValue.statusCode).toBe(400);
      expect(badValue.json().errors[0]).toMatchObject({ code: 'ValidationError', source: { pointer: '/data/entity_to_contact' } });
      const missing = await partner.post(`/offers/${id}/select/`, { data: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0].source.pointer).toBe('/data/entity_to_contact');
      const extra = await partner.post(`/offers/${id}/select/`, { data: { entity_to_contact: 'customer', colour: 'blue' } });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain('/data/colour');
      const unwrapped = await partner.post(`/offers/${id}/select/`, { entity_to_contact: 'customer' });
      expect(unwrapped.statusCode).toBe(400);
      expect(unwrapped.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain('/data');
      // Nothing changed.
      expect(Object.values(await storedOfferStatuses(t, applicationId))).toEqual(['available', 'available']);

      const other = await t.partner();
      const foreign = await other.post(`/offers/${id}/select/`, { data: { entity_to_contact: 'customer' } });
      expect(foreign.statusCode).toBe(404);
      expect((await partner.post(`/offers/${randomUUID()}/select/`, { data: { entity_to_contact: 'customer' } })).statusCode).toBe(404);
      expect((await partner.post('/offers/nope/select/', { data: { entity_to_contact: 'customer' } })).statusCode).toBe(404);
    });
  });
});
