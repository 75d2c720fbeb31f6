/**
 * Single sign-on through the console's pages (docs/behaviour.md, section 29), against a real
 * OpenID Provider (oidc-provider on a loopback port): "Sign in with {provider}" starts the flow
 * with a cookie of its own, the callback signs the operator in with the role of the claim (no
 * second-factor step of ours, no "Change password"); each refusal is a page in words with no
 * session; the provider being down is a page and password login still works; OIDC_ONLY turns
 * password login off.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { BACKENDS } from '../helpers/db.ts';
import type { TestApp } from '../helpers/app.ts';
import { ConsoleUser, signedInOperator, withTwoFactor } from '../helpers/console.ts';
import { expectRefused, useSignOn } from '../helpers/sign-on.ts';
import { setCookies } from '../helpers/web-user.ts';
import { createOperator, deactivateOperator } from '../../src/services/operators.ts';
import { issueSetupLink } from '../../src/services/operator-two-factor.ts';
import { startWebSession, sweepEndedSessions } from '../../src/services/web-sessions.ts';
import { auditPage } from '../../src/services/audit.ts';
import { findOperatorByEmail } from '../../src/store/operators-store.ts';

const REDIS: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};

const operatorFor = (t: TestApp, email: string, role: 'viewer' | 'underwriter' | 'admin' = 'viewer') =>
  createOperator(t.app.ctx, { kind: 'admin_token' }, { email, name: 'Pat Password', role });

describe.each(BACKENDS)('single sign-on in the console on %s', (backend) => {
  const { provider, t, person, throughProvider, signOn } = useSignOn(backend);

  it('offers the provider beside the password form and signs the operator in with the role of the claim, without a step of ours', async () => {
    const page = await new ConsoleUser(t).get('/console/login');
    expect(page.body).toContain('<a class="button" href="/console/login/sso">Sign in with Okta</a>');
    expect(page.body).toContain('action="/console/login"');

    const someone = person({ roles: ['viewer'] });
    const user = new ConsoleUser(t);
    const { started, flow, flowCookie, path } = await throughProvider(user, someone.id);
    expect(String(started.headers.location).startsWith(`${provider.issuer}/auth?`)).toBe(true);
    expect(flow).toMatch(/; Max-Age=600; Path=\/console\/login\/callback; HttpOnly; SameSite=Lax/);
    const done = await user.get(path, flowCookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers.refresh).toBe('0; url=/console/applications');
    expect(done.body).toContain('Welcome, Sky Sign-On.');
    expect(setCookies(done).find((line) => line.startsWith('console_sign_on='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(setCookies(done).find((line) => line.startsWith('console_session='))).toMatch(/SameSite=Strict/);

    const queue = await user.get('/console/applications');
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain('Sky Sign-On (viewer)');
    expect(queue.body).not.toContain('Change password');
    expect((await user.get('/console/operators')).statusCode).toBe(403);
    const password = await user.get('/console/password');
    expect(password.body).toContain('You signed in through Okta: your password is kept there.');
    expect(password.body).not.toContain('name="current_password"');
    expect((await user.post('/console/password', { current_password: 'x', new_password: 'a brand new passphrase 77' })).statusCode).toBe(403);
    // Signed in already: the login page and the button lead to the queue.
    expect((await user.get('/console/login')).headers.location).toBe('/console/applications');
    expect((await user.get('/console/login/sso')).headers.location).toBe('/console/applications');
  });

  it('refuses with a page in words, and no session: no role, an unverified email, a deactivated operator, a token for another audience', async () => {
    expectRefused(await signOn(new ConsoleUser(t), person({ roles: ['auditor'] }).id), 403, 'You have no role in the operator console.');
    expectRefused(await signOn(new ConsoleUser(t), person({ roles: 'admin', email_verified: false }).id), 403, 'Okta has not verified your email address');
    const gone = person({ roles: 'admin' });
    const { operator } = await operatorFor(t, gone.email);
    await deactivateOperator(t.app.ctx, { kind: 'admin_token' }, operator.id);
    expectRefused(await signOn(new ConsoleUser(t), gone.id), 403, 'Your operator account has been deactivated');
    provider.idTokenAudience = 'another-application';
    try {
      expectRefused(await signOn(new ConsoleUser(t), person({ roles: 'admin' }).id), 400, 'Okta answered for another application');
    } finally {
      provider.idTokenAudience = null;
    }
    const denied = await new ConsoleUser(t).get('/console/login/callback?error=access_denied&state=whatever');
    expectRefused(denied, 400, 'This sign-in did not start in this browser');
  });

  it('refuses a callback without its cookie, a replayed one and one too late', async () => {
    const someone = person({ roles: 'viewer' });
    const user = new ConsoleUser(t);
    const first = await throughProvider(user, someone.id);
    // Another browser (no flow cookie): refused, and the flow is spent.
    expectRefused(await new ConsoleUser(t).get(first.path), 400, 'This sign-in did not start in this browser');
    expectRefused(await user.get(first.path, first.flowCookie), 400, 'This sign-in has been used already');
    const late = await throughProvider(user, someone.id);
    t.clock.set(new Date(t.clock.now().getTime() + 11 * 60_000));
    expectRefused(await user.get(late.path, late.flowCookie), 400, 'This sign-in took longer than 10 minutes');
    expect((await user.get('/console/applications')).headers.location).toBe('/console/login');
  });

  it("ends the operator's password sessions, not the new one, when it signs in through the provider", async () => {
    const someone = person({ roles: 'underwriter' });
    const { user: byPassword } = await signedInOperator(t, 'underwriter', someone.email);
    expect((await byPassword.get('/console/applications')).statusCode).toBe(200);
    const bySignOn = new ConsoleUser(t);
    expect((await signOn(bySignOn, someone.id)).statusCode).toBe(200);
    expect((await byPassword.get('/console/applications')).headers.location).toBe('/console/login');
    expect((await bySignOn.get('/console/applications')).statusCode).toBe(200);
  });
});

describe.each(BACKENDS)('single sign-on governing an operator on %s', (backend) => {
  const { provider, t, person, throughProvider, signOn } = useSignOn(backend);

  it('takes the password and the second factor away once the operator signs in through the provider, audited', async () => {
    const someone = person({ roles: ['admin'] });
    const { operator, password } = await operatorFor(t, someone.email, 'viewer');
    const authenticator = await withTwoFactor(t, operator.id);
    const link = await issueSetupLink(t.app.ctx, operator.id);
    expect((await signOn(new ConsoleUser(t), someone.id)).statusCode).toBe(200);
    // The password opens nothing now (as a wrong one), nor does the set-up link.
    const byPassword = new ConsoleUser(t);
    byPassword.app = authenticator;
    expect((await byPassword.login(someone.email, password)).statusCode).toBe(401);
    expect((await new ConsoleUser(t).get(`/console/two-factor/setup?token=${link.token}`)).statusCode).toBe(410);
    const audit = (await auditPage(t.app.ctx, { targetType: 'operator', targetId: operator.id }, { limit: 10, cursor: null })).items;
    expect(audit.map((row) => [row.action, row.summary])).toEqual(
      expect.arrayContaining([
        ['operator.password_removed', { second_factor_removed: true, by: 'single sign-on' }],
        ['operator.role_changed', { from: 'viewer', to: 'admin', by: 'single sign-on' }],
      ]),
    );
  });

  it("ends the operator's console sessions when the provider gives that person no role any more, audited", async () => {
    const someone = person({ roles: ['admin'] });
    const bySignOn = new ConsoleUser(t);
    expect((await signOn(bySignOn, someone.id)).statusCode).toBe(200);
    expect((await bySignOn.get('/console/operators')).statusCode).toBe(200);
    provider.accounts.set(someone.id, { ...provider.accounts.get(someone.id), roles: [] });
    expectRefused(await signOn(new ConsoleUser(t), someone.id), 403, 'You have no role in the operator console.');
    expect((await bySignOn.get('/console/operators')).headers.location).toBe('/console/login');
    const operator = await findOperatorByEmail(t.app.ctx.db, someone.email);
    const audit = (await auditPage(t.app.ctx, { targetType: 'operator', targetId: operator?.id as string }, { limit: 10, cursor: null })).items;
    expect(audit[0]).toMatchObject({ action: 'operator.sessions_ended', summary: { reason: 'no_role', sessions_ended: 1, by: 'single sign-on' } });
  });

  it('refuses another account of the provider with the email of an operator linked to a first one', async () => {
    const email = `recycled-${randomBytes(3).toString('hex')}@lender.example`;
    provider.accounts.set(`first-${email}`, { email, email_verified: true, name: 'First Holder', roles: 'admin' });
    provider.accounts.set(`second-${email}`, { email, email_verified: true, name: 'Second Holder', roles: 'admin' });
    expect((await signOn(new ConsoleUser(t), `first-${email}`)).statusCode).toBe(200);
    const linked = await findOperatorByEmail(t.app.ctx.db, email);
    expectRefused(await signOn(new ConsoleUser(t), `second-${email}`), 403, 'is not the one the operator of its email signs in with');
    expect(await findOperatorByEmail(t.app.ctx.db, email)).toMatchObject({ id: linked?.id, oidc_subject: `first-${email}` });
    expect((await signOn(new ConsoleUser(t), `first-${email}`)).statusCode).toBe(200);
  });

  it('makes one operator when two first sign-ins of the same person complete at once', async () => {
    for (let round = 0; round < 3; round++) {
      const someone = person({ roles: 'viewer' });
      const browsers = [new ConsoleUser(t), new ConsoleUser(t)];
      const flows = [await throughProvider(browsers[0], someone.id), await throughProvider(browsers[1], someone.id)];
      const answers = await Promise.all(browsers.map((browser, i) => browser.get(flows[i].path, flows[i].flowCookie)));
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      const made = await t.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operators WHERE email_key = $1', [someone.email]);
      expect(made.rows[0].n).toBe(1);
    }
  });
});

const flowsNow = async (t: TestApp) => (await t.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM oidc_sign_in_flows')).rows[0].n;
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const startFrom = (t: TestApp, address: string) => t.app.inject({ method: 'GET', url: '/console/login/sso', remoteAddress: address });

function expectStartsRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.body).toContain('Too many sign-ins started from this address');
}

describe.each(BACKENDS)('single sign-ons started, on %s', (backend) => {
  // The node's own counters: counted as each request comes, so the limit is exact even at once.
  const { t } = useSignOn(backend, { SIGN_ON_STARTS_PER_MINUTE: '5' });

  it('limits the sign-ons one address starts in a minute, and sweeps their flows once expired', async () => {
    const before = await flowsNow(t);
    const address = someAddress();
    const starts = await Promise.all(Array.from({ length: 12 }, () => startFrom(t, address)));
    expect(starts.filter((res) => res.statusCode === 303)).toHaveLength(5);
    const refused = starts.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(7);
    expectStartsRefused(refused[0]);
    expect(await flowsNow(t)).toBe(before + 5);
    // Another address starts its own.
    expect((await startFrom(t, someAddress())).statusCode).toBe(303);
    // Ten minutes on, the sweep removes them.
    t.clock.set(new Date(t.clock.now().getTime() + 11 * 60_000));
    await sweepEndedSessions(t.app.ctx);
    expect(await flowsNow(t)).toBe(0);
  });
});

describe.runIf(REDIS.REDIS_URL)('counted in Redis', () => {
  describe.each(BACKENDS)('single sign-ons started, counted in Redis, on %s', (backend) => {
    const { t } = useSignOn(backend, { SIGN_ON_STARTS_PER_MINUTE: '5', ...REDIS });

    it('refuses an address once it has started its five, and writes a flow only for the starts let through', async () => {
      // A Redis command slower than the limiter's 250 ms lets its request through uncounted, by rule
      // (section 3: Redis unreachable), and a loaded machine has some; so the starts go one at a time
      // until the first refusal, which comes after at least five (Redis still counts the slow ones).
      const before = await flowsNow(t);
      const address = someAddress();
      let allowed = 0;
      let answer = await startFrom(t, address);
      while (answer.statusCode === 303 && allowed < 20) {
        allowed++;
        answer = await startFrom(t, address);
      }
      expectStartsRefused(answer);
      expect(allowed).toBeGreaterThanOrEqual(5);
      expect(await flowsNow(t)).toBe(before + allowed);
      expect((await startFrom(t, someAddress())).statusCode).toBe(303);
    });
  });
});

describe.each(BACKENDS)('the identity provider down, on %s', (backend) => {
  const { provider, t, person, throughProvider } = useSignOn(backend);

  it('says so on a page, and password login still works', async () => {
    await provider.stop();
    try {
      const user = new ConsoleUser(t);
      const down = await user.get('/console/login/sso');
      expect(down.statusCode).toBe(503);
      expect(/role="alert"><p>([^<]+)</.exec(down.body)?.[1]).toBe(
        'Okta cannot be reached just now. Try again in a few minutes. You can still log in with your email and password.',
      );
      expect(down.body).toContain('action="/console/login"');
      expect(setCookies(down).some((line) => line.startsWith('console_sign_on='))).toBe(false);
      // A password operator signs in meanwhile, with both steps.
      const { user: byPassword } = await signedInOperator(t, 'viewer');
      expect((await byPassword.get('/console/applications')).statusCode).toBe(200);
    } finally {
      await provider.restart();
    }
    // Down between the redirect and the callback: the callback says so too.
    const user = new ConsoleUser(t);
    const flow = await throughProvider(user, person({ roles: 'viewer' }).id);
    await provider.stop();
    try {
      expectRefused(await user.get(flow.path, flow.flowCookie), 503, 'Okta cannot be reached just now.');
    } finally {
      await provider.restart();
    }
  });
});

describe.each(BACKENDS)('OIDC_ONLY=true on %s', (backend) => {
  const { t, person, signOn } = useSignOn(backend, { OIDC_ONLY: 'true' });

  it('offers no password form, refuses a password, and ends password sessions and set-up links', async () => {
    const email = `only-${randomBytes(3).toString('hex')}@lender.example`;
    const { operator, password } = await operatorFor(t, email, 'admin');
    const user = new ConsoleUser(t);
    const page = await user.get('/console/login');
    expect(page.body).toContain('>Sign in with Okta</a>');
    expect(page.body).not.toContain('name="password"');
    // The page has no form to take a CSRF token from; a browser signed in through Okta has one (the header's "Log out").
    const someone = person({ roles: 'viewer' });
    expect((await signOn(user, someone.id)).statusCode).toBe(200);
    await user.get('/console/applications');
    const refused = await user.post('/console/login', { email, password });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Password login is off: sign in with Okta.');
    expect(refused.headers.location).toBeUndefined();
    expect((await user.get('/console/applications')).body).toContain('Sky Sign-On (viewer)');

    // A password session from before OIDC_ONLY was set ends at its next request.
    const before = await startWebSession(t.app.ctx.db, 'console', { operatorId: operator.id, signInMethod: 'password' }, t.clock.now());
    const old = new ConsoleUser(t);
    old.cookie = `console_session=${before.token}`;
    expect((await old.get('/console/applications')).headers.location).toBe('/console/login');

    const link = await issueSetupLink(t.app.ctx, operator.id);
    const linkPage = await new ConsoleUser(t).get(`/console/two-factor/setup?token=${link.token}`);
    expect(linkPage.statusCode).toBe(403);
    expect(linkPage.body).toContain('Password login is off');
  });
});
