import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { customerWithApplication, decisionRows, eventsFor, getOffers, offeredByPolicy, storedOfferStatuses, storedStatus } from '../helpers/lending.ts';

type Outcome = 'offered' | 'declined' | 'deferred' | 'action_required' | 'awaiting_underwriter';
type OpenStatus = 'open' | 'action_required' | 'awaiting_underwriter' | 'in_underwriting';

const OUTCOMES: Outcome[] = ['offered', 'declined', 'deferred', 'action_required', 'awaiting_underwriter'];
const OPEN: OpenStatus[] = ['open', 'action_required', 'awaiting_underwriter', 'in_underwriting'];

/**
 * The moves each outcome takes from each open status: only moves the state machine lists
 * (docs/behaviour.md, section 6). null: no listed path, so 409 InvalidTransition.
 */
const PATHS: Record<Outcome, Record<OpenStatus, string[] | null>> = {
  offered: {
    open: ['open>offered'],
    action_required: ['action_required>open', 'open>offered'],
    awaiting_underwriter: ['awaiting_underwriter>in_underwriting', 'in_underwriting>offered'],
    in_underwriting: ['in_underwriting>offered'],
  },
  declined: {
    open: ['open>declined'],
    action_required: ['action_required>open', 'open>declined'],
    awaiting_underwriter: ['awaiting_underwriter>in_underwriting', 'in_underwriting>declined'],
    in_underwriting: ['in_underwriting>declined'],
  },
  deferred: {
    open: ['open>deferred'],
    action_required: ['action_required>deferred'],
    awaiting_underwriter: ['awaiting_underwriter>deferred'],
    in_underwriting: ['in_underwriting>deferred'],
  },
  action_required: {
    open: ['open>action_required'],
    // Allowed by the state table, recorded in the history, but the status does not change: no event.
    action_required: [],
    awaiting_underwriter: null,
    in_underwriting: null,
  },
  awaiting_underwriter: {
    open: ['open>awaiting_underwriter'],
    action_required: ['action_required>open', 'open>awaiting_underwriter'],
    awaiting_underwriter: null,
    in_underwriting: null,
  },
};

describe.each(BACKENDS)('sandbox controls on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  const decide = (applicationId: string, data: Record<string, unknown>, client: PartnerClient = partner) =>
    client.post(`/sandbox/applications/${applicationId}/decision`, { data });

  /** A new application brought into `status` through the API. */
  async function inStatus(status: OpenStatus, customer: Record<string, unknown> = {}) {
    const ids = await customerWithApplication(partner, { customer, application: { amount: 10000 } });
    if (status === 'action_required') expect((await decide(ids.applicationId, { outcome: 'action_required' })).statusCode).toBe(200);
    if (status === 'awaiting_underwriter' || status === 'in_underwriting') {
      expect((await decide(ids.applicationId, { outcome: 'awaiting_underwriter' })).statusCode).toBe(200);
    }
    if (status === 'in_underwriting') expect((await t.admin('POST', `/applications/${ids.applicationId}/start_review`)).statusCode).toBe(200);
    expect(await storedStatus(t, ids.applicationId)).toBe(status);
    return ids;
  }

  async function moves(applicationId: string): Promise<string[]> {
    const changes = await eventsFor(t, { applicationId }, 'application_status_changed');
    return changes.map((e) => `${e.payload.previous_status}>${e.payload.status}`);
  }

  for (const outcome of OUTCOMES) {
    for (const from of OPEN) {
      const path = PATHS[outcome][from];
      it(`${outcome} from ${from}: ${path ? path.join(', ') : '409 InvalidTransition'}`, async () => {
        const { applicationId } = await inStatus(from);
        const before = await moves(applicationId);
        const decisionsBefore = (await decisionRows(t, applicationId)).length;
        const res = await decide(applicationId, { outcome });
        if (path === null) {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().errors[0].code).toBe('InvalidTransition');
          expect(await storedStatus(t, applicationId)).toBe(from);
          expect(await moves(applicationId)).toEqual(before);
          expect(await decisionRows(t, applicationId)).toHaveLength(decisionsBefore);
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toMatchObject({ application_id: applicationId, status: outcome });
        expect(await storedStatus(t, applicationId)).toBe(outcome);
        expect(await moves(applicationId)).toEqual([...before, ...path]);
        const decisions = await decisionRows(t, applicationId);
        expect(decisions).toHaveLength(decisionsBefore + 1);
        expect(decisions[decisions.length - 1]).toMatchObject({ decided_by: 'sandbox', outcome: { outcome } });
        const answer = await getOffers(partner, applicationId);
        const expected = {
          offered: 'offers_available',
          declined: 'no_offers',
          deferred: 'no_offers',
          action_required: 'action_required',
          awaiting_underwriter: 'pending_underwriting',
        };
        expect(answer.offer_creation_status).toBe(expected[outcome]);
        // GET offers answers from what the sandbox decided: no policy decision on top.
        expect(await decisionRows(t, applicationId)).toHaveLength(decisionsBefore + 1);
        const outcomeEvent = { offered: 'application_offered', declined: 'application_declined', deferred: 'application_deferred' } as Record<string, string>;
        if (outcomeEvent[outcome]) expect(await eventsFor(t, { applicationId }, outcomeEvent[outcome])).toHaveLength(1);
      });
    }
  }

  it('offers the standard pair for the amount applied for (capped at 1,000,000) when no offers are given', async () => {
    const { applicationId } = await customerWithApplication(partner, { application: { amount: 10000 } });
    expect((await decide(applicationId, { outcome: 'offered' })).statusCode).toBe(200);
    const { offers } = await getOffers(partner, applicationId);
    expect(
      offers.map((o) => [o.offer_type, o.product_type, o.max_amount, o.monthly_interest_percentage, o.fee_percentage, o.duration_in_days, o.is_suggested]),
    ).toEqual([
      ['confirmed', 'flexi_loan', 10000, 3, 0, 365, true],
      ['confirmed', 'business_loan', 10000, 2.5, 2.5, 730, false],
    ]);

    const big = await customerWithApplication(partner, { application: { amount: 2_500_000 } });
    expect((await decide(big.applicationId, { outcome: 'offered' })).statusCode).toBe(200);
    const bigOffers = (await getOffers(partner, big.applicationId)).offers;
    expect(bigOffers.map((o) => o.max_amount)).toEqual([1_000_000, 1_000_000]);
  });

  it('takes offers of the partner’s own terms, within the product ceiling', async () => {
    const { applicationId } = await customerWithApplication(partner);
    const terms = { product_type: 'business_loan', max_amount: 7777.77, monthly_interest_percentage: 1.25, fee_percentage: 3, duration_in_days: 200 };
    const over = await decide(applicationId, { outcome: 'offered', offers: [{ ...terms, max_amount: 1_000_000.01 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].source.pointer).toBe('/data/offers/0/max_amount');
    expect(await storedStatus(t, applicationId)).toBe('open');
    const res = await decide(applicationId, { outcome: 'offered', offers: [terms] });
    expect(res.statusCode, res.body).toBe(200);
    const { offers } = await getOffers(partner, applicationId);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ ...terms, offer_type: 'confirmed', is_suggested: true, status: 'available' });
  });

  it('answers the application as stored after the decision', async () => {
    const { customerId, applicationId } = await customerWithApplication(partner);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await decide(applicationId, { outcome: 'awaiting_underwriter' });
    expect(res.statusCode).toBe(200);
    const latest = await partner.get(`/customers/${customerId}/applications/latest/`);
    expect(res.json().data).toEqual(latest.json().data);
    expect(Date.parse(res.json().data.updated_at)).toBeGreaterThan(Date.parse(res.json().data.created_at));
  });

  it('answers action_required with its data requirements', async () => {
    const { applicationId } = await customerWithApplication(partner);
    expect((await decide(applicationId, { outcome: 'action_required' })).statusCode).toBe(200);
    const answer = await getOffers(partner, applicationId);
    expect(answer).toMatchObject({
      offer_creation_status: 'action_required',
      offers: [],
      data_requirements: [{ category: 'documents', actions: [{ name: 'upload_bank_statements' }] }],
    });
  });

  it('refuses a closed application with 409 InvalidTransition', async () => {
    const offered = await offeredByPolicy(partner);
    const declined = await customerWithApplication(partner);
    expect((await decide(declined.applicationId, { outcome: 'declined' })).statusCode).toBe(200);
    for (const { applicationId } of [offered, declined]) {
      const status = await storedStatus(t, applicationId);
      const offersBefore = await storedOfferStatuses(t, applicationId);
      const eventsBefore = (await eventsFor(t, { applicationId })).length;
      for (const outcome of OUTCOMES) {
        const res = await decide(applicationId, { outcome });
        expect(res.statusCode, `${outcome} on ${status}`).toBe(409);
        expect(res.json().errors[0].code).toBe('InvalidTransition');
      }
      expect(await storedStatus(t, applicationId)).toBe(status);
      expect(await storedOfferStatuses(t, applicationId)).toEqual(offersBefore);
      expect(await eventsFor(t, { applicationId })).toHaveLength(eventsBefore);
    }
  });

  it('validates the body and confines the route to its tenant', async () => {
    const { applicationId } = await customerWithApplication(partner);
    const bad = await decide(applicationId, { outcome: 'approved' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].source.pointer).toBe('/data/outcome');
    const unwrapped = await partner.post(`/sandbox/applications/${applicationId}/decision`, { outcome: 'offered' });
    expect(unwrapped.statusCode).toBe(400);
    const other = await t.partner();
    expect((await decide(applicationId, { outcome: 'declined' }, other)).statusCode).toBe(404);
    expect((await decide(randomUUID(), { outcome: 'declined' })).statusCode).toBe(404);
    expect((await decide('nope', { outcome: 'declined' })).statusCode).toBe(404);
    expect(await storedStatus(t, applicationId)).toBe('open');
  });

  it('answers 403 PermissionDenied to a production token on every sandbox route', async () => {
    const production = await t.token(partner.partnerId, 'production');
    const { applicationId } = await customerWithApplication(partner);
    const { offers } = await offeredByPolicy(partner);
    const calls = [
      production.post(`/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'declined' } }),
      production.post(`/sandbox/applications/${randomUUID()}/decision`, { data: { outcome: 'offered' } }),
      production.post(`/sandbox/offers/${offers[0].offer_id}/fundings`, { data: { amount: 10 } }),
      production.post(`/sandbox/offers/${randomUUID()}/fundings`, { data: { amount: 10 } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().errors[0].code).toBe('PermissionDenied');
    }
    expect(await storedStatus(t, applicationId)).toBe('open');
  });
});
