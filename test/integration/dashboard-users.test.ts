import { describe, expect, it } from 'vitest';
import { BACKENDS, openPristinePglite } from '../helpers/db.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { acceptInvitation, DashboardUser, invite, PASSWORD, signedInPartnerUser } from '../helpers/dashboard.ts';
import { checkInvitation, removePartnerUser } from '../../src/services/partner-users.ts';
import { migrate } from '../../src/store/migrate.ts';
import { loadConfig } from '../../src/config.ts';
import { banner, bootstrap, DEMO_DASHBOARD_OWNER } from '../../src/bootstrap.ts';
import { currentCode } from '../../src/services/two-factor.ts';

const problem = (body: string) => /<div class="notice bad" role="alert"><p>([^<]+)<\/p>/.exec(body)?.[1];

describe.each(BACKENDS)('partner dashboard users on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });
  const partner = usePartner(t);

  const userRow = async (id: string) =>
    (
      await t.testDb.db.query<{ password_hash: string | null; totp_secret_enc: string | null; two_factor_enabled_at: Date | null }>(
        'SELECT password_hash, totp_secret_enc, two_factor_enabled_at FROM partner_users WHERE id = $1',
        [id],
      )
    ).rows[0];

  it('invites through the admin API, sets a password and two-factor authentication, and shows ten recovery codes once', async () => {
    const invitation = await invite(t, partner.partnerId, 'owner');
    expect(invitation.path).toMatch(/^\/dashboard\/invite\?token=[A-Za-z0-9_-]{43}$/);
    const user = new DashboardUser(t);
    const page = await user.get(invitation.path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Owner User');
    expect(page.headers['set-cookie']).toMatch(/dashboard_session=.*Path=\/dashboard.*HttpOnly.*SameSite=Strict/);
    // Too short, and common: refused, nothing stored, the link still works.
    const short = await user.post('/dashboard/invite', { token: invitation.token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('The password must be at least 12 characters');
    const common = await user.post('/dashboard/invite', { token: invitation.token, password: 'Qwerty123456' });
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain('one of the most common passwords');
    expect((await userRow(invitation.userId)).password_hash).toBeNull();
    const set = await user.post('/dashboard/invite', { token: invitation.token, password: PASSWORD });
    expect(set.statusCode).toBe(303);
    expect(set.headers.location).toBe('/dashboard/two-factor/setup');
    // A password alone opens nothing.
    expect((await user.get('/dashboard')).headers.location).toBe('/dashboard/login');
    const setup = await user.get('/dashboard/two-factor/setup');
    expect(setup.body).toMatch(/<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" width="200" height="200" alt="QR code/);
    const secret = (/id="totp-secret">([A-Z2-7 ]+)</.exec(setup.body)?.[1] ?? '').replaceAll(' ', '');
    // The same secret until it is confirmed (a reload does not change the app's entry).
    expect((await user.get('/dashboard/two-factor/setup')).body).toContain(`id="totp-secret">${secret.replace(/(.{4})(?=.)/g, '$1 ')}<`);
    const wrong = await user.post('/dashboard/two-factor/setup', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await userRow(invitation.userId)).two_factor_enabled_at).toBeNull();
    const on = await user.post('/dashboard/two-factor/setup', { code: currentCode(secret, t.clock.now()) });
    expect(on.statusCode).toBe(200);
    const codes = [...on.body.matchAll(/<li><code>([a-z0-9-]{19})<\/code><\/li>/g)].map((m) => m[1]);
    expect(new Set(codes).size).toBe(10);
    const overview = await user.get('/dashboard');
    expect(overview.statusCode).toBe(200);
    expect(overview.body).toContain('<h1>Overview');
    // Secrets at rest: the TOTP secret encrypted, the password and the recovery codes hashed.
    const row = await userRow(invitation.userId);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.totp_secret_enc).toMatch(/^v1\./);
    expect(row.totp_secret_enc).not.toContain(secret);
    const stored = await t.testDb.db.query<{ code_hash: string }>('SELECT code_hash FROM partner_user_recovery_codes WHERE partner_user_id = $1', [
      invitation.userId,
    ]);
    expect(stored.rows).toHaveLength(10);
    expect(stored.rows.map((r) => r.code_hash)).not.toContain(codes[0]);
    const audit = await t.testDb.db.query<{ action: string; actor: string; partner_user_id: string | null }>(
      "SELECT action, actor, partner_user_id FROM audit_log WHERE action LIKE 'partner_user.%' AND (target_id = $1 OR summary->>'user_id' = $1) ORDER BY seq",
      [invitation.userId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['partner_user.invited', 'partner_user.invitation_accepted', 'partner_user.two_factor_enabled']);
    expect(audit.rows[0]).toMatchObject({ actor: 'admin token', partner_user_id: null });
    expect(audit.rows[1]).toMatchObject({ actor: invitation.email, partner_user_id: invitation.userId });
  });

  it('refuses a used, an expired and an unknown invitation with a clear page, changing nothing', async () => {
    const first = await invite(t, partner.partnerId, 'developer');
    await acceptInvitation(t, first.path, first.email);
    const again = new DashboardUser(t);
    const used = await again.get(first.path);
    expect(used.statusCode).toBe(410);
    expect(used.body).toContain('already been used');
    // Posting to it anyway (with a form token of another page) is refused the same way.
    await again.get('/dashboard/login');
    const reuse = await again.post('/dashboard/invite', { token: first.token, password: 'another long password 99' });
    expect(reuse.statusCode).toBe(410);
    expect((await again.login(first.email, 'another long password 99')).statusCode).toBe(401);

    const late = await invite(t, partner.partnerId, 'viewer');
    t.clock.set(new Date(Date.now() + 72 * 3600 * 1000 + 60_000));
    const expired = await new DashboardUser(t).get(late.path);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('has expired');
    expect((await userRow(late.userId)).password_hash).toBeNull();

    const unknown = await new DashboardUser(t).get('/dashboard/invite?token=not-a-real-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('not valid');
    expect((await new DashboardUser(t).get('/dashboard/invite')).statusCode).toBe(404);
  });

  it('logs in with a password and a code; wrong emails, passwords and codes answer alike and a code is accepted once', async () => {
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'viewer');
    const other = new DashboardUser(t);
    const wrongEmail = await other.login('nobody@partner.example', PASSWORD);
    const wrongPassword = await other.login(user.email, 'not the password at all');
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.statusCode).toBe(401);
    expect(problem(wrongEmail.body)).toBe('The email or password is not right.');
    expect(problem(wrongPassword.body)).toBe(problem(wrongEmail.body));

    const fresh = new DashboardUser(t);
    Object.assign(fresh, { email: user.email, totpSecret: user.totpSecret });
    expect((await fresh.login()).headers.location).toBe('/dashboard/login/verify');
    expect((await fresh.get('/dashboard/tokens')).headers.location).toBe('/dashboard/login');
    await fresh.get('/dashboard/login/verify');
    const bad = await fresh.post('/dashboard/login/verify', { code: '123456' });
    expect(bad.statusCode).toBe(401);
    expect(problem(bad.body)).toContain('That code is not right');
    const code = fresh.code();
    expect((await fresh.post('/dashboard/login/verify', { code })).headers.location).toBe('/dashboard');
    expect((await fresh.get('/dashboard')).statusCode).toBe(200);
    // The same code a second time (same time step) is refused.
    const replay = new DashboardUser(t);
    await replay.login(user.email, PASSWORD);
    await replay.get('/dashboard/login/verify');
    expect((await replay.post('/dashboard/login/verify', { code })).statusCode).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'developer');
    const [code] = user.recoveryCodes;
    const once = new DashboardUser(t);
    await once.login(user.email, PASSWORD);
    await once.get('/dashboard/login/verify');
    const used = await once.post('/dashboard/login/verify', { code: code.toUpperCase() });
    expect(used.headers.location).toBe('/dashboard?recovery_left=9');
    expect((await once.get(used.headers.location as string)).body).toContain('9 of them are left');
    const twice = new DashboardUser(t);
    await twice.login(user.email, PASSWORD);
    await twice.get('/dashboard/login/verify');
    expect((await twice.post('/dashboard/login/verify', { code })).statusCode).toBe(401);
  });

  it('locks an email for 15 minutes after 5 failures, wrong codes counting too', async () => {
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'viewer');
    const guesser = new DashboardUser(t);
    for (let i = 0; i < 3; i++) expect((await guesser.login(user.email, `wrong password ${i}xx`)).statusCode).toBe(401);
    await guesser.login(user.email, PASSWORD);
    await guesser.get('/dashboard/login/verify');
    expect((await guesser.post('/dashboard/login/verify', { code: '000001' })).statusCode).toBe(401);
    const locked = await guesser.post('/dashboard/login/verify', { code: '000002' });
    expect(locked.statusCode).toBe(429);
    expect(problem(locked.body)).toContain('locked for 15 minutes');
    expect((await new DashboardUser(t).login(user.email, PASSWORD)).statusCode).toBe(429);
    t.clock.set(new Date(Date.now() + 16 * 60_000));
    expect((await new DashboardUser(t).login(user.email, PASSWORD)).statusCode).toBe(303);
  });

  it('refuses POSTs without the form token and cookies it did not issue', async () => {
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'owner');
    await user.get('/dashboard/tokens');
    const noCsrf = await user.post('/dashboard/tokens', { name: 'No token' }, { csrf: null });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.body).toContain('This form has expired');
    const forged = new DashboardUser(t);
    forged.cookie = 'dashboard_session=forged-value-that-was-never-issued';
    expect((await forged.get('/dashboard')).headers.location).toBe('/dashboard/login');
    const post = await forged.post('/dashboard/tokens', { name: 'Forged' }, { csrf: 'made-up' });
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toBe('/dashboard/login');
    const tokens = await t.testDb.db.query("SELECT 1 FROM api_tokens WHERE name IN ('No token', 'Forged')");
    expect(tokens.rows).toHaveLength(0);
  });

  it('ends sessions after 30 minutes idle and 12 hours in all, and opens nothing of a suspended partner', async () => {
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'viewer');
    const start = t.clock.now().getTime();
    for (let minutes = 25; minutes <= 12 * 60 - 25; minutes += 25) {
      t.clock.set(new Date(start + minutes * 60_000));
      expect((await user.get('/dashboard')).statusCode, `after ${minutes} minutes`).toBe(200);
    }
    t.clock.set(new Date(start + 12 * 3600_000 + 60_000));
    expect((await user.get('/dashboard')).headers.location).toBe('/dashboard/login');
    await user.signIn();
    t.clock.set(new Date(t.clock.now().getTime() + 31 * 60_000));
    expect((await user.get('/dashboard')).headers.location).toBe('/dashboard/login');

    const suspended = await t.partner({ name: 'Suspended Ltd' });
    const { user: member } = await signedInPartnerUser(t, suspended.partnerId, 'owner');
    expect((await t.admin('POST', `/partners/${suspended.partnerId}/suspend`)).statusCode).toBeLessThan(300);
    expect((await member.get('/dashboard')).headers.location).toBe('/dashboard/login');
    expect((await member.login()).statusCode).toBe(401);
    expect((await t.admin('POST', `/partners/${suspended.partnerId}/reinstate`)).statusCode).toBeLessThan(300);
    await member.signIn();
  });

  it("ends a removed user's live session at once", async () => {
    const { user: owner, userId: ownerId } = await signedInPartnerUser(t, partner.partnerId, 'owner');
    const { user: gone, userId: goneId } = await signedInPartnerUser(t, partner.partnerId, 'developer');
    expect((await gone.get('/dashboard')).statusCode).toBe(200);
    await removePartnerUser(
      t.app.ctx,
      { kind: 'partner_user', partnerUserId: ownerId, partnerId: partner.partnerId, email: owner.email, role: 'owner' },
      goneId,
    );
    const after = await gone.get('/dashboard');
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe('/dashboard/login');
    expect((await gone.login()).statusCode).toBe(401);
  });
});

describe('the demo dashboard owner of a fresh embedded start', () => {
  it('is invited once, the link printed once', async () => {
    const db = await openPristinePglite();
    try {
      await migrate(db);
      const config = loadConfig({ LOG_LEVEL: 'silent' });
      const first = await bootstrap(config, db);
      const link = first.generated.demoDashboardInvitation as string;
      expect(link).toMatch(/^http:\/\/localhost:8080\/dashboard\/invite\?token=/);
      expect(banner(config, first)).toContain(link);
      const state = await checkInvitation({ db, now: () => new Date() }, new URL(link).searchParams.get('token') as string);
      expect(state.ok && [state.user.email, state.user.role, state.user.partner_id]).toEqual([
        DEMO_DASHBOARD_OWNER.email,
        'owner',
        first.generated.demoPartnerId,
      ]);
      const second = await bootstrap(config, db);
      expect(second.generated.demoDashboardInvitation).toBeUndefined();
      expect(banner(config, second)).not.toContain(link);
    } finally {
      await db.close();
    }
  });
});
