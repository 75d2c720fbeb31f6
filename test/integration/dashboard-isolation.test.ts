import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { useResource } from '../helpers/hooks.ts';
import { invite, signedInPartnerUser } from '../helpers/dashboard.ts';
import { recordEvent } from '../../src/store/outbox-store.ts';
import { sampleEvent } from '../../src/services/sample-events.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(BACKENDS)('partner dashboard isolation on %s', (backend) => {
  const t = useTestApp(backend);
  const mine = usePartner(t, { name: 'Mine Ltd' });
  const theirs = usePartner(t, { name: 'Theirs Ltd' });

  /** What the other partner, and my own production environment, hold. */
  const world = useResource('the other data', async () => {
    const myLive = await t.token(mine.partnerId, 'production');
    const sandboxEvent = (await mine.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'application_deferred' } })).json().data.event_id as string;
    const theirEvent = (await theirs.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'application_deferred' } })).json().data.event_id as string;
    // A production event: recorded directly as the service would (test events are for the sandbox).
    const liveEvent = await t.testDb.db.transaction((tx) =>
      recordEvent(
        tx,
        { partnerId: mine.partnerId, environment: 'production' },
        'application_deferred',
        sampleEvent('application_deferred', new Date()),
        new Date(),
      ),
    );
    await createCustomer(theirs, { external_customer_id: 'their-customer' }, { registered_company_name: 'Their Secret Customer Ltd' });
    await createCustomer(myLive, { external_customer_id: 'my-live-customer' }, { registered_company_name: 'My Live Customer Ltd' });
    const theirUser = await invite(t, theirs.partnerId, 'developer');
    return { myLive, sandboxEvent, theirEvent, liveEvent, theirUser };
  });

  it('shows nothing of another partner, and answers each of its ids in a URL as not found, changing nothing', async () => {
    const { user } = await signedInPartnerUser(t, mine.partnerId, 'owner');
    const { theirEvent, theirUser } = world;
    for (const path of [
      `/dashboard/events/${theirEvent}`,
      `/dashboard/tokens/${theirs.tokenId}/revoke`,
      `/dashboard/users/${theirUser.userId}/remove`,
      `/dashboard/events/${UNKNOWN}`,
      '/dashboard/events/not-a-uuid',
      '/dashboard/tokens/not-a-uuid/revoke',
    ]) {
      const res = await user.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('Page not found');
    }
    await user.get('/dashboard/webhooks');
    for (const [path, fields] of [
      [`/dashboard/tokens/${theirs.tokenId}/revoke`, {}],
      ['/dashboard/webhooks/redeliver', { event_id: theirEvent }],
      [`/dashboard/users/${theirUser.userId}/role`, { role: 'viewer' }],
      [`/dashboard/users/${theirUser.userId}/remove`, {}],
      ['/dashboard/webhooks/redeliver', { event_id: 'not-a-uuid' }],
    ] as const) {
      const res = await user.post(path, fields);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await theirs.get('/authentication_check/')).statusCode).toBe(200);
    const theirRow = await t.testDb.db.query<{ role: string; removed_at: Date | null }>('SELECT role, removed_at FROM partner_users WHERE id = $1', [
      theirUser.userId,
    ]);
    expect(theirRow.rows[0]).toEqual({ role: 'developer', removed_at: null });
    const customers = await user.get('/dashboard/customers');
    expect(customers.body).not.toContain('Their Secret Customer Ltd');
    expect((await user.get('/dashboard/customers?q=their-customer')).body).toContain('id="no-customers"');
    const users = await user.get('/dashboard/users');
    expect(users.body).not.toContain(theirUser.email);
    // The list holds an event back while an older transaction still runs (contract 17); on a shared
    // PostgreSQL another test's transaction can be that one, so the page is read until it shows.
    const events = await user.getShowing('/dashboard/events', world.sandboxEvent);
    expect(events.body).not.toContain(theirEvent);
  });

  it('shows the other environment only when the switch selects it', async () => {
    const { user } = await signedInPartnerUser(t, mine.partnerId, 'owner');
    const { liveEvent, sandboxEvent, myLive } = world;
    expect((await user.get(`/dashboard/events/${liveEvent}`)).statusCode).toBe(404);
    expect((await user.get('/dashboard/customers')).body).not.toContain('My Live Customer Ltd');
    expect((await user.get(`/dashboard/tokens/${myLive.tokenId}/revoke`)).statusCode).toBe(404);
    const tokens = await user.get('/dashboard/tokens');
    expect(tokens.body).not.toContain(myLive.tokenId);
    expect((await user.post(`/dashboard/tokens/${myLive.tokenId}/revoke`)).statusCode).toBe(404);
    expect((await myLive.get('/authentication_check/')).statusCode).toBe(200);

    const switched = await user.post('/dashboard/environment', { environment: 'production', back: '/dashboard/events' });
    expect(switched.headers.location).toBe('/dashboard/events');
    const live = await user.getShowing('/dashboard/events', liveEvent);
    expect(live.body).not.toContain(sandboxEvent);
    expect(live.body).toMatch(/aria-pressed="true"[^>]*>Production</);
    expect((await user.get(`/dashboard/events/${liveEvent}`)).statusCode).toBe(200);
    expect((await user.get(`/dashboard/events/${sandboxEvent}`)).statusCode).toBe(404);
    expect((await user.get('/dashboard/customers')).body).toContain('My Live Customer Ltd');
    // The switch goes back only to dashboard pages, never elsewhere.
    const away = await user.post('/dashboard/environment', { environment: 'sandbox', back: 'https://evil.example/' });
    expect(away.headers.location).toBe('/dashboard');
    expect((await user.get(`/dashboard/events/${sandboxEvent}`)).statusCode).toBe(200);
  });

  it("refuses a viewer's POSTs, each changing nothing", async () => {
    const { user: viewer } = await signedInPartnerUser(t, mine.partnerId, 'viewer');
    const { userId: otherId } = await signedInPartnerUser(t, mine.partnerId, 'developer');
    const snapshot = async () => {
      const q = async (sql: string, args: unknown[]) => JSON.stringify((await t.testDb.db.query(sql, args)).rows);
      return [
        await q('SELECT id, name, revoked_at FROM api_tokens WHERE partner_id = $1 ORDER BY id', [mine.partnerId]),
        await q('SELECT url, token, signing_secret FROM webhook_configs WHERE partner_id = $1 ORDER BY environment', [mine.partnerId]),
        await q('SELECT event_type FROM webhook_subscriptions WHERE partner_id = $1 ORDER BY 1', [mine.partnerId]),
        await q('SELECT id, role, removed_at FROM partner_users WHERE partner_id = $1 ORDER BY id', [mine.partnerId]),
        await q('SELECT count(*) FROM outbox_events WHERE partner_id = $1', [mine.partnerId]),
        await q('SELECT count(*) FROM production_access_requests WHERE partner_id = $1', [mine.partnerId]),
        await q("SELECT count(*) FROM audit_log WHERE action NOT LIKE 'partner_user.%'", []),
      ];
    };
    const before = await snapshot();
    await viewer.get('/dashboard/webhooks');
    const pageText = (await viewer.get('/dashboard/webhooks')).body;
    expect(pageText).not.toContain('Save webhook');
    expect(pageText).not.toContain('Reveal signing secret');
    for (const [path, fields] of [
      ['/dashboard/tokens', { name: 'Viewer token', scopes: 'read' }],
      [`/dashboard/tokens/${mine.tokenId}/revoke`, {}],
      ['/dashboard/webhooks/configuration', { url: 'https://viewer.example/hook', token: 'x' }],
      ['/dashboard/webhooks/subscriptions', { types: 'application_offered' }],
      ['/dashboard/webhooks/reveal-secret', {}],
      ['/dashboard/webhooks/rotate-secret', {}],
      ['/dashboard/webhooks/test', { webhook_event_type: 'application_offered' }],
      ['/dashboard/webhooks/redeliver', { event_id: world.sandboxEvent }],
      ['/dashboard/users', { email: 'sneaky@mine.example', name: 'Sneaky', role: 'owner' }],
      [`/dashboard/users/${otherId}/role`, { role: 'viewer' }],
      [`/dashboard/users/${otherId}/remove`, {}],
      ['/dashboard/production-access', { website: 'https://mine.example', description: 'A viewer asking for production.' }],
    ] as const) {
      const res = await viewer.post(path, fields);
      expect(res.statusCode, path).toBe(403);
      expect(res.body).toContain('Nothing was changed');
      expect(res.body).not.toMatch(/sk_sandbox_|whsec_/);
    }
    expect(await snapshot()).toEqual(before);
    expect((await mine.get('/authentication_check/')).statusCode).toBe(200);
  });
});
