import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { customerBody, usePartner, useTestApp } from '../helpers/app.ts';
import { sweepExpiredOffers, sweepInactiveApplications } from '../../src/services/sweeps.ts';
import { customerWithApplication, eventsFor, getOffers, offeredByPolicy, selectOffer, type StoredEvent } from '../helpers/lending.ts';
import { UUID } from '../helpers/foundation.ts';
import { EVENT_TYPES, type EventType } from '../../src/domain/event-types.ts';
import { OfferSummarySchema } from '../../src/schemas/events.ts';
import { payloadKeys, payloadProblems } from '../helpers/event-payloads.ts';

const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Each payload matches its schema with every field of it (these events all concern an
 * application), external_customer_id exactly when the customer has one.
 */
function expectDocumentedShape(event: StoredEvent, externalCustomerId: string | null) {
  expect(payloadProblems(event.event_type, event.payload), event.event_type).toEqual([]);
  const expected = payloadKeys(event.event_type as EventType, externalCustomerId === null ? ['external_customer_id'] : []);
  expect(Object.keys(event.payload).sort(), event.event_type).toEqual(expected);
  if (externalCustomerId !== null) expect(event.payload.external_customer_id).toBe(externalCustomerId);
  expect(event.id).toMatch(UUID);
}

describe.each(BACKENDS)('outbox events on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });
  const partner = usePartner(t);

  /** Status changes recorded for the application, except its creation. */
  async function history(applicationId: string) {
    const { rows } = await t.testDb.db.query<{ from_status: string; to_status: string; changed_at: Date }>(
      `SELECT from_status, to_status, changed_at FROM application_status_changes WHERE application_id = $1 AND from_status IS NOT NULL ORDER BY id`,
      [applicationId],
    );
    return rows;
  }

  /** Every recorded status change has exactly one application_status_changed event with the same move and time. */
  async function expectOneEventPerChange(applicationId: string, customerId: string, externalCustomerId: string | null) {
    const changes = await history(applicationId);
    const events = await eventsFor(t, { applicationId }, 'application_status_changed');
    expect(events.map((e) => [e.payload.previous_status, e.payload.status])).toEqual(changes.map((c) => [c.from_status, c.to_status]));
    events.forEach((event, i) => {
      expectDocumentedShape(event, externalCustomerId);
      expect(event.payload).toMatchObject({ application_id: applicationId, customer_id: customerId });
      expect(event.payload.changed_at).toBe(changes[i].changed_at.toISOString());
      expect(event.created_at.toISOString()).toBe(changes[i].changed_at.toISOString());
      expect(event.partner_id).toBe(partner.partnerId);
      expect(event.environment).toBe('sandbox');
    });
    // Entering offered, declined or deferred also emits its outcome event, once per entry, at the same time.
    for (const [status, type, stamp] of [
      ['offered', 'application_offered', 'offered_at'],
      ['declined', 'application_declined', 'declined_at'],
      ['deferred', 'application_deferred', 'deferred_at'],
    ] as const) {
      const entries = changes.filter((c) => c.to_status === status);
      const outcome = await eventsFor(t, { applicationId }, type);
      expect(
        outcome.map((e) => e.payload[stamp]),
        type,
      ).toEqual(entries.map((c) => c.changed_at.toISOString()));
      for (const event of outcome) expectDocumentedShape(event, externalCustomerId);
    }
    return changes.map((c) => `${c.from_status}>${c.to_status}`);
  }

  it('application_attributed on creation, with and without external_customer_id', async () => {
    const withExt = await customerWithApplication(partner, { customer: { external_customer_id: 'ev-attr' }, application: { amount: 12345.67 } });
    const [attributed] = await eventsFor(t, { applicationId: withExt.applicationId }, 'application_attributed');
    expectDocumentedShape(attributed, 'ev-attr');
    expect(attributed.payload).toMatchObject({ application_id: withExt.applicationId, customer_id: withExt.customerId, amount: 12345.67, is_topup: false });
    expect(attributed.payload.attributed_at).toMatch(ISO_Z);

    const without = await customerWithApplication(partner);
    const [plain] = await eventsFor(t, { applicationId: without.applicationId }, 'application_attributed');
    expectDocumentedShape(plain, null);
  });

  it('a policy approval, selection and funding: status changes, application_offered and funding events', async () => {
    const { customerId, applicationId, offers } = await offeredByPolicy(partner, { customer: { external_customer_id: 'ev-life' } });
    const [offered] = await eventsFor(t, { applicationId }, 'application_offered');
    expect(offered.payload.offers).toEqual(
      offers.map((o) => ({
        offer_id: o.offer_id,
        product_type: o.product_type,
        max_amount: o.max_amount,
        monthly_interest_percentage: o.monthly_interest_percentage,
        fee_percentage: o.fee_percentage,
        duration_in_days: o.duration_in_days,
        // The same APR as the offer shows (docs/behaviour.md, section 23): 42.6 and 38.4 for these terms.
        apr: (o as { apr?: number }).apr,
      })),
    );
    expect(offers.map((o) => (o as { apr?: number }).apr).sort()).toEqual([38.4, 42.6]);
    for (const summary of offered.payload.offers as Record<string, unknown>[]) {
      expect(Object.keys(summary).sort()).toEqual(Object.keys(OfferSummarySchema.properties).sort());
    }
    // Selection changes no status and emits nothing.
    const before = (await eventsFor(t, { customerId })).length;
    await selectOffer(partner, offers[1].offer_id, 'introducer');
    expect(await eventsFor(t, { customerId })).toHaveLength(before);

    const draw = await partner.post(`/sandbox/offers/${offers[1].offer_id}/fundings`, { data: { amount: 2000 } });
    expect(draw.statusCode, draw.body).toBe(201);
    for (const type of ['funding_created_202607', 'customer_funded']) {
      const [event] = await eventsFor(t, { applicationId }, type);
      expectDocumentedShape(event, 'ev-life');
    }
    expect(await expectOneEventPerChange(applicationId, customerId, 'ev-life')).toEqual(['open>offered', 'offered>funded']);
  });

  it('action_required, back to open on new data, then offered', async () => {
    const { customerId, applicationId } = await customerWithApplication(partner, {
      customer: { external_customer_id: 'ev-action' },
      company: { last_12_months_turnover: undefined },
    });
    expect((await getOffers(partner, applicationId)).offer_creation_status).toBe('action_required');
    const put = await partner.request('PUT', `/customers/${customerId}/`, customerBody({ external_customer_id: 'ev-action' }));
    expect(put.statusCode, put.body).toBe(200);
    expect((await getOffers(partner, applicationId)).offer_creation_status).toBe('offers_available');
    expect(await expectOneEventPerChange(applicationId, customerId, 'ev-action')).toEqual(['open>action_required', 'action_required>open', 'open>offered']);
  });

  it('underwriting then decline: application_declined with can_reapply_from', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { customerId, applicationId } = await customerWithApplication(partner, {
      customer: { external_customer_id: 'ev-decline' },
      application: { amount: 400000 },
    });
    await getOffers(partner, applicationId);
    expect((await t.admin('POST', `/applications/${applicationId}/start_review`)).statusCode).toBe(200);
    expect((await t.admin('POST', `/applications/${applicationId}/decision`, { outcome: 'declined' })).statusCode).toBe(200);
    expect(await expectOneEventPerChange(applicationId, customerId, 'ev-decline')).toEqual([
      'open>awaiting_underwriter',
      'awaiting_underwriter>in_underwriting',
      'in_underwriting>declined',
    ]);
    const [declined] = await eventsFor(t, { applicationId }, 'application_declined');
    expect(declined.payload).toMatchObject({ declined_at: expect.stringMatching(/^2026-03-10T10:0/), can_reapply_from: '2026-06-10' });
  });

  it('a policy decline, without external_customer_id', async () => {
    const { customerId, applicationId } = await customerWithApplication(partner, {
      company: { last_12_months_turnover: { amount: 5000, valid_from: '2026-01-01T00:00:00Z' } },
    });
    await getOffers(partner, applicationId);
    expect(await expectOneEventPerChange(applicationId, customerId, null)).toEqual(['open>declined']);
  });

  it('deferrals by the operator, the sandbox and the inactivity sweep', async () => {
    const byOperator = await customerWithApplication(partner, { customer: { external_customer_id: 'ev-def-1' } });
    expect((await t.admin('POST', `/applications/${byOperator.applicationId}/decision`, { outcome: 'deferred' })).statusCode).toBe(200);
    expect(await expectOneEventPerChange(byOperator.applicationId, byOperator.customerId, 'ev-def-1')).toEqual(['open>deferred']);

    const bySandbox = await customerWithApplication(partner);
    expect((await partner.post(`/sandbox/applications/${bySandbox.applicationId}/decision`, { data: { outcome: 'deferred' } })).statusCode).toBe(200);
    expect(await expectOneEventPerChange(bySandbox.applicationId, bySandbox.customerId, null)).toEqual(['open>deferred']);

    const inactive = await customerWithApplication(partner, { customer: { external_customer_id: 'ev-def-3' } });
    t.clock.advanceDays(91);
    await sweepInactiveApplications(t.app.ctx);
    expect(await expectOneEventPerChange(inactive.applicationId, inactive.customerId, 'ev-def-3')).toEqual(['open>deferred']);
  });

  it('expiry on read, expiry by the sweep, and revocation', async () => {
    const onRead = await offeredByPolicy(partner, { customer: { external_customer_id: 'ev-exp-1' } });
    const bySweep = await offeredByPolicy(partner);
    const revoked = await offeredByPolicy(partner, { customer: { external_customer_id: 'ev-rev' } });
    expect((await t.admin('POST', `/offers/${revoked.offers[0].offer_id}/revoke`)).statusCode).toBe(200);
    expect(await expectOneEventPerChange(revoked.applicationId, revoked.customerId, 'ev-rev')).toEqual(['open>offered', 'offered>offer_revoked']);

    t.clock.advanceDays(30);
    t.clock.set(new Date(t.clock.now().getTime() + 1000));
    expect((await partner.get(`/customers/${onRead.customerId}/applications/latest/`)).json().data.status).toBe('expired');
    await sweepExpiredOffers(t.app.ctx);
    expect(await expectOneEventPerChange(onRead.applicationId, onRead.customerId, 'ev-exp-1')).toEqual(['open>offered', 'offered>expired']);
    expect(await expectOneEventPerChange(bySweep.applicationId, bySweep.customerId, null)).toEqual(['open>offered', 'offered>expired']);
  });

  it('keeps events in the tenant of the application, also for operator changes', async () => {
    const production = await t.token(partner.partnerId, 'production');
    const { applicationId } = await customerWithApplication(production);
    expect((await t.admin('POST', `/applications/${applicationId}/decision`, { outcome: 'deferred' })).statusCode).toBe(200);
    const events = await eventsFor(t, { applicationId });
    expect(events.map((e) => e.event_type)).toEqual(['application_attributed', 'application_status_changed', 'application_deferred']);
    for (const event of events) {
      expect(event.partner_id).toBe(partner.partnerId);
      expect(event.environment).toBe('production');
    }
  });

  it('writes no event when the change is refused (same transaction)', async () => {
    const { customerId, applicationId, offers } = await offeredByPolicy(partner);
    const count = async () => (await eventsFor(t, { customerId })).length;
    const before = await count();
    // Refused decisions, a refused start of review, a refused select, refused fundings.
    expect((await t.admin('POST', `/applications/${applicationId}/decision`, { outcome: 'declined' })).statusCode).toBe(409);
    expect((await t.admin('POST', `/applications/${applicationId}/start_review`)).statusCode).toBe(409);
    expect((await partner.post(`/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'offered' } })).statusCode).toBe(409);
    expect((await partner.post(`/sandbox/offers/${offers[0].offer_id}/fundings`, { data: { amount: 10 } })).statusCode).toBe(400);
    await selectOffer(partner, offers[0].offer_id, 'introducer');
    expect((await partner.post(`/sandbox/offers/${offers[0].offer_id}/fundings`, { data: { amount: 50000.01 } })).statusCode).toBe(400);
    expect(await count()).toBe(before);
    const { rows } = await t.testDb.db.query('SELECT 1 FROM fundings WHERE offer_id = $1', [offers[0].offer_id]);
    expect(rows).toHaveLength(0);
    // The offered application's offers and status are untouched.
    expect((await getOffers(partner, applicationId)).offers.map((o) => o.status).sort()).toEqual(['available', 'selected']);
  });

  it('every event recorded above, read back from the outbox, matches its schema, and so does a sample of each type', async () => {
    for (const { webhook_event_type } of EVENT_TYPES) {
      const res = await partner.post('/sandbox/webhooks/test', { data: { webhook_event_type } });
      expect(res.statusCode, res.body).toBe(202);
    }
    const { rows } = await t.testDb.db.query<StoredEvent>('SELECT event_type, payload FROM outbox_events ORDER BY seq');
    expect(new Set(rows.map((r) => r.event_type))).toEqual(new Set(EVENT_TYPES.map((e) => e.webhook_event_type)));
    for (const row of rows) expect(payloadProblems(row.event_type, row.payload), JSON.stringify(row.payload)).toEqual([]);
  });
});
