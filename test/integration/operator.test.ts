import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { payloadKeys } from '../helpers/event-payloads.ts';
import {
  DAY_MS,
  customerWithApplication,
  decisionRows,
  eventsFor,
  getOffers,
  latestApplication,
  offeredByPolicy,
  selectOffer,
  storedOfferStatuses,
  storedStatus,
  type OfferTermsJson,
} from '../helpers/lending.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';

const OPERATOR_OFFERS: OfferTermsJson[] = [
  { product_type: 'business_loan', max_amount: 300000, monthly_interest_percentage: 1.75, fee_percentage: 1.5, duration_in_days: 540 },
  { product_type: 'flexi_loan', max_amount: 150000.5, monthly_interest_percentage: 2.25, fee_percentage: 0, duration_in_days: 180 },
];

describe.each(BACKENDS)('operator API on %s', (backend) => {
  // Decisions applied at once: the threshold at the product ceiling (four eyes has its own tests).
  const t = useTestApp(backend, { resetClock: true, env: { FOUR_EYES_THRESHOLD: '1000000' } });
  const partner = usePartner(t);

  /** An application the policy sends to an underwriter (amount over 250,000). */
  async function awaitingUnderwriter(customer: Record<string, unknown> = {}) {
    const ids = await customerWithApplication(partner, { customer, application: { amount: 300000 } });
    expect((await getOffers(partner, ids.applicationId)).offer_creation_status).toBe('pending_underwriting');
    return ids;
  }

  async function inUnderwriting(customer: Record<string, unknown> = {}) {
    const ids = await awaitingUnderwriter(customer);
    const res = await t.admin('POST', `/applications/${ids.applicationId}/start_review`);
    expect(res.statusCode, res.body).toBe(200);
    return ids;
  }

  async function snapshot(applicationId: string) {
    return {
      status: await storedStatus(t, applicationId),
      events: (await eventsFor(t, { applicationId })).length,
      decisions: (await decisionRows(t, applicationId)).length,
      offers: Object.keys(await storedOfferStatuses(t, applicationId)).length,
    };
  }

  it('requires the admin token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/v1/applications' });
    expect(res.statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/admin/v1/applications', headers: { authorization: `Bearer ${partner.token}` } });
    expect(wrong.statusCode).toBe(401);
  });

  it('lists the review queue by status', async () => {
    const { applicationId } = await awaitingUnderwriter();
    const open = await customerWithApplication(partner);
    const res = await t.admin('GET', '/applications?status=awaiting_underwriter');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.applications as { application_id: string; status: string; partner_id: string; environment: string }[];
    expect(list.map((a) => a.application_id)).toContain(applicationId);
    expect(list.map((a) => a.application_id)).not.toContain(open.applicationId);
    expect(list.every((a) => a.status === 'awaiting_underwriter')).toBe(true);
    expect(list.find((a) => a.application_id === applicationId)).toMatchObject({ partner_id: partner.partnerId, environment: 'sandbox', amount: 300000 });
    const bad = await t.admin('GET', '/applications?status=pending');
    expect(bad.statusCode).toBe(400);
  });

  it('shows an application with its decisions (inputs and outcome), history and offers', async () => {
    const { applicationId } = await awaitingUnderwriter();
    const res = await t.admin('GET', `/applications/${applicationId}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ application_id: applicationId, status: 'awaiting_underwriter', partner_id: partner.partnerId, environment: 'sandbox' });
    expect(data.decisions).toHaveLength(1);
    expect(data.decisions[0]).toMatchObject({
      decided_by: 'policy',
      policy: 'default',
      inputs: { amountPence: 30_000_000, turnoverPence: 25_000_000, tradingFromDate: '2019-03-01' },
      outcome: { outcome: 'awaiting_underwriter', rule: 4 },
    });
    expect(data.status_history.map((h: { from: string | null; to: string }) => [h.from, h.to])).toEqual([
      [null, 'open'],
      ['open', 'awaiting_underwriter'],
    ]);
    expect(data.offers).toEqual([]);
    expect((await t.admin('GET', `/applications/${randomUUID()}`)).statusCode).toBe(404);
    expect((await t.admin('GET', '/applications/xyz')).statusCode).toBe(404);
  });

  it('shows an application whose offers have expired as expired, even before the sweep', async () => {
    const { applicationId } = await offeredByPolicy(partner);
    t.clock.advanceDays(31);
    const res = await t.admin('GET', `/applications/${applicationId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('expired');
    expect(res.json().data.offers.map((o: { status: string }) => o.status)).toEqual(['expired', 'expired']);
    expect(res.json().data.status_history.map((h: { to: string }) => h.to)).toEqual(['open', 'offered', 'expired']);
  });

  it('answers start_review with the application as stored', async () => {
    const { customerId, applicationId } = await awaitingUnderwriter();
    const res = await t.admin('POST', `/applications/${applicationId}/start_review`);
    const latest = await latestApplication(partner, customerId);
    expect(res.json().data).toEqual(latest);
  });

  it('starts a review only from awaiting_underwriter (409 InvalidTransition otherwise)', async () => {
    const { customerId, applicationId } = await awaitingUnderwriter({ external_customer_id: 'review-ext' });
    const res = await t.admin('POST', `/applications/${applicationId}/start_review`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ application_id: applicationId, status: 'in_underwriting', is_closed: false });
    expect((await latestApplication(partner, customerId)).status).toBe('in_underwriting');
    const [change] = (await eventsFor(t, { applicationId }, 'application_status_changed')).slice(-1);
    expect(change.payload).toMatchObject({ previous_status: 'awaiting_underwriter', status: 'in_underwriting', external_customer_id: 'review-ext' });

    const again = await t.admin('POST', `/applications/${applicationId}/start_review`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('InvalidTransition');

    const open = await customerWithApplication(partner);
    const fromOpen = await t.admin('POST', `/applications/${open.applicationId}/start_review`);
    expect(fromOpen.statusCode).toBe(409);
    expect(fromOpen.json().errors[0].code).toBe('InvalidTransition');
    expect(await storedStatus(t, open.applicationId)).toBe('open');

    const offered = await offeredByPolicy(partner);
    expect((await t.admin('POST', `/applications/${offered.applicationId}/start_review`)).statusCode).toBe(409);
    expect((await t.admin('POST', `/applications/${randomUUID()}/start_review`)).statusCode).toBe(404);
  });

  it('decides offered with operator offers', async () => {
    const { customerId, applicationId } = await inUnderwriting({ external_customer_id: 'op-offer-ext' });
    const before = t.clock.now().getTime();
    const res = await t.admin('POST', `/applications/${applicationId}/decision`, { outcome: 'offered', offers: OPERATOR_OFFERS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ application_id: applicationId, status: 'offered', is_closed: true });
    expect((await latestApplication(partner, customerId)).status).toBe('offered');

    const answer = await getOffers(partner, applicationId);
    expect(answer.offer_creation_status).toBe('offers_available');
    expect(answer.offers).toHaveLength(2);
    const business = answer.offers.find((o) => o.product_type === 'business_loan');
    const flexi = answer.offers.find((o) => o.product_type === 'flexi_loan');
    expect(business).toMatchObject({
      offer_type: 'confirmed',
      max_amount: 300000,
      monthly_interest_percentage: 1.75,
      fee_percentage: 1.5,
      duration: { amount: 540, unit: 'days' },
      duration_in_days: 540,
      is_suggested: true,
      status: 'available',
      data_requirements: [],
    });
    expect(flexi).toMatchObject({ max_amount: 150000.5, monthly_interest_percentage: 2.25, fee_percentage: 0, duration_in_days: 180, is_suggested: false });
    const expiresIn = Date.parse(business!.expires_at) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(30 * DAY_MS);
    expect(expiresIn).toBeLessThan(30 * DAY_MS + 60_000);

    const decisions = await decisionRows(t, applicationId);
    expect(decisions.map((d) => d.decided_by)).toEqual(['policy', 'operator']);
    expect(decisions[1].outcome).toMatchObject({ outcome: 'offered' });

    const [offered] = await eventsFor(t, { applicationId }, 'application_offered');
    expect(offered.payload).toEqual({
      application_id: applicationId,
      customer_id: customerId,
      external_customer_id: 'op-offer-ext',
      offers: [
        {
          offer_id: business!.offer_id,
          product_type: 'business_loan',
          max_amount: 300000,
          monthly_interest_percentage: 1.75,
          fee_percentage: 1.5,
          duration_in_days: 540,
          apr: business!.apr,
        },
        {
          offer_id: flexi!.offer_id,
          product_type: 'flexi_loan',
          max_amount: 150000.5,
          monthly_interest_percentage: 2.25,
          fee_percentage: 0,
          duration_in_days: 180,
          apr: flexi!.apr,
        },
      ],
      offered_at: offered.payload.offered_at,
    });
    // The event's APR is the offer's, as the offers route answers it (docs/behaviour.md, section 23).
    expect([business!.apr, flexi!.apr].every((apr) => typeof apr === 'number' && apr > 0)).toBe(true);
    expect(offered.payload.offered_at).toMatch(/Z$/);
  });

  it('validates operator offers: product ceiling, required offers, closed bodies', async () => {
    const { applicationId } = await inUnderwriting();
    const over = await t.admin('POST', `/applications/${applicationId}/decision`, {
      outcome: 'offered',
      offers: [{ ...OPERATOR_OFFERS[0], max_amount: 1_000_000.01 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatchObject({ code: 'ValidationError', source: { pointer: '/offers/0/max_amount' } });

    const none = await t.admin('POST', `/applications/${applicationId}/decision`, { outcome: 'offered' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].source.pointer).toBe('/offers');
    const empty = await t.admin('POST', `/applications/${applicationId}/decision`, { outcome: 'offered', offers: [] });
    expect(empty.statusCode).toBe(400);
    const badOutcome = await t.admin('POST', `/applications/${applicationId}/decision`, { outcome: 'maybe' });
    expect(badOutcome.statusCode).toBe(400);
    expect(badOutcome.json().errors[0].source.pointer).toBe('/outcome');
    const extra = await t.admin('POST', `/applications/${applicationId}/decision`, {
      outcome: 'offered',
      offers: [{ ...OPERATOR_OFFERS[0], colour: 'red' }],
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors[0].source.pointer).toBe('/offers/0/colour');
    const threeDecimals = await t.admin('POST', `/applications/${applicationId}/decision`, {
      outcome: 'offered',
      offers: [{ ...OPERATOR_OFFERS[0], max_amount: 1000.001 }],
    });
    expect(threeDecimals.statusCode).toBe(400);
    expect(await storedStatus(t, applicationId)).toBe('in_underwriting');
    expect(await decisionRows(t, applicationId)).toHaveLength(1);

    const ceiling = await t.admin('POST', `/applications/${applicationId}/decision`, {
      outcome: 'offered',
      offers: [{ ...OPERATOR_OFFERS[0], max_amount: 1_000_000 }],
    });
    expect(ceiling.statusCode, ceiling.body).toBe(200);
  });

  it('declines with application_declined carrying can_reapply_from three months on', async () => {
    t.clock.set(new Date('2026-11-30T12:00:00Z'));
    const { customerId, applicationId } = await inUnderwriting({ external_customer_id: 'decline-ext' });
    const res = await t.admin('POST', `/applications/${applicationId}/decision`, { outcome: 'declined' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('declined');
    const [declined] = await eventsFor(t, { applicationId }, 'application_declined');
    expect(Object.keys(declined.payload).sort()).toEqual(payloadKeys('application_declined'));
    expect(declined.payload).toMatchObject({
      application_id: applicationId,
      customer_id: customerId,
      external_customer_id: 'decline-ext',
      declined_at: expect.stringMatching(/^2026-11-30T/),
      can_reapply_from: '2027-02-28', // 30 November + 3 months, clamped to the end of February
    });
    const again = await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 1000 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ code: 'ReapplicationTooSoon', meta: { can_reapply_from: '2027-02-28' } });
    t.clock.set(new Date('2027-02-28T09:00:00Z'));
    const later = await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 1000 } });
    expect(later.statusCode, later.body).toBe(201);
  });

  it('defers from any open status with application_deferred', async () => {
    const awaiting = await awaitingUnderwriter();
    const open = await customerWithApplication(partner);
    const reviewing = await inUnderwriting();
    for (const { applicationId, customerId } of [awaiting, open, reviewing]) {
      const res = await t.admin('POST', `/applications/${applicationId}/decision`, { outcome: 'deferred' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('deferred');
      const deferred = await eventsFor(t, { applicationId }, 'application_deferred');
      expect(deferred).toHaveLength(1);
      expect(deferred[0].payload).toEqual({ application_id: applicationId, customer_id: customerId, deferred_at: expect.stringMatching(/Z$/) });
    }
    // A deferred customer may apply again at once.
    expect((await partner.post(`/customers/${open.customerId}/applications/`, { data: { amount: 1000 } })).statusCode).toBe(201);
  });

  it('refuses illegal moves with 409 InvalidTransition and writes nothing', async () => {
    // Offered straight from awaiting_underwriter (the review has not started).
    const awaiting = await awaitingUnderwriter();
    const before = await snapshot(awaiting.applicationId);
    const skip = await t.admin('POST', `/applications/${awaiting.applicationId}/decision`, { outcome: 'offered', offers: OPERATOR_OFFERS });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().errors[0]).toMatchObject({ code: 'InvalidTransition', meta: { status: 'awaiting_underwriter' } });
    const declineSkip = await t.admin('POST', `/applications/${awaiting.applicationId}/decision`, { outcome: 'declined' });
    expect(declineSkip.statusCode).toBe(409);
    expect(await snapshot(awaiting.applicationId)).toEqual(before);

    // Any decision on a closed application.
    const offered = await offeredByPolicy(partner);
    const closedBefore = await snapshot(offered.applicationId);
    for (const body of [{ outcome: 'offered', offers: OPERATOR_OFFERS }, { outcome: 'declined' }, { outcome: 'deferred' }]) {
      const res = await t.admin('POST', `/applications/${offered.applicationId}/decision`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().errors[0].code).toBe('InvalidTransition');
    }
    expect(await snapshot(offered.applicationId)).toEqual(closedBefore);
    expect((await t.admin('POST', `/applications/${randomUUID()}/decision`, { outcome: 'declined' })).statusCode).toBe(404);
  });

  it('revokes the offers of an offered application; a second revoke is a 409', async () => {
    const { customerId, applicationId, offers } = await offeredByPolicy(partner, { customer: { external_customer_id: 'revoke-ext' } });
    await selectOffer(partner, offers[1].offer_id, 'introducer');
    const res = await t.admin('POST', `/offers/${offers[0].offer_id}/revoke`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('offer_revoked');
    expect((await latestApplication(partner, customerId)).status).toBe('offer_revoked');
    expect(Object.values(await storedOfferStatuses(t, applicationId))).toEqual(['revoked', 'revoked']);
    const answer = await getOffers(partner, applicationId);
    expect(answer.offers.map((o) => o.status)).toEqual(['revoked', 'revoked']);
    const [change] = (await eventsFor(t, { applicationId }, 'application_status_changed')).slice(-1);
    expect(change.payload).toMatchObject({ previous_status: 'offered', status: 'offer_revoked', external_customer_id: 'revoke-ext' });

    const again = await t.admin('POST', `/offers/${offers[1].offer_id}/revoke`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('InvalidTransition');
    expect((await t.admin('POST', `/offers/${randomUUID()}/revoke`)).statusCode).toBe(404);
  });

  it('cannot revoke funded or expired offers; the expiry found on the way is kept', async () => {
    const funded = await offeredByPolicy(partner);
    await selectOffer(partner, funded.offers[0].offer_id, 'introducer');
    expect((await t.admin('POST', `/offers/${funded.offers[0].offer_id}/fundings`, { amount: 100 })).statusCode).toBe(201);
    const res = await t.admin('POST', `/offers/${funded.offers[0].offer_id}/revoke`);
    expect(res.statusCode).toBe(409);
    expect(await storedStatus(t, funded.applicationId)).toBe('funded');

    const expired = await offeredByPolicy(partner);
    t.clock.advanceDays(31);
    const late = await t.admin('POST', `/offers/${expired.offers[0].offer_id}/revoke`);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].code).toBe('InvalidTransition');
    expect(await storedStatus(t, expired.applicationId)).toBe('expired');
    expect(Object.values(await storedOfferStatuses(t, expired.applicationId))).toEqual(['expired', 'expired']);
  });
});
