import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { BASE, clientFor, useTestApp } from '../helpers/app.ts';
import { signedInOperator } from '../helpers/console.ts';
import { acceptInvitation, signedInPartnerUser } from '../helpers/dashboard.ts';

describe.each(BACKENDS)('partner dashboard go-live on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });

  const audit = async (partnerId: string) =>
    (
      await t.testDb.db.query<{ action: string; actor: string }>(
        "SELECT action, actor FROM audit_log WHERE target_id = $1 AND action LIKE 'production_access.%' ORDER BY seq",
        [partnerId],
      )
    ).rows;
  const tokenCount = async (partnerId: string, environment: string) =>
    (await t.testDb.db.query('SELECT 1 FROM api_tokens WHERE partner_id = $1 AND environment = $2', [partnerId, environment])).rows.length;

  it('invites the first owner from the console, the link shown once and working once', async () => {
    const partner = await t.partner({ name: 'Console Invites Ltd' });
    const { user: admin } = await signedInOperator(t, 'admin');
    await admin.get(`/console/partners/${partner.partnerId}`);
    const bad = await admin.post(`/console/partners/${partner.partnerId}/users`, { user_email: 'not an email', user_name: '', user_role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Email must be an email address');
    const made = await admin.post(`/console/partners/${partner.partnerId}/users`, {
      user_email: 'first.owner@partner.example',
      user_name: 'First Owner',
      user_role: 'owner',
    });
    expect(made.statusCode).toBe(201);
    const link = /id="invitation-link">([^<]+)</.exec(made.body)?.[1] as string;
    expect(link).toMatch(/^http:\/\/localhost:8080\/dashboard\/invite\?token=/);
    expect((await admin.get(`/console/partners/${partner.partnerId}`)).body).not.toContain(link);
    const url = new URL(link);
    await acceptInvitation(t, url.pathname + url.search, 'first.owner@partner.example');
    await admin.get(`/console/partners/${partner.partnerId}`);
    const again = await admin.post(`/console/partners/${partner.partnerId}/users`, {
      user_email: 'First.Owner@partner.example',
      user_name: 'Again',
      user_role: 'owner',
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('already exists');
    expect((await admin.get(`/console/partners/${partner.partnerId}`)).body).toMatch(
      /First Owner<\/td><td data-label="Email">first.owner@partner.example<\/td><td data-label="Role">owner<\/td>\s*<td data-label="State">active/,
    );
  });

  it('gives production tokens only after an operator approves the owner’s request', async () => {
    const partner = await t.partner({ name: 'Going Live Ltd' });
    const { user: owner } = await signedInPartnerUser(t, partner.partnerId, 'owner');
    const { user: developer } = await signedInPartnerUser(t, partner.partnerId, 'developer');
    const overview = await owner.get('/dashboard');
    expect(overview.body).toContain('You have the sandbox only.');
    expect(overview.body).toContain('Request production access');

    // Before approval: no production token, whoever asks.
    await owner.post('/dashboard/environment', { environment: 'production', back: '/dashboard/tokens' });
    const locked = await owner.get('/dashboard/tokens');
    expect(locked.body).toContain('id="production-locked"');
    const refused = await owner.post('/dashboard/tokens', { name: 'Live server', scopes: 'read,write' });
    expect(refused.statusCode).toBe(403);
    expect(await tokenCount(partner.partnerId, 'production')).toBe(0);

    // A developer cannot ask; an owner's request is checked, then waits.
    await developer.get('/dashboard');
    expect((await developer.post('/dashboard/production-access', { website: 'https://going-live.example', description: 'A lending widget' })).statusCode).toBe(
      403,
    );
    await owner.get('/dashboard');
    const invalid = await owner.post('/dashboard/production-access', { website: 'going live', description: 'short' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Enter the company website as an address');
    const asked = await owner.post('/dashboard/production-access', {
      website: 'https://going-live.example',
      description: 'Loans for our merchants at checkout.',
    });
    expect(asked.headers.location).toBe('/dashboard?done=requested');
    expect((await owner.get('/dashboard')).body).toContain('is waiting for the lender');

    // The console: a viewer sees the request but no buttons, and cannot decide by hand.
    const { user: viewer } = await signedInOperator(t, 'viewer');
    const seen = await viewer.get(`/console/partners/${partner.partnerId}`);
    expect(seen.body).toContain('https://going-live.example');
    expect(seen.body).not.toContain('Approve production access');
    expect((await viewer.post(`/console/partners/${partner.partnerId}/production-access`, { decision: 'approved' })).statusCode).toBe(403);
    expect(await audit(partner.partnerId)).toEqual([{ action: 'production_access.requested', actor: owner.email }]);

    const { user: admin, operator } = await signedInOperator(t, 'admin');
    await admin.get(`/console/partners/${partner.partnerId}`);
    const declined = await admin.post(`/console/partners/${partner.partnerId}/production-access`, { decision: 'declined' });
    expect(declined.headers.location).toBe(`/console/partners/${partner.partnerId}?done=declined#dashboard`);
    await owner.get('/dashboard');
    expect((await owner.get('/dashboard')).body).toContain('Your last request was declined');
    await owner.post('/dashboard/production-access', { website: 'https://going-live.example', description: 'Loans for our merchants, now with KYC.' });
    await admin.get(`/console/partners/${partner.partnerId}`);
    await admin.post(`/console/partners/${partner.partnerId}/production-access`, { decision: 'approved' });
    expect((await admin.get(`/console/partners/${partner.partnerId}`)).body).toContain('Approved: production tokens allowed since');
    expect(await audit(partner.partnerId)).toEqual([
      { action: 'production_access.requested', actor: owner.email },
      { action: 'production_access.declined', actor: operator.email },
      { action: 'production_access.requested', actor: owner.email },
      { action: 'production_access.approved', actor: operator.email },
    ]);

    // Now the owner creates a production token, shown once, that works; a developer still cannot.
    await owner.get('/dashboard/tokens');
    const created = await owner.post('/dashboard/tokens', { name: 'Live server', scopes: 'read' });
    expect(created.statusCode).toBe(201);
    const token = /id="new-token-value" class="secret" type="text" readonly value="([^"]+)"/.exec(created.body)?.[1] as string;
    expect(token).toMatch(/^sk_live_/);
    const check = await clientFor(t.app, partner.partnerId, '', token).get(`${BASE}/authentication_check/`);
    expect(check.statusCode).toBe(200);
    expect(check.json().data.environment).toBe('production');
    expect((await owner.get('/dashboard/tokens')).body).not.toContain(token);
    await developer.post('/dashboard/environment', { environment: 'production', back: '/dashboard/tokens' });
    await developer.get('/dashboard/tokens');
    expect((await developer.post('/dashboard/tokens', { name: 'Sneaky', scopes: 'read' })).statusCode).toBe(403);
    expect(await tokenCount(partner.partnerId, 'production')).toBe(1);
  });

  it('decides through the admin API too', async () => {
    const partner = await t.partner({ name: 'Automated Ltd' });
    const decline = await t.admin('POST', `/partners/${partner.partnerId}/production_access`, { decision: 'declined' });
    expect(decline.statusCode).toBe(400);
    const approve = await t.admin('POST', `/partners/${partner.partnerId}/production_access`, { decision: 'approved' });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toEqual({ data: { partner_id: partner.partnerId, status: 'approved' } });
    expect(await audit(partner.partnerId)).toEqual([{ action: 'production_access.approved', actor: 'admin token' }]);
    expect((await t.admin('POST', `/partners/${partner.partnerId}/production_access`, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await t.admin('POST', '/partners/00000000-0000-4000-8000-000000000000/production_access', { decision: 'approved' })).statusCode).toBe(404);
    const users = await t.admin('POST', '/partners/00000000-0000-4000-8000-000000000000/users', { email: 'x@partner.example', name: 'X', role: 'owner' });
    expect(users.statusCode).toBe(404);
  });
});
