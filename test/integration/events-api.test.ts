/**
 * The events API (docs/behaviour.md, section 17): cursor, type filter, limit, long poll woken by the outbox
 * notification, one event with its delivery status, 30-day retention, and payloads equal to the
 * webhook bodies (a worker delivers to a real receiver).
 */
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../src/domain/event-types.ts';
import { sweepOldEvents } from '../../src/services/partner-tools-sweeps.ts';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { expectError, countRows } from '../helpers/foundation.ts';
import { apply } from '../helpers/lending.ts';
import { eventually, NO_TIMEOUT_MS, useReceiver } from '../helpers/receiver.ts';
import { useWorker } from '../helpers/worker.ts';

interface EventItem {
  event_id: string;
  webhook_event_type: string;
  created_at: string;
  data: Record<string, unknown>;
}

describe.each(BACKENDS)('events API on %s', (backend) => {
  const t = useTestApp(backend, { env: { ALLOW_PRIVATE_WEBHOOK_URLS: 'true', WEBHOOK_RETRY_SCALE: '0.001', WEBHOOK_TIMEOUT_MS: String(NO_TIMEOUT_MS) } });
  const receiver = useReceiver();
  useWorker(t);

  const list = async (partner: PartnerClient, query = '') => {
    const res = await partner.get(`/events/${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: EventItem[]; has_more: boolean };
  };

  /** The listing once it holds `count` events (a shared PostgreSQL may hold new ones back a moment). */
  const listed = (partner: PartnerClient, count: number, query = '?limit=100') =>
    eventually(async () => {
      const page = await list(partner, query);
      return page.data.length >= count ? page : null;
    });
  const stored = async (partner: PartnerClient) =>
    (await t.testDb.db.query<{ id: string }>('SELECT id FROM outbox_events WHERE partner_id = $1 ORDER BY seq', [partner.partnerId])).rows.map((r) => r.id);

  it('lists every event of the tenant oldest first, pages with after and limit, filters by type', async () => {
    const partner = await t.partner();
    const other = await t.partner();
    const customerId = await createCustomer(partner);
    const applicationId = await apply(partner, customerId);
    expect((await partner.post(`/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'declined' } })).statusCode).toBe(200);
    await apply(other, await createCustomer(other));
    const ids = await stored(partner);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const all = await listed(partner, ids.length);
    expect(all.has_more).toBe(false);
    expect(all.data.map((e) => e.event_id)).toEqual(ids);
    for (const e of all.data) expect(Object.keys(e).sort()).toEqual(['created_at', 'data', 'event_id', 'webhook_event_type']);

    // Page by page with limit 1: the same events, has_more until the last.
    const paged: string[] = [];
    let after = '';
    for (;;) {
      const page = await list(partner, `?limit=1${after ? `&after=${after}` : ''}`);
      paged.push(...page.data.map((e) => e.event_id));
      if (!page.has_more) break;
      after = page.data[0].event_id;
    }
    expect(paged).toEqual(all.data.map((e) => e.event_id));

    const attributed = await list(partner, '?types=application_attributed');
    expect(attributed.data.length).toBe(1);
    expect(attributed.data[0].webhook_event_type).toBe('application_attributed');
    expect(attributed.data[0].data.customer_id).toBe(customerId);
    const both = await list(partner, '?types=application_attributed,application_status_changed');
    expect(both.data.every((e) => ['application_attributed', 'application_status_changed'].includes(e.webhook_event_type))).toBe(true);

    // The cursor after the last event: nothing more.
    const last = all.data[all.data.length - 1].event_id;
    expect((await list(partner, `?after=${last}`)).data).toEqual([]);
    // Another tenant's event id is unknown here.
    const theirs = await listed(other, 1, '');
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.every((e) => !all.data.some((mine) => mine.event_id === e.event_id))).toBe(true);
    expect(expectError(await partner.get(`/events/?after=${theirs.data[0].event_id}`), 400, 'ValidationError')[0].source).toEqual({ parameter: 'after' });
  });

  it('answers 400 with the parameter for an unknown after, type or a bad number', async () => {
    const partner = await t.partner();
    const cases: [string, string][] = [
      ['?after=0f8fad5b-d9cb-469f-a165-70867728950e', 'after'],
      ['?after=nope', 'after'],
      ['?types=application_offered,no_such_type', 'types'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=ten', 'limit'],
      ['?wait=31', 'wait'],
      ['?wait=-1', 'wait'],
    ];
    for (const [query, parameter] of cases) {
      const errors = expectError(await partner.get(`/events/${query}`), 400, 'ValidationError');
      expect(errors[0].source, query).toEqual({ parameter });
    }
  });

  it('long poll: a waiting request answers with the event the notification announces', { timeout: 25_000 }, async () => {
    const partner = await t.partner();
    const start = await list(partner, '');
    expect(start.data).toEqual([]);
    // wait=30 is longer than this test may take: only the notification can answer it in time.
    const polling = partner.get('/events/?wait=30');
    // Another tenant's event wakes nothing of ours: once the other tenant's own long poll has its
    // event, the notification has come (every waiting poll hears it at once), and ours waits on.
    const other = await t.partner();
    const otherPolling = other.get('/events/?wait=30');
    await apply(other, await createCustomer(other));
    expect((await otherPolling).json().data.length).toBeGreaterThan(0);
    const customerId = await createCustomer(partner);
    const applicationId = await apply(partner, customerId);
    const answered = await polling;
    expect(answered.statusCode, answered.body).toBe(200);
    const events = answered.json().data as EventItem[];
    expect(events.length).toBeGreaterThan(0);
    expect(events[0].data.application_id).toBe(applicationId);
  });

  it('a long poll with a type filter answers only with that type', { timeout: 25_000 }, async () => {
    const partner = await t.partner();
    const polling = partner.get('/events/?wait=30&types=application_declined');
    const applicationId = await apply(partner, await createCustomer(partner));
    expect((await partner.post(`/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'declined' } })).statusCode).toBe(200);
    const answered = await polling;
    expect(answered.statusCode, answered.body).toBe(200);
    const events = answered.json().data as EventItem[];
    expect(events.map((e) => e.webhook_event_type)).toEqual(['application_declined']);
    expect(events[0].data.application_id).toBe(applicationId);
  });

  it('a long poll with nothing new waits out its time and answers empty', async () => {
    const partner = await t.partner();
    const res = await partner.get('/events/?wait=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], has_more: false });
  });

  it('the payload is exactly the webhook body; one event shows its delivery status', { timeout: 30_000 }, async () => {
    const partner = await t.partner();
    expect((await partner.request('PUT', '/webhooks/configuration/', { data: { url: receiver.url } })).statusCode).toBe(200);
    expect((await partner.post('/webhooks/subscriptions/', { data: { webhook_event_types: ['application_attributed'] } })).statusCode).toBe(200);
    const customerId = await createCustomer(partner, { external_customer_id: 'ext-events-1' });
    const applicationId = await apply(partner, customerId);
    expect((await partner.post(`/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'declined' } })).statusCode).toBe(200);
    const events = (await listed(partner, (await stored(partner)).length)).data;
    const attributed = events.find((e) => e.webhook_event_type === 'application_attributed')!;
    const unsubscribed = events.find((e) => e.webhook_event_type !== 'application_attributed')!;
    const delivered = await receiver.waitFor((all) => all.some((d) => d.eventId === attributed.event_id));
    const delivery = delivered.find((d) => d.eventId === attributed.event_id)!;
    expect(delivery.body).toEqual({ data: attributed.data });
    expect(JSON.parse(delivery.rawBody).data).toEqual(attributed.data);

    const one = await eventually(async () => {
      const res = await partner.get(`/events/${attributed.event_id}/`);
      const body = res.json().data;
      return body.delivery.status === 'delivered' ? body : null;
    });
    expect(one).toMatchObject({ event_id: attributed.event_id, webhook_event_type: 'application_attributed', data: attributed.data });
    expect(one.delivery.attempts).toBeGreaterThanOrEqual(1);
    const notSubscribed = (await partner.get(`/events/${unsubscribed.event_id}/`)).json().data;
    expect(notSubscribed.delivery).toEqual({ status: 'not_subscribed', attempts: 0 });

    expectError(await partner.get('/events/0f8fad5b-d9cb-469f-a165-70867728950e/'), 404, 'NotFound');
    const stranger = await t.partner();
    expectError(await stranger.get(`/events/${attributed.event_id}/`), 404, 'NotFound');
  });

  it('every event type: the events API item is the body the webhook receiver got', { timeout: 60_000 }, async () => {
    const partner = await t.partner();
    expect((await partner.request('PUT', '/webhooks/configuration/', { data: { url: receiver.url } })).statusCode).toBe(200);
    const sent: string[] = [];
    for (const { webhook_event_type } of EVENT_TYPES) {
      const res = await partner.post('/sandbox/webhooks/test', { data: { webhook_event_type } });
      expect(res.statusCode, res.body).toBe(202);
      sent.push(res.json().data.event_id);
    }
    const items = (await listed(partner, sent.length)).data;
    expect(items.map((e) => e.event_id)).toEqual(sent);
    const delivered = await receiver.waitFor((all) => sent.every((id) => all.some((d) => d.eventId === id)), 30_000);
    for (const item of items) {
      const delivery = delivered.find((d) => d.eventId === item.event_id)!;
      expect(delivery.eventType).toBe(item.webhook_event_type);
      expect(JSON.parse(delivery.rawBody)).toEqual({ data: item.data });
    }
  });

  it('keeps events 30 days: older ones are not listed and the sweep deletes them', async () => {
    const partner = await t.partner();
    await apply(partner, await createCustomer(partner));
    const before = (await listed(partner, 1)).data;
    expect(before.length).toBe(1);
    await t.testDb.db.query(`UPDATE outbox_events SET created_at = now() - interval '31 days', dispatched_at = now() WHERE partner_id = $1`, [
      partner.partnerId,
    ]);
    expect((await list(partner, '')).data).toEqual([]);
    expectError(await partner.get(`/events/${before[0].event_id}/`), 404, 'NotFound');
    expect(await sweepOldEvents(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await countRows(t, 'outbox_events', 'partner_id = $1', [partner.partnerId])).toBe(0);
  });
});
