import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { clientFor, customerBody, usePartner, useTestApp } from '../helpers/app.ts';
import { DashboardUser, invite, signedInPartnerUser } from '../helpers/dashboard.ts';
import { useReceiver } from '../helpers/receiver.ts';
import { useWorker } from '../helpers/worker.ts';

const notice = (body: string) => /<div class="notice good" role="status"><p>([^<]+)<\/p>/.exec(body)?.[1];
const secretIn = (body: string) => /id="signing-secret" class="secret" type="text" readonly value="([^"]+)"/.exec(body)?.[1];

describe.each(BACKENDS)('partner dashboard pages on %s', (backend) => {
  const t = useTestApp(backend, { env: { ALLOW_PRIVATE_WEBHOOK_URLS: 'true', WEBHOOK_RETRY_SCALE: '0.001' } });
  useWorker(t);
  const receiver = useReceiver();
  const partner = usePartner(t, { name: 'Pages Partner' });

  const auditActions = async (email: string) =>
    (
      await t.testDb.db.query<{ action: string }>('SELECT action FROM audit_log WHERE actor = $1 AND partner_user_id IS NOT NULL ORDER BY seq', [email])
    ).rows.map((r) => r.action);

  it('makes a sandbox token that works, shows its requests, the customers, and revokes it after a confirmation', async () => {
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'developer');
    await user.get('/dashboard/tokens');
    const created = await user.post('/dashboard/tokens', { name: 'Staging server', scopes: 'read,write' });
    expect(created.statusCode).toBe(201);
    const token = /id="new-token-value" class="secret" type="text" readonly value="([^"]+)"/.exec(created.body)?.[1] as string;
    expect(token).toMatch(/^sk_sandbox_/);
    const list = await user.get('/dashboard/tokens');
    expect(list.body).not.toContain(token);
    expect(list.body).toContain('Staging server');
    expect(list.body).toMatch(/<td id="token-[0-9a-f-]{36}">Staging server<\/td>(?:(?!<\/tr>).)*<td data-label="Last used">never<\/td>/s);
    const tokenId = /data-token-id="([0-9a-f-]{36})"><td id="token-\1">Staging server/.exec(list.body)?.[1] as string;
    // "Revoke" is named exactly that, and described by the token's name and creation time (contract 24).
    expect(list.body).toContain(`<a href="/dashboard/tokens/${tokenId}/revoke" aria-describedby="token-${tokenId} token-${tokenId}-created">Revoke</a>`);
    expect(list.body).toContain(`<td data-label="Created" id="token-${tokenId}-created">`);

    const api = clientFor(t.app, partner.partnerId, tokenId, token);
    expect(
      (await api.post('/customers/', customerBody({ external_customer_id: 'ext-dash-1' }, { registered_company_name: 'Dashboard Widgets Ltd' }))).statusCode,
    ).toBe(201);
    expect((await api.post('/customers/', { data: {} })).statusCode).toBe(400);
    await t.app.requestLog.flush();
    expect((await user.get('/dashboard/tokens')).body).toMatch(
      /<td id="token-[0-9a-f-]{36}">Staging server<\/td>(?:(?!<\/tr>).)*<td data-label="Last used">\d{1,2} \w+ \d{4} at \d\d:\d\d<\/td>/s,
    );
    const logs = await user.get('/dashboard/logs');
    expect(logs.body).toMatch(/<code>POST \/api\/lending\/v2.2\/customers\/?<\/code>/);
    const failed = await user.get('/dashboard/logs?failed=1');
    expect(failed.body).toContain('ValidationError');
    expect(failed.body).not.toMatch(/<td data-label="Status">201<\/td>/);
    expect((await user.get('/dashboard/customers?q=widgets')).body).toContain('Dashboard Widgets Ltd');
    expect((await user.get('/dashboard/customers?q=ext-dash-1')).body).toContain('Dashboard Widgets Ltd');
    expect((await user.get('/dashboard/customers?q=nothing-like-it')).body).toContain('id="no-customers"');
    expect((await user.get('/dashboard')).body).toMatch(/<dt>Customers<\/dt><dd><a href="\/dashboard\/customers">1<\/a><\/dd>/);

    const confirm = await user.get(`/dashboard/tokens/${tokenId}/revoke`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Revoke Staging server?');
    const revoked = await user.post(`/dashboard/tokens/${tokenId}/revoke`);
    expect(revoked.headers.location).toBe('/dashboard/tokens?done=revoked');
    expect((await api.get('/authentication_check/')).statusCode).toBe(401);
    expect(await auditActions(user.email)).toEqual(['partner_user.invitation_accepted', 'partner_user.two_factor_enabled', 'token.created', 'token.revoked']);
  });

  it('configures the webhook, reveals and rotates the secret, sends a test event, and redelivers it', async () => {
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'developer');
    await user.get('/dashboard/webhooks');
    const bad = await user.post('/dashboard/webhooks/configuration', { url: 'ftp://nowhere', token: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('aria-invalid="true"');
    const saved = await user.post('/dashboard/webhooks/configuration', { url: receiver.url, token: 'receiver-secret-token' });
    expect(saved.headers.location).toBe('/dashboard/webhooks?done=saved');
    expect((await partner.get('/webhooks/configuration/')).json().data).toEqual({ url: receiver.url, has_token: true });
    // An empty token keeps the one set (it is never shown).
    const page = await user.get('/dashboard/webhooks');
    expect(page.body).not.toContain('receiver-secret-token');
    await user.post('/dashboard/webhooks/configuration', { url: receiver.url, token: '' });
    expect((await partner.get('/webhooks/configuration/')).json().data.has_token).toBe(true);

    await user.post('/dashboard/webhooks/subscriptions', { types: 'application_offered' });
    const subscribed = (await partner.get('/webhooks/subscriptions/')).json().data.subscriptions.filter((s: { subscribed: boolean }) => s.subscribed);
    expect(subscribed.map((s: { webhook_event_type: string }) => s.webhook_event_type)).toEqual(['application_offered']);

    expect(secretIn(page.body)).toBeUndefined();
    const revealed = await user.post('/dashboard/webhooks/reveal-secret');
    expect(secretIn(revealed.body)).toBe((await partner.get('/webhooks/signing_secret/')).json().data.signing_secret);
    const rotated = await user.post('/dashboard/webhooks/rotate-secret');
    const fresh = secretIn(rotated.body);
    expect(fresh).not.toBe(secretIn(revealed.body));
    expect((await partner.get('/webhooks/signing_secret/')).json().data.signing_secret).toBe(fresh);

    const sent = await user.post('/dashboard/webhooks/test', { webhook_event_type: 'application_status_changed' });
    expect(sent.headers.location).toBe('/dashboard/webhooks?done=test');
    const [delivery] = await receiver.waitFor((r) => r.some((d) => d.eventType === 'application_status_changed'));
    expect(delivery.headers.authorization).toBe('Bearer receiver-secret-token');
    const log = (await user.getShowing('/dashboard/webhooks', delivery.eventId.slice(0, 8))).body;
    expect(log).toContain('<td data-label="Status">succeeded</td>');
    const event = await user.get(`/dashboard/events/${delivery.eventId}`);
    expect(event.statusCode).toBe(200);
    expect(event.body).toContain(`X-SVC-Event-ID: ${delivery.eventId}`);
    expect(event.body).toContain('&quot;previous_status&quot;');
    const again = await user.post('/dashboard/webhooks/redeliver', { event_id: delivery.eventId, back: 'event' });
    expect(again.headers.location).toBe(`/dashboard/events/${delivery.eventId}?done=redelivery`);
    await receiver.waitForEvent(delivery.eventId, 2);
    // Listed once no older transaction still runs (on a shared PostgreSQL, another test's can).
    await user.getShowing('/dashboard/events?type=application_status_changed', delivery.eventId);
    expect(await auditActions(user.email)).toEqual([
      'partner_user.invitation_accepted',
      'partner_user.two_factor_enabled',
      'webhook_configuration.updated',
      'webhook_configuration.updated',
      'webhook_configuration.updated',
      'webhook_configuration.signing_secret_revealed',
      'webhook_configuration.signing_secret_rotated',
      'webhook.test_event_sent',
      'webhook.redelivery_requested',
    ]);
  });

  it('lets owners invite, change roles and remove; the others only see the team', async () => {
    const { user: owner, userId: ownerId } = await signedInPartnerUser(t, partner.partnerId, 'owner');
    const { user: viewer, userId: viewerId } = await signedInPartnerUser(t, partner.partnerId, 'viewer');
    const seen = await viewer.get('/dashboard/users');
    expect(seen.body).toContain(owner.email);
    expect(seen.body).not.toContain('Invite a user');
    // "Remove" and "Change role" are named exactly that, and described by the teammate's name cell (contract 24).
    const team = (await owner.get('/dashboard/users')).body;
    expect(team).toContain(`<td id="user-${viewerId}">Viewer User</td>`);
    expect(team).toContain(`<a href="/dashboard/users/${viewerId}/remove" aria-describedby="user-${viewerId}">Remove</a>`);
    expect(team).toContain(`<button type="submit" class="secondary" aria-describedby="user-${viewerId}">Change role</button>`);
    const invited = await owner.post('/dashboard/users', { email: 'new.dev@pages.example', name: 'New Dev', role: 'developer' });
    expect(invited.statusCode).toBe(201);
    expect(invited.body).toMatch(/id="invitation-link" class="secret" type="text" readonly value="http:\/\/localhost:8080\/dashboard\/invite\?token=/);
    const firstLink = /id="invitation-link" class="secret" type="text" readonly value="([^"]+)"/.exec(invited.body)?.[1] as string;
    // An active user's email is taken; inviting someone who has not finished again makes a new link and ends the old one.
    const duplicate = await owner.post('/dashboard/users', { email: owner.email.toUpperCase(), name: 'Again', role: 'developer' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.body).toContain('already exists');
    const again = await owner.post('/dashboard/users', { email: 'NEW.dev@pages.example', name: 'New Dev', role: 'viewer' });
    expect(again.statusCode).toBe(201);
    const firstPath = new URL(firstLink);
    expect((await new DashboardUser(t).get(firstPath.pathname + firstPath.search)).statusCode).toBe(410);
    const odd = await owner.post(`/dashboard/users/${viewerId}/role`, { role: 'emperor' });
    expect(odd.statusCode).toBe(400);
    expect(odd.body).toContain('Choose a role from the list.');
    // No one changes their own role (nor removes themselves).
    expect((await owner.post(`/dashboard/users/${ownerId}/role`, { role: 'viewer' })).statusCode).toBe(403);
    expect((await owner.post(`/dashboard/users/${ownerId}/remove`)).statusCode).toBe(403);
    const changed = await owner.post(`/dashboard/users/${viewerId}/role`, { role: 'developer' });
    expect(changed.headers.location).toBe('/dashboard/users?done=role');
    expect(notice((await owner.get('/dashboard/users?done=role')).body)).toContain('Role changed');
    // A change of role ends their sessions: they log in again with the new role.
    expect((await viewer.get('/dashboard')).headers.location).toBe('/dashboard/login');
    await viewer.signIn();
    expect((await viewer.get('/dashboard')).body).toContain('(developer)');
    expect((await owner.get(`/dashboard/users/${viewerId}/remove`)).body).toContain('Remove Viewer User?');
    expect((await owner.post(`/dashboard/users/${viewerId}/remove`)).headers.location).toBe('/dashboard/users?done=removed');
    expect((await viewer.get('/dashboard')).headers.location).toBe('/dashboard/login');
    // A removed user may be invited again: with a new password and two-factor, nothing of before.
    const back = await invite(t, partner.partnerId, 'viewer', viewer.email);
    expect(back.userId).toBe(viewerId);
    expect((await viewer.login()).statusCode).toBe(401);
    expect(await auditActions(owner.email)).toEqual([
      'partner_user.invitation_accepted',
      'partner_user.two_factor_enabled',
      'partner_user.invited',
      'partner_user.invited_again',
      'partner_user.role_changed',
      'partner_user.removed',
    ]);
  });
});
