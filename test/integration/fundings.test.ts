import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import {
  apply,
  eventsFor,
  getOffers,
  insertIndicativeOffer,
  latestApplication,
  offeredBySandbox,
  selectOffer,
  storedOfferStatuses,
  storedStatus,
  type OfferTermsJson,
} from '../helpers/lending.ts';

const FUNDING_KEYS = [
  'application_id',
  'customer_id',
  'funding_amount',
  'funding_created_at',
  'funding_fee_amount',
  'funding_id',
  'offer_id',
  'offer_max_amount',
  'paid_to',
];

const BUSINESS_1000: OfferTermsJson = {
  product_type: 'business_loan',
  max_amount: 1000,
  monthly_interest_percentage: 3,
  fee_percentage: 2.5,
  duration_in_days: 365,
};
const FLEXI_1000: OfferTermsJson = { ...BUSINESS_1000, product_type: 'flexi_loan', fee_percentage: 0 };

describe.each(BACKENDS)('fundings on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });
  const partner = usePartner(t);

  /** An offered application with the business offer (fee 2.5 %) selected. */
  async function selected(terms: OfferTermsJson[] = [BUSINESS_1000, FLEXI_1000], customer: Record<string, unknown> = {}) {
    const made = await offeredBySandbox(partner, terms, { customer, application: { amount: 1000 } });
    const offer = made.offers.find((o) => o.product_type === terms[0].product_type) ?? made.offers[0];
    await selectOffer(partner, offer.offer_id, 'introducer');
    return { ...made, offer, other: made.offers.find((o) => o.offer_id !== offer.offer_id) };
  }

  const draw = (offerId: string, amount: unknown, client: PartnerClient = partner) => client.post(`/sandbox/offers/${offerId}/fundings`, { data: { amount } });

  it('draws from a selected offer: 201 with the funding, offer and application move to funded', async () => {
    const { customerId, applicationId, offer, other } = await selected();
    const res = await draw(offer.offer_id, 400);
    expect(res.statusCode, res.body).toBe(201);
    const funding = res.json().data;
    expect(Object.keys(funding).sort()).toEqual(FUNDING_KEYS);
    expect(funding).toMatchObject({
      offer_id: offer.offer_id,
      application_id: applicationId,
      customer_id: customerId,
      funding_amount: 400,
      funding_fee_amount: 10,
      offer_max_amount: 1000,
    });
    expect(await storedStatus(t, applicationId)).toBe('funded');
    const statuses = await storedOfferStatuses(t, applicationId);
    expect(statuses[offer.offer_id]).toBe('funded');
    expect(statuses[other!.offer_id]).toBe('available');
    expect((await latestApplication(partner, customerId)).status).toBe('funded');
    const offersView = await getOffers(partner, applicationId);
    expect(offersView.offer_creation_status).toBe('offers_available');
    expect(offersView.offers.find((o) => o.offer_id === offer.offer_id)?.status).toBe('funded');
    const changes = await eventsFor(t, { applicationId }, 'application_status_changed');
    expect(changes.map((e) => [e.payload.previous_status, e.payload.status])).toEqual([
      ['open', 'offered'],
      ['offered', 'funded'],
    ]);
  });

  it('rounds the fee half-even to the penny', async () => {
    const { applicationId, offer } = await selected();
    // 2.5 % of 1.00 = 0.025 -> 0.02 (half-up would say 0.03); of 3.00 = 0.075 -> 0.08; of 0.10 = 0.0025 -> 0.00;
    // of 0.30 = 0.0075 -> 0.01; of 10.10 = 0.2525 -> 0.25.
    const cases: [number, number][] = [
      [1, 0.02],
      [3, 0.08],
      [0.1, 0],
      [0.3, 0.01],
      [10.1, 0.25],
    ];
    for (const [amount, fee] of cases) {
      const res = await draw(offer.offer_id, amount);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.funding_fee_amount, `fee of ${amount}`).toBe(fee);
    }
    const { rows } = await t.testDb.db.query<{ amount_pence: number; fee_pence: number }>(
      'SELECT amount_pence, fee_pence FROM fundings WHERE application_id = $1 ORDER BY created_at, amount_pence',
      [applicationId],
    );
    expect(rows.map((r) => r.fee_pence).sort((a, b) => a - b)).toEqual([0, 1, 2, 8, 25]);
  });

  it('allows many drawdowns up to the maximum, then refuses what is over the remainder with a pointer', async () => {
    const { offer } = await selected();
    expect((await draw(offer.offer_id, 600)).statusCode).toBe(201);
    expect((await draw(offer.offer_id, 300)).statusCode).toBe(201);
    const over = await draw(offer.offer_id, 100.01);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatchObject({ code: 'ValidationError', source: { pointer: '/data/amount' } });
    expect(over.json().errors[0].detail).toContain('100');
    expect((await draw(offer.offer_id, 100)).statusCode).toBe(201);
    const none = await draw(offer.offer_id, 0.01);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].source.pointer).toBe('/data/amount');
    const { rows } = await t.testDb.db.query<{ total: number; n: number }>(
      'SELECT SUM(amount_pence)::int8 AS total, COUNT(*)::int8 AS n FROM fundings WHERE offer_id = $1',
      [offer.offer_id],
    );
    expect(rows[0]).toEqual({ total: 100_000, n: 3 });
  });

  it('validates the amount: zero, negative, three decimals, a string, missing, unwrapped', async () => {
    const { offer } = await selected();
    for (const amount of [0, -5, 1.001, '10']) {
      const res = await draw(offer.offer_id, amount);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().errors[0].source.pointer).toBe('/data/amount');
    }
    const missing = await partner.post(`/sandbox/offers/${offer.offer_id}/fundings`, { data: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].source.pointer).toBe('/data/amount');
    const unwrapped = await partner.post(`/sandbox/offers/${offer.offer_id}/fundings`, { amount: 10 });
    expect(unwrapped.statusCode).toBe(400);
    const { rows } = await t.testDb.db.query('SELECT 1 FROM fundings WHERE offer_id = $1', [offer.offer_id]);
    expect(rows).toHaveLength(0);
  });

  it('requires a selected (or funded) confirmed offer of an offered application', async () => {
    // Available, not selected.
    const made = await offeredBySandbox(partner, [BUSINESS_1000, FLEXI_1000], { application: { amount: 1000 } });
    const notSelected = await draw(made.offers[0].offer_id, 10);
    expect(notSelected.statusCode).toBe(400);
    expect(notSelected.json().errors[0].code).toBe('FundingNotAllowed');
    expect(await storedStatus(t, made.applicationId)).toBe('offered');

    // Once funded, the other (available) offer of that application cannot be drawn from or selected.
    await selectOffer(partner, made.offers[0].offer_id, 'introducer');
    expect((await draw(made.offers[0].offer_id, 10)).statusCode).toBe(201);
    const otherOffer = await draw(made.offers[1].offer_id, 10);
    expect(otherOffer.statusCode).toBe(400);
    expect(otherOffer.json().errors[0].code).toBe('FundingNotAllowed');

    // Indicative.
    const customerId = await createCustomer(partner);
    const applicationId = await apply(partner, customerId);
    const indicative = await insertIndicativeOffer(t, partner, customerId, applicationId);
    const res = await draw(indicative, 10);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('FundingNotAllowed');

    // Revoked.
    const revoked = await selected();
    expect((await t.admin('POST', `/offers/${revoked.offer.offer_id}/revoke`)).statusCode).toBe(200);
    const afterRevoke = await draw(revoked.offer.offer_id, 10);
    expect(afterRevoke.statusCode).toBe(400);
    expect(afterRevoke.json().errors[0].code).toBe('FundingNotAllowed');
  });

  it('refuses a drawdown once the offer has expired, even from a funded offer', async () => {
    const { offer, applicationId } = await selected();
    const unfunded = await selected();
    expect((await draw(offer.offer_id, 10)).statusCode).toBe(201);
    t.clock.advanceDays(31);
    const res = await draw(offer.offer_id, 10);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('FundingNotAllowed');
    expect(await storedStatus(t, applicationId)).toBe('funded');

    const late = await draw(unfunded.offer.offer_id, 10);
    expect(late.statusCode).toBe(400);
    expect(late.json().errors[0].code).toBe('FundingNotAllowed');
  });

  it('never exceeds the maximum under 20 parallel drawdowns', async () => {
    const { offer, applicationId } = await selected();
    const results = await Promise.all(Array.from({ length: 20 }, () => draw(offer.offer_id, 75)));
    for (const res of results) expect([201, 400], res.body).toContain(res.statusCode);
    const created = results.filter((r) => r.statusCode === 201);
    // 13 × 75 = 975 fits in 1,000; a 14th would not.
    expect(created).toHaveLength(13);
    for (const res of results.filter((r) => r.statusCode === 400)) {
      expect(res.json().errors[0].source.pointer).toBe('/data/amount');
    }
    const { rows } = await t.testDb.db.query<{ total: number; n: number }>(
      'SELECT COALESCE(SUM(amount_pence), 0)::int8 AS total, COUNT(*)::int8 AS n FROM fundings WHERE offer_id = $1',
      [offer.offer_id],
    );
    expect(rows[0].total).toBeLessThanOrEqual(100_000);
    expect(rows[0]).toEqual({ total: 97_500, n: created.length });
    // One move into funded, one funding event per funding.
    const intoFunded = (await eventsFor(t, { applicationId }, 'application_status_changed')).filter((e) => e.payload.status === 'funded');
    expect(intoFunded).toHaveLength(1);
    expect(await eventsFor(t, { applicationId }, 'funding_created_202607')).toHaveLength(13);
    expect(await eventsFor(t, { applicationId }, 'customer_funded')).toHaveLength(13);
  });

  it('never deadlocks or errors when selections and drawdowns race on one application', async () => {
    const { offer, other, applicationId } = await selected();
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? draw(offer.offer_id, 50)
        : partner.post(`/offers/${(i % 4 === 1 ? offer : other!).offer_id}/select/`, { data: { entity_to_contact: 'introducer' } }),
    );
    const results = await Promise.all(calls);
    for (const res of results) expect(res.statusCode, res.body).toBeLessThan(500);
    expect(await storedStatus(t, applicationId)).toBe('funded');
    const { rows } = await t.testDb.db.query<{ total: number }>('SELECT COALESCE(SUM(amount_pence), 0)::int8 AS total FROM fundings WHERE offer_id = $1', [
      offer.offer_id,
    ]);
    expect(rows[0].total).toBeLessThanOrEqual(100_000);
  });

  it('marks the next application of a funded customer as a top-up', async () => {
    const { customerId, offer } = await selected();
    expect((await draw(offer.offer_id, 500)).statusCode).toBe(201);
    const next = await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 5000 } });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().data.is_topup).toBe(true);
    expect((await latestApplication(partner, customerId)).is_topup).toBe(true);
    const [attributed] = await eventsFor(t, { applicationId: next.json().data.application_id }, 'application_attributed');
    expect(attributed.payload.is_topup).toBe(true);
  });

  it('emits funding_created_202607 and customer_funded with the documented payloads', async () => {
    const { customerId, applicationId, offer } = await selected([BUSINESS_1000, FLEXI_1000], { external_customer_id: 'fund-ext-1' });
    const res = await draw(offer.offer_id, 123.45);
    expect(res.statusCode, res.body).toBe(201);
    const funding = res.json().data;
    const [created] = await eventsFor(t, { applicationId }, 'funding_created_202607');
    expect(created.partner_id).toBe(partner.partnerId);
    expect(created.environment).toBe('sandbox');
    expect(created.payload).toEqual({
      application_id: applicationId,
      customer_id: customerId,
      external_customer_id: 'fund-ext-1',
      funding_amount: 123.45,
      funding_created_at: funding.funding_created_at,
      funding_fee_amount: 3.09, // 2.5 % of 123.45 = 3.08625
      funding_id: funding.funding_id,
      offer_duration_in_days: 365,
      offer_fee_percentage: 2.5,
      offer_id: offer.offer_id,
      offer_max_amount: 1000,
      offer_monthly_interest_percentage: 3,
    });
    const [funded] = await eventsFor(t, { applicationId }, 'customer_funded');
    expect(funded.payload).toEqual({
      customer_id: customerId,
      external_customer_id: 'fund-ext-1',
      application_id: applicationId,
      offer_id: offer.offer_id,
      funding_id: funding.funding_id,
      funding_amount: 123.45,
      funded_at: funding.funding_created_at,
    });
    // A second drawdown: the offer_* fields are the same, no second move into funded.
    const second = await draw(offer.offer_id, 10);
    expect(second.statusCode).toBe(201);
    const createdEvents = await eventsFor(t, { applicationId }, 'funding_created_202607');
    expect(createdEvents).toHaveLength(2);
    const pick = (p: Record<string, unknown>) => Object.fromEntries(Object.entries(p).filter(([k]) => k.startsWith('offer_')));
    expect(pick(createdEvents[1].payload)).toEqual(pick(createdEvents[0].payload));
  });

  it('omits external_customer_id from the funding events when the customer has none', async () => {
    const { applicationId, offer } = await selected();
    expect((await draw(offer.offer_id, 10)).statusCode).toBe(201);
    const [created] = await eventsFor(t, { applicationId }, 'funding_created_202607');
    const [funded] = await eventsFor(t, { applicationId }, 'customer_funded');
    expect(created.payload).not.toHaveProperty('external_customer_id');
    expect(funded.payload).not.toHaveProperty('external_customer_id');
  });

  it('the admin route draws with a plain body and points at /amount', async () => {
    const { offer, applicationId } = await selected();
    const res = await t.admin('POST', `/offers/${offer.offer_id}/fundings`, { amount: 250 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ offer_id: offer.offer_id, funding_amount: 250, funding_fee_amount: 6.25 });
    expect(await storedStatus(t, applicationId)).toBe('funded');
    const over = await t.admin('POST', `/offers/${offer.offer_id}/fundings`, { amount: 750.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].source.pointer).toBe('/amount');
    const zero = await t.admin('POST', `/offers/${offer.offer_id}/fundings`, { amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors[0].source.pointer).toBe('/amount');
    expect((await t.admin('POST', `/offers/${randomUUID()}/fundings`, { amount: 1 })).statusCode).toBe(404);
    const { rows } = await t.testDb.db.query<{ drawn_by: string }>('SELECT drawn_by FROM fundings WHERE offer_id = $1', [offer.offer_id]);
    expect(rows.map((r) => r.drawn_by)).toEqual(['operator']);
  });

  it('confines the sandbox route to its tenant and to sandbox tokens', async () => {
    const { offer } = await selected();
    const other = await t.partner();
    expect((await draw(offer.offer_id, 10, other)).statusCode).toBe(404);
    const production = await t.token(partner.partnerId, 'production');
    const res = await draw(offer.offer_id, 10, production);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('PermissionDenied');
    expect((await draw('not-a-uuid', 10)).statusCode).toBe(404);
    const { rows } = await t.testDb.db.query('SELECT 1 FROM fundings WHERE offer_id = $1', [offer.offer_id]);
    expect(rows).toHaveLength(0);
  });
});
