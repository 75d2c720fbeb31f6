/**
 * Console sessions from single sign-on follow the provider (docs/behaviour.md, section 31),
 * against a real OpenID Provider (oidc-provider on a loopback port): a session lasts
 * OIDC_SESSION_MINUTES, then goes through the provider again, silently (prompt=none) while the
 * provider's session lives, so a role lowered or taken away there applies; the ordinary sign-in
 * follows when the provider answers login_required. "Log out" ends the provider's session too
 * (RP-initiated logout, with id_token_hint and post_logout_redirect_uri). OIDC_ACR_VALUES is asked
 * for and checked in the ID token's `acr`.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import type { TestApp } from '../helpers/app.ts';
import { ConsoleUser, signedInOperator } from '../helpers/console.ts';
import { CLIENT_ID } from '../helpers/oidc-provider.ts';
import { expectRefused, useSignOn } from '../helpers/sign-on.ts';
import { auditPage } from '../../src/services/audit.ts';
import { findOperatorByEmail } from '../../src/store/operators-store.ts';

const MINUTE = 60_000;

/** Moves the test's clock on by `minutes`, the browser asking for a page every 20 minutes (sessions end after 30 idle). */
async function minutesPass(t: TestApp, user: ConsoleUser, minutes: number): Promise<void> {
  for (let left = minutes; left > 0; left -= 20) {
    t.clock.set(new Date(t.clock.now().getTime() + Math.min(20, left) * MINUTE));
    if (left > 20) expect((await user.get('/console/applications')).statusCode).toBe(200);
  }
}

/** The claims of a JWT (the ID token a URL carries), unverified: the test reads what the console sent. */
function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe.each(BACKENDS)('a console session from single sign-on on %s', (backend) => {
  const { provider, t, person, throughProvider, signOn } = useSignOn(backend);

  it('goes through the provider again after OIDC_SESSION_MINUTES (60), silently, and takes the role it gives now', async () => {
    const someone = person({ roles: ['admin'] });
    const atProvider = new Map<string, string>();
    const user = new ConsoleUser(t);
    expect((await signOn(user, someone.id, atProvider)).statusCode).toBe(200);
    expect((await user.get('/console/operators')).statusCode).toBe(200);
    // The provider lowers the role while the session is open: nothing changes for 60 minutes.
    provider.accounts.set(someone.id, { ...provider.accounts.get(someone.id), roles: ['viewer'] });
    await minutesPass(t, user, 59);
    expect((await user.get('/console/operators')).statusCode).toBe(200);
    t.clock.set(new Date(t.clock.now().getTime() + MINUTE));

    // Then the next page sends the browser through the provider, which answers without a page of its own.
    const due = await user.get('/console/operators');
    expect(due.statusCode).toBe(303);
    expect(due.headers.location).toBe('/console/login/sso?silent=1');
    const silent = await throughProvider(user, someone.id, { start: String(due.headers.location), atProvider });
    expect(new URL(String(silent.started.headers.location)).searchParams.get('prompt')).toBe('none');
    expect(silent.callback.searchParams.has('code')).toBe(true);
    expect((await user.get(silent.path, silent.flowCookie)).statusCode).toBe(200);
    expect((await user.get('/console/applications')).body).toContain('Sky Sign-On (viewer)');
    expect((await user.get('/console/operators')).statusCode).toBe(403);
    const operator = await findOperatorByEmail(t.app.ctx.db, someone.email);
    const audit = (await auditPage(t.app.ctx, { targetType: 'operator', targetId: operator?.id as string }, { limit: 1, cursor: null })).items;
    expect(audit[0]).toMatchObject({ action: 'operator.role_changed', summary: { from: 'admin', to: 'viewer', by: 'single sign-on' } });

    // Taken away at the provider: the next time round refuses, and the console opens nothing.
    provider.accounts.set(someone.id, { ...provider.accounts.get(someone.id), roles: [] });
    await minutesPass(t, user, 60);
    const again = await user.get('/console/applications');
    expect(again.headers.location).toBe('/console/login/sso?silent=1');
    const removed = await throughProvider(user, someone.id, { start: '/console/login/sso?silent=1', atProvider });
    expectRefused(await user.get(removed.path, removed.flowCookie), 403, 'You have no role in the operator console.');
    expect((await user.get('/console/applications')).headers.location).toBe('/console/login');
  });

  it('falls back to the ordinary sign-in when the provider answers login_required', async () => {
    const someone = person({ roles: ['underwriter'] });
    const user = new ConsoleUser(t);
    // Signed in through a browser whose session at the provider is gone since.
    expect((await signOn(user, someone.id, new Map())).statusCode).toBe(200);
    await minutesPass(t, user, 60);
    const due = await user.get('/console/applications');
    expect(due.headers.location).toBe('/console/login/sso?silent=1');
    const silent = await throughProvider(user, someone.id, { start: '/console/login/sso?silent=1', atProvider: new Map() });
    expect(silent.callback.searchParams.get('error')).toBe('login_required');
    const fallback = await user.get(silent.path, silent.flowCookie);
    expect(fallback.statusCode).toBe(303);
    expect(fallback.headers.location).toBe('/console/login/sso');
    // The ordinary sign-in: the provider's login page, then the console.
    const ordinary = await throughProvider(user, someone.id, { start: '/console/login/sso' });
    expect(new URL(String(ordinary.started.headers.location)).searchParams.has('prompt')).toBe(false);
    expect((await user.get(ordinary.path, ordinary.flowCookie)).statusCode).toBe(200);
    expect((await user.get('/console/applications')).body).toContain('Sky Sign-On (underwriter)');
  });

  it("ends the provider's session at logout: to its end-session endpoint with the ID token and the login page to come back to", async () => {
    const someone = person({ roles: ['viewer'] });
    const atProvider = new Map<string, string>();
    const user = new ConsoleUser(t);
    expect((await signOn(user, someone.id, atProvider)).statusCode).toBe(200);
    const kept = await t.app.ctx.db.query<{ id_token_enc: string }>(
      "SELECT id_token_enc FROM web_sessions WHERE sign_in_method = 'oidc' AND operator_id = (SELECT id FROM operators WHERE email = $1)",
      [someone.email],
    );
    expect(kept.rows[0].id_token_enc).toMatch(/^v1\./);
    await user.get('/console/applications');
    // A page that moves on by itself to the provider (a form's redirect to another site is blocked by form-action 'self').
    const out = await user.post('/console/logout');
    expect(out.statusCode).toBe(200);
    expect(out.body).toContain('<h1>You have logged out</h1>');
    const refresh = /^0; url=(.+)$/.exec(String(out.headers.refresh))?.[1] ?? '';
    expect(out.body).toContain(`href="${refresh.replaceAll('&', '&amp;')}">Continue to Okta</a>`);
    const end = new URL(refresh);
    expect(`${end.origin}${end.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:8080/console/login');
    expect(claimsOf(end.searchParams.get('id_token_hint') ?? '')).toMatchObject({ sub: someone.id, aud: CLIENT_ID, iss: provider.issuer });
    expect(JSON.stringify(kept.rows[0])).not.toContain(end.searchParams.get('id_token_hint'));
    // The console's session ended at once; the provider's once the person confirms there.
    expect((await user.get('/console/applications')).headers.location).toBe('/console/login');
    expect((await provider.logOut(end.href, atProvider)).href).toBe('http://localhost:8080/console/login');
    const next = await throughProvider(user, someone.id, { start: '/console/login/sso?silent=1', atProvider });
    expect(next.callback.searchParams.get('error')).toBe('login_required');
  });

  it('logs a password session out to the login page, as before', async () => {
    const { user } = await signedInOperator(t, 'viewer');
    await user.get('/console/applications');
    expect((await user.post('/console/logout')).headers.location).toBe('/console/login?out=1');
  });
});

describe.each(BACKENDS)('OIDC_SESSION_MINUTES=15 on %s', (backend) => {
  const { t, person, signOn } = useSignOn(backend, { OIDC_SESSION_MINUTES: '15' });

  it('sends the session through the provider after 15 minutes', async () => {
    const user = new ConsoleUser(t);
    expect((await signOn(user, person({ roles: ['viewer'] }).id)).statusCode).toBe(200);
    t.clock.set(new Date(t.clock.now().getTime() + 14 * MINUTE));
    expect((await user.get('/console/applications')).statusCode).toBe(200);
    t.clock.set(new Date(t.clock.now().getTime() + MINUTE));
    expect((await user.get('/console/applications')).headers.location).toBe('/console/login/sso?silent=1');
  });
});

describe.each(BACKENDS)('OIDC_ACR_VALUES on %s', (backend) => {
  const { provider, t, person, throughProvider } = useSignOn(backend, { OIDC_ACR_VALUES: 'urn:lender:mfa phr' });

  it('asks for the acr values and refuses an ID token whose acr is none of them, with a page that says so', async () => {
    const someone = person({ roles: ['viewer'] });
    const signIn = async () => {
      const user = new ConsoleUser(t);
      const flow = await throughProvider(user, someone.id);
      expect(new URL(String(flow.started.headers.location)).searchParams.get('acr_values')).toBe('urn:lender:mfa phr');
      return { user, answer: await user.get(flow.path, flow.flowCookie) };
    };
    const words = 'Okta did not confirm that you signed in the way the console requires';
    try {
      expectRefused((await signIn()).answer, 403, words);
      provider.acr = 'urn:lender:password';
      expectRefused((await signIn()).answer, 403, words);
      provider.acr = 'phr';
      const { user, answer } = await signIn();
      expect(answer.statusCode, answer.body).toBe(200);
      expect((await user.get('/console/applications')).statusCode).toBe(200);
    } finally {
      provider.acr = null;
    }
  });
});
