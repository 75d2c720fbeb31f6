/**
 * Webhook management routes (docs/behaviour.md, section 13): configuration (write-only token, https in
 * production, no private addresses unless allowed), signing secret and rotation, event types,
 * subscriptions, and the tenancy of all of it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../src/domain/event-types.ts';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { eventually } from '../helpers/receiver.ts';

/** The event types (the ten of the spec's Events part, then ours), spelled as the X-SVC-Event-Type header. */
const SPEC_TYPES = [
  'application_attributed',
  'application_offered',
  'application_declined',
  'application_deferred',
  'application_status_changed',
  'indicative_offer_created',
  'customer_funded',
  'funding_created_202607',
  'prequalification_202505',
  'prequalification_data_file_processed_202510',
  // Ours, after funding (docs/behaviour.md, section 22).
  'loan_repayment_collected_202611',
  'loan_repayment_missed_202611',
  'loan_settled_202611',
  // Regulated agreements (docs/behaviour.md, section 23).
  'loan_withdrawn_202611',
  // Sandbox test clocks (docs/behaviour.md, section 28).
  'test_clock_ready_202611',
];

const PRIVATE_URLS = [
  'http://127.0.0.1:8080/hooks',
  'http://127.1.2.3/hooks',
  'http://localhost/hooks',
  'http://10.1.2.3/hooks',
  'http://172.16.5.4/hooks',
  'http://192.168.1.10/hooks',
  'http://169.254.169.254/latest/meta-data/',
  'http://0.0.0.0/hooks',
  'http://2130706433/hooks', // 127.0.0.1 as one decimal number
  'http://0x7f.1/hooks', // 127.0.0.1 in hex shorthand
  'http://[::1]/hooks',
  'http://[fe80::1]/hooks',
  'http://[fd00::1]/hooks',
  'http://[::ffff:127.0.0.1]/hooks',
  'http://100.64.0.1/hooks',
];

type ErrorBody = { errors: { code: string; detail: string; source?: { pointer?: string; parameter?: string } }[] };

function expectPointer(res: { statusCode: number; body: string; json(): unknown }, pointer: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as ErrorBody;
  expect(body.errors.map((e) => e.source?.pointer)).toContain(pointer);
}

describe.each(BACKENDS)('webhook management on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t, { name: 'Partner A' });
  const other = usePartner(t, { name: 'Partner B' });

  const put = (client: PartnerClient, data: unknown) => client.request('PUT', '/webhooks/configuration/', { data });

  describe('configuration', () => {
    it('starts unset: url null, no token', async () => {
      const client = await t.partner();
      const res = await client.get('/webhooks/configuration/');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { url: null, has_token: false } });
    });

    it('PUT sets the url and a write-only token; GET answers the same, never the token', async () => {
      const client = await t.partner();
      const token = `whtok_${randomUUID()}`;
      const res = await put(client, { url: 'https://8.8.8.8/hooks/lending', token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { url: 'https://8.8.8.8/hooks/lending', has_token: true } });
      expect(res.body).not.toContain(token);

      const read = await client.get('/webhooks/configuration');
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ data: { url: 'https://8.8.8.8/hooks/lending', has_token: true } });
      expect(read.body).not.toContain(token);
      // Neither the subscriptions list nor the signing secret route leaks it.
      expect((await client.get('/webhooks/subscriptions/')).body).not.toContain(token);
      expect((await client.get('/webhooks/signing_secret/')).body).not.toContain(token);
    });

    it('a PUT without a token (or with token null) removes the token; the url can change', async () => {
      const client = await t.partner();
      expect((await put(client, { url: 'https://8.8.8.8/a', token: 'secret-token-1' })).json().data.has_token).toBe(true);
      const without = await put(client, { url: 'https://8.8.4.4/b' });
      expect(without.statusCode, without.body).toBe(200);
      expect(without.json()).toEqual({ data: { url: 'https://8.8.4.4/b', has_token: false } });
      expect((await put(client, { url: 'https://8.8.8.8/a', token: 'secret-token-2' })).json().data.has_token).toBe(true);
      const nulled = await put(client, { url: 'https://8.8.8.8/a', token: null });
      expect(nulled.json()).toEqual({ data: { url: 'https://8.8.8.8/a', has_token: false } });
    });

    it('plain http to a public address is fine outside production', async () => {
      const client = await t.partner();
      const res = await put(client, { url: 'http://8.8.8.8:8443/hooks' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.url).toBe('http://8.8.8.8:8443/hooks');
    });

    it('refuses a malformed body with pointers: missing url, unknown field, not a URL, other schemes, credentials', async () => {
      const client = await t.partner();
      expectPointer(await put(client, {}), '/data/url');
      expectPointer(await put(client, { url: 'https://8.8.8.8/x', secret: 'x' }), '/data/secret');
      expectPointer(await put(client, { url: 'not a url' }), '/data/url');
      expectPointer(await put(client, { url: 'ftp://8.8.8.8/x' }), '/data/url');
      expectPointer(await put(client, { url: 'https://user:pass@8.8.8.8/x' }), '/data/url');
      expectPointer(await put(client, { url: 42 }), '/data/url');
      expectPointer(await put(client, { url: 'https://8.8.8.8/x', token: '' }), '/data/token');
      const noBody = await client.request('PUT', '/webhooks/configuration/', '', { 'content-type': 'application/json' });
      expect(noBody.statusCode).toBe(400);
      // Nothing was stored by any of them.
      expect((await client.get('/webhooks/configuration/')).json()).toEqual({ data: { url: null, has_token: false } });
    });

    it.each(PRIVATE_URLS)('refuses %s (private, loopback or link-local) with 400 at /data/url', async (url) => {
      const client = await t.partner();
      const res = await put(client, { url, token: 'tok-123456' });
      expectPointer(res, '/data/url');
      expect((res.json() as ErrorBody).errors[0].code).toBe('ValidationError');
      expect((await client.get('/webhooks/configuration/')).json()).toEqual({ data: { url: null, has_token: false } });
    });

    it('a refused URL leaves an earlier configuration as it was', async () => {
      const client = await t.partner();
      await put(client, { url: 'https://8.8.8.8/keep', token: 'keep-token' });
      expectPointer(await put(client, { url: 'http://127.0.0.1:9/x' }), '/data/url');
      expect((await client.get('/webhooks/configuration/')).json()).toEqual({ data: { url: 'https://8.8.8.8/keep', has_token: true } });
    });

    it('needs the write scope to change, read to look; no token is 401', async () => {
      const readOnly = await t.partner({ scopes: ['read'] });
      const res = await put(readOnly, { url: 'https://8.8.8.8/x' });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].code).toBe('PermissionDenied');
      expect((await readOnly.get('/webhooks/configuration/')).statusCode).toBe(200);
      expect((await readOnly.post('/webhooks/subscriptions/', { data: { webhook_event_types: ['customer_funded'] } })).statusCode).toBe(403);
      expect((await readOnly.post('/webhooks/signing_secret/rotate/')).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/lending/v2.2/webhooks/configuration/' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('signing secret', () => {
    it('is stable until rotated; rotation returns a new one that GET then answers', async () => {
      const client = await t.partner();
      const first = await client.get('/webhooks/signing_secret/');
      expect(first.statusCode, first.body).toBe(200);
      const secret = first.json().data.signing_secret as string;
      expect(Object.keys(first.json().data)).toEqual(['signing_secret']);
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect((await client.get('/webhooks/signing_secret')).json().data.signing_secret).toBe(secret);

      const rotated = await client.post('/webhooks/signing_secret/rotate/');
      expect(rotated.statusCode, rotated.body).toBe(200);
      const next = rotated.json().data.signing_secret as string;
      expect(next).not.toBe(secret);
      expect((await client.get('/webhooks/signing_secret/')).json().data.signing_secret).toBe(next);

      // Configuring the URL afterwards keeps the secret.
      await put(client, { url: 'https://8.8.8.8/x' });
      expect((await client.get('/webhooks/signing_secret/')).json().data.signing_secret).toBe(next);
    });

    it('rotating before anything else was set up works and sticks', async () => {
      const client = await t.partner();
      const rotated = (await client.post('/webhooks/signing_secret/rotate/')).json().data.signing_secret;
      expect((await client.get('/webhooks/signing_secret/')).json().data.signing_secret).toBe(rotated);
    });

    it('is one per (partner, environment)', async () => {
      const a = (await partner.get('/webhooks/signing_secret/')).json().data.signing_secret;
      const b = (await other.get('/webhooks/signing_secret/')).json().data.signing_secret;
      const live = await t.token(partner.partnerId, 'production');
      const c = (await live.get('/webhooks/signing_secret/')).json().data.signing_secret;
      expect(new Set([a, b, c]).size).toBe(3);
      // Rotating one leaves the others alone.
      await other.post('/webhooks/signing_secret/rotate/');
      expect((await partner.get('/webhooks/signing_secret/')).json().data.signing_secret).toBe(a);
      expect((await live.get('/webhooks/signing_secret/')).json().data.signing_secret).toBe(c);
    });
  });

  describe('event types', () => {
    it('lists every type, each with a description', async () => {
      const res = await partner.get('/webhooks/event_types/');
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json().data.webhook_event_types as { webhook_event_type: string; description: string }[];
      expect(list.map((e) => e.webhook_event_type).sort()).toEqual([...SPEC_TYPES].sort());
      for (const e of list) {
        expect(Object.keys(e).sort()).toEqual(['description', 'webhook_event_type']);
        expect(e.description.length).toBeGreaterThan(10);
      }
      expect(list).toEqual(EVENT_TYPES.map((e) => ({ ...e })));
    });
  });

  describe('subscriptions', () => {
    const subs = async (client: PartnerClient) => {
      const res = await client.get('/webhooks/subscriptions/');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.subscriptions as { webhook_event_type: string; url: string | null; subscribed: boolean }[];
    };
    const subscribedOf = (rows: { webhook_event_type: string; subscribed: boolean }[]) =>
      rows
        .filter((r) => r.subscribed)
        .map((r) => r.webhook_event_type)
        .sort();
    const change = (client: PartnerClient, method: 'POST' | 'DELETE', types: unknown) =>
      client.request(method, '/webhooks/subscriptions/', { data: { webhook_event_types: types } });
    const storedRows = async (client: PartnerClient) =>
      (
        await t.testDb.db.query<{ event_type: string; n: number }>(
          'SELECT event_type, count(*)::int AS n FROM webhook_subscriptions WHERE partner_id = $1 GROUP BY event_type',
          [client.partnerId],
        )
      ).rows;

    it('GET lists one row per type, none subscribed, url null until configured', async () => {
      const client = await t.partner();
      const rows = await subs(client);
      expect(rows.map((r) => r.webhook_event_type).sort()).toEqual([...SPEC_TYPES].sort());
      expect(rows.every((r) => r.subscribed === false && r.url === null)).toBe(true);
      for (const r of rows) expect(Object.keys(r).sort()).toEqual(['subscribed', 'url', 'webhook_event_type']);
      await put(client, { url: 'https://8.8.8.8/subs' });
      expect((await subs(client)).every((r) => r.url === 'https://8.8.8.8/subs')).toBe(true);
    });

    it('POST subscribes idempotently and answers the full list; DELETE unsubscribes idempotently', async () => {
      const client = await t.partner();
      const first = await change(client, 'POST', ['customer_funded', 'application_offered']);
      expect(first.statusCode, first.body).toBe(200);
      const rows = first.json().data.subscriptions;
      expect(rows).toHaveLength(SPEC_TYPES.length);
      expect(subscribedOf(rows)).toEqual(['application_offered', 'customer_funded']);

      const again = await change(client, 'POST', ['customer_funded', 'customer_funded', 'application_offered']);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await storedRows(client)).toHaveLength(2);
      expect((await storedRows(client)).every((r) => r.n === 1)).toBe(true);

      const removed = await change(client, 'DELETE', ['customer_funded']);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(subscribedOf(removed.json().data.subscriptions)).toEqual(['application_offered']);
      const removedAgain = await change(client, 'DELETE', ['customer_funded', 'application_declined']);
      expect(removedAgain.statusCode, removedAgain.body).toBe(200);
      expect(subscribedOf(removedAgain.json().data.subscriptions)).toEqual(['application_offered']);
      expect(subscribedOf(await subs(client))).toEqual(['application_offered']);
    });

    it('subscribing to all of them works', async () => {
      const client = await t.partner();
      const res = await change(client, 'POST', SPEC_TYPES);
      expect(res.statusCode, res.body).toBe(200);
      expect(subscribedOf(res.json().data.subscriptions)).toEqual([...SPEC_TYPES].sort());
      expect(await storedRows(client)).toHaveLength(SPEC_TYPES.length);
    });

    it('an unknown type is a 400 pointing at it, and nothing of that request is applied', async () => {
      const client = await t.partner();
      const res = await change(client, 'POST', ['customer_funded', 'funding_created', 'application_offered', 'Customer_Funded']);
      expect(res.statusCode, res.body).toBe(400);
      const errors = (res.json() as ErrorBody).errors;
      expect(errors.map((e) => e.source?.pointer)).toEqual(['/data/webhook_event_types/1', '/data/webhook_event_types/3']);
      expect(errors.every((e) => e.code === 'ValidationError')).toBe(true);
      expect(subscribedOf(await subs(client))).toEqual([]);

      await change(client, 'POST', ['customer_funded']);
      const del = await change(client, 'DELETE', ['customer_funded', 'nope']);
      expect(del.statusCode).toBe(400);
      expect((del.json() as ErrorBody).errors[0].source?.pointer).toBe('/data/webhook_event_types/1');
      expect(subscribedOf(await subs(client))).toEqual(['customer_funded']);
    });

    it('refuses malformed bodies: empty list, not a list, not strings, unknown field', async () => {
      const client = await t.partner();
      expectPointer(await change(client, 'POST', []), '/data/webhook_event_types');
      expectPointer(await change(client, 'POST', 'customer_funded'), '/data/webhook_event_types');
      expectPointer(await change(client, 'POST', [1]), '/data/webhook_event_types/0');
      expectPointer(await client.post('/webhooks/subscriptions/', { data: { webhook_event_types: ['customer_funded'], url: 'x' } }), '/data/url');
      expect((await client.request('DELETE', '/webhooks/subscriptions/', { data: {} })).statusCode).toBe(400);
    });
  });

  describe('sandbox test events and redelivery, validation', () => {
    it('POST /sandbox/webhooks/test refuses an unknown type (pointer); without a URL the event is recorded for the events API only', async () => {
      const client = await t.partner();
      expectPointer(await client.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'nope' } }), '/data/webhook_event_type');
      expectPointer(await client.post('/sandbox/webhooks/test', { data: {} }), '/data/webhook_event_type');
      const noUrl = await client.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'customer_funded' } });
      expect(noUrl.statusCode, noUrl.body).toBe(202);
      const eventId = noUrl.json().data.event_id;
      // Events are listed once every older transaction has ended (on a busy PostgreSQL, not at once).
      const listed = await eventually(
        async () => {
          const ids = (await client.get('/events/?types=customer_funded')).json().data.map((e: { event_id: string }) => e.event_id) as string[];
          return ids.length > 0 && ids;
        },
        15_000,
        'the test event in the events API',
      );
      expect(listed).toEqual([eventId]);
      const one = await client.get(`/events/${eventId}/`);
      expect(one.json().data.delivery).toEqual({ status: 'not_subscribed', attempts: 0 });
    });

    it('the sandbox test route refuses a production token', async () => {
      const live = await t.token(partner.partnerId, 'production');
      const res = await live.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'customer_funded' } });
      expect(res.statusCode).toBe(403);
    });

    it('redelivery of an unknown or malformed event id is 404', async () => {
      expect((await partner.post(`/webhooks/events/${randomUUID()}/redeliver/`)).statusCode).toBe(404);
      expect((await partner.post('/webhooks/events/not-a-uuid/redeliver/')).statusCode).toBe(404);
    });

    it('the delivery log validates its query parameters', async () => {
      const bad = async (query: string, parameter: string) => {
        const res = await partner.get(`/webhooks/deliveries/?${query}`);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
        expect((res.json() as ErrorBody).errors.map((e) => e.source?.parameter)).toContain(parameter);
      };
      await bad('event_id=nope', 'event_id');
      await bad('status=pending', 'status');
      await bad('limit=0', 'limit');
      await bad('limit=201', 'limit');
      await bad('cursor=abc', 'cursor');
      const empty = await partner.get('/webhooks/deliveries/');
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toEqual({ data: { deliveries: [], next_cursor: null }, meta: { next_cursor: null, previous_cursor: null } });
    });
  });

  describe('tenancy', () => {
    it("another partner (and the partner's other environment) sees none of it", async () => {
      const a = await t.partner();
      const b = await t.partner();
      await put(a, { url: 'https://8.8.8.8/a', token: 'a-token-123' });
      await a.post('/webhooks/subscriptions/', { data: { webhook_event_types: ['customer_funded', 'application_offered'] } });
      const sent = await a.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'customer_funded' } });
      expect(sent.statusCode, sent.body).toBe(202);
      const eventId = sent.json().data.event_id as string;

      for (const client of [b, await t.token(a.partnerId, 'production')]) {
        expect((await client.get('/webhooks/configuration/')).json()).toEqual({ data: { url: null, has_token: false } });
        const rows = (await client.get('/webhooks/subscriptions/')).json().data.subscriptions;
        expect(rows.every((r: { subscribed: boolean; url: string | null }) => !r.subscribed && r.url === null)).toBe(true);
        expect((await client.post(`/webhooks/events/${eventId}/redeliver/`)).statusCode).toBe(404);
        const log = await client.get(`/webhooks/deliveries/?event_id=${eventId}`);
        expect(log.json().data.deliveries).toEqual([]);
      }
      // B's own changes leave A alone.
      await put(b, { url: 'https://8.8.4.4/b' });
      await b.request('DELETE', '/webhooks/subscriptions/', { data: { webhook_event_types: ['customer_funded'] } });
      expect((await a.get('/webhooks/configuration/')).json()).toEqual({ data: { url: 'https://8.8.8.8/a', has_token: true } });
      const aRows = (await a.get('/webhooks/subscriptions/')).json().data.subscriptions;
      expect(aRows.filter((r: { subscribed: boolean }) => r.subscribed)).toHaveLength(2);
    });
  });
});

// (ALLOW_PRIVATE_WEBHOOK_URLS=true is covered in webhooks-delivery.test.ts, whose app allows them.)
describe.each(BACKENDS)('webhook URL rules in production on %s', (backend) => {
  describe('production (NODE_ENV=production)', () => {
    const t = useTestApp(backend, { env: { NODE_ENV: 'production', ALLOW_INSECURE_PUBLIC_URL: 'true' } });

    it('requires https', async () => {
      const client = await t.partner({ environment: 'production' });
      const res = await client.request('PUT', '/webhooks/configuration/', { data: { url: 'http://8.8.8.8/hooks' } });
      expectPointer(res, '/data/url');
      expect(res.json().errors[0].detail).toMatch(/https/);
      const ok = await client.request('PUT', '/webhooks/configuration/', { data: { url: 'https://8.8.8.8/hooks', token: 'prod-token-1' } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ data: { url: 'https://8.8.8.8/hooks', has_token: true } });
    });

    it('refuses private https URLs too', async () => {
      const client = await t.partner({ environment: 'production' });
      expectPointer(await client.request('PUT', '/webhooks/configuration/', { data: { url: 'https://127.0.0.1/hooks' } }), '/data/url');
      expectPointer(await client.request('PUT', '/webhooks/configuration/', { data: { url: 'https://localhost/hooks' } }), '/data/url');
      expectPointer(await client.request('PUT', '/webhooks/configuration/', { data: { url: 'https://[::1]/hooks' } }), '/data/url');
    });
  });
});
