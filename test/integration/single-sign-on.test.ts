/**
 * Single sign-on for the console, at the service level (docs/behaviour.md, section 29), against a
 * real OpenID Provider (oidc-provider on a loopback port): the code flow with PKCE, state and nonce
 * through openid-client; the operator matched by verified email, made on the first sign-in, its role
 * from the claim or the map (audited when it changes), a deactivated one refused; password sessions
 * ended; and each refusal told apart, with a log line that holds no secret.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { useTestApp } from '../helpers/app.ts';
import { useResource } from '../helpers/hooks.ts';
import { CLIENT_ID, CLIENT_SECRET, TestOpenIdProvider } from '../helpers/oidc-provider.ts';
import { OidcClient } from '../../src/services/oidc-client.ts';
import { SingleSignOn, type SignOnLog } from '../../src/services/single-sign-on.ts';
import { activeOperator, createOperator, deactivateOperator } from '../../src/services/operators.ts';
import { resumeWebSession, startWebSession } from '../../src/services/web-sessions.ts';
import { auditPage } from '../../src/services/audit.ts';
import type { OidcConfig } from '../../src/config.ts';

/** Log lines the service writes, as the request's logger would get them. */
class LogLines implements SignOnLog {
  lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  info(fields: Record<string, unknown>, message: string) {
    this.lines.push({ level: 'info', fields, message });
  }
  warn(fields: Record<string, unknown>, message: string) {
    this.lines.push({ level: 'warn', fields, message });
  }
  get text() {
    return JSON.stringify(this.lines);
  }
}

describe.each(BACKENDS)('single sign-on on %s', (backend) => {
  const t = useTestApp(backend);
  const provider = useResource(
    'the OpenID Provider',
    () => TestOpenIdProvider.start('http://localhost:8080/console/login/callback'),
    (p) => p.stop(),
  );

  const settings = (over: Partial<OidcConfig> = {}): OidcConfig => ({
    issuer: provider.issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    providerName: 'Okta',
    roleClaim: 'roles',
    roleMap: null,
    only: false,
    sessionMinutes: 60,
    acrValues: null,
    ...over,
  });
  const sso = (over: Partial<OidcConfig> = {}) => new SingleSignOn(new OidcClient(settings(over), t.config.publicBaseUrl, () => t.clock.now().getTime()));

  /** One sign-in from the redirect to the callback URL the provider sends the browser to, and the key the browser keeps. */
  async function signInAt(service: SingleSignOn, accountId: string, log = new LogLines()) {
    const started = await service.start(t.app.ctx, log, { silent: false });
    if (!started.ok) throw new Error(`start: ${started.reason}`);
    const url = new URL(started.url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8080/console/login/callback');
    expect(started.browserKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { callback: await provider.signIn(started.url, accountId, 'http://localhost:8080/console/login/callback'), key: started.browserKey };
  }

  /** A whole sign-in: the redirect, the provider's pages, and the callback in the same browser. */
  async function signOn(service: SingleSignOn, accountId: string, log = new LogLines()) {
    const { callback, key } = await signInAt(service, accountId);
    return service.complete(t.app.ctx, log, callback, key);
  }

  const person = (claims: Record<string, unknown>) => {
    const id = `person-${randomBytes(4).toString('hex')}`;
    provider.accounts.set(id, { email: `${id}@lender.example`, email_verified: true, name: 'Sam Sign', ...claims });
    return { id, email: `${id}@lender.example` };
  };

  it('makes the operator on the first sign-in with the role of the claim, then keeps it up to date, audited', async () => {
    const service = sso();
    const someone = person({ roles: ['underwriter'] });
    const log = new LogLines();
    const first = await signOn(service, someone.id, log);
    expect(first).toMatchObject({ ok: true, created: true, roleChanged: false, operator: { email: someone.email, role: 'underwriter', name: 'Sam Sign' } });
    if (!first.ok) return;
    expect((await activeOperator(t.app.ctx, first.operator.id))?.password_hash).toBeNull();

    provider.accounts.set(someone.id, { ...provider.accounts.get(someone.id), roles: ['viewer', 'admin'] });
    const again = await signOn(service, someone.id, log);
    expect(again).toMatchObject({ ok: true, created: false, roleChanged: true, operator: { id: first.operator.id, role: 'admin' } });
    const audit = (await auditPage(t.app.ctx, { targetType: 'operator', targetId: first.operator.id }, { limit: 10, cursor: null })).items;
    expect(audit.map((row) => [row.action, row.summary])).toEqual([
      ['operator.role_changed', { from: 'underwriter', to: 'admin', by: 'single sign-on' }],
      ['operator.created', { email: someone.email, role: 'underwriter', by: 'single sign-on' }],
    ]);
    // The same role again changes nothing and writes no row.
    expect(await signOn(service, someone.id, log)).toMatchObject({ ok: true, roleChanged: false });
    expect((await auditPage(t.app.ctx, { targetType: 'operator', targetId: first.operator.id }, { limit: 10, cursor: null })).items).toHaveLength(2);
    expect(log.lines.filter((l) => l.message === 'single sign-on')).toHaveLength(3);
  });

  it('maps groups to roles with OIDC_ROLE_MAP, the highest winning, and refuses a person with no role', async () => {
    const service = sso({ roleClaim: 'groups', roleMap: { 'lending-admins': 'admin', 'lending-underwriters': 'underwriter' } });
    const mapped = person({ groups: ['everyone', 'lending-underwriters', 'lending-admins'] });
    expect(await signOn(service, mapped.id, new LogLines())).toMatchObject({
      ok: true,
      operator: { role: 'admin' },
    });
    const nobody = person({ groups: ['everyone'], roles: ['admin'] });
    const log = new LogLines();
    expect(await signOn(service, nobody.id, log)).toEqual({ ok: false, reason: 'no_role' });
    expect(log.lines).toEqual([{ level: 'warn', fields: { reason: 'no_role', email: nobody.email, claim: 'groups' }, message: 'single sign-on refused' }]);
  });

  it('matches an operator made with a password by email, ends its password sessions, and refuses a deactivated one', async () => {
    const service = sso();
    const someone = person({ roles: 'viewer' });
    const { operator } = await createOperator(t.app.ctx, { kind: 'admin_token' }, { email: someone.email.toUpperCase(), name: 'Pat Password', role: 'viewer' });
    const passwordSession = await startWebSession(t.app.ctx.db, 'console', { operatorId: operator.id }, t.clock.now());
    const ssoSession = await startWebSession(t.app.ctx.db, 'console', { operatorId: operator.id, signInMethod: 'oidc' }, t.clock.now());
    const result = await signOn(service, someone.id, new LogLines());
    expect(result).toMatchObject({
      ok: true,
      created: false,
      passwordRemoved: true,
      passwordSessionsEnded: 1,
      operator: { id: operator.id, password_hash: null },
    });
    expect(await resumeWebSession(t.app.ctx, passwordSession.token, 'console')).toBeNull();
    expect(await resumeWebSession(t.app.ctx, ssoSession.token, 'console')).not.toBeNull();

    await deactivateOperator(t.app.ctx, { kind: 'admin_token' }, operator.id);
    const log = new LogLines();
    expect(await signOn(service, someone.id, log)).toEqual({ ok: false, reason: 'deactivated' });
    expect(log.lines[0].fields).toEqual({ reason: 'deactivated', email: someone.email });
  });

  it('refuses another subject of the provider with the email of a linked operator, with a log line that holds no secret', async () => {
    const service = sso();
    const someone = person({ roles: 'viewer' });
    const first = await signOn(service, someone.id);
    if (!first.ok) throw new Error(first.reason);
    provider.accounts.set(`${someone.id}-again`, { ...provider.accounts.get(someone.id), name: 'Someone Else' });
    const { callback, key } = await signInAt(service, `${someone.id}-again`);
    const log = new LogLines();
    expect(await service.complete(t.app.ctx, log, callback, key)).toEqual({ ok: false, reason: 'subject_mismatch' });
    expect(log.lines).toEqual([
      { level: 'warn', fields: { reason: 'subject_mismatch', email: someone.email, operator_id: first.operator.id }, message: 'single sign-on refused' },
    ]);
    for (const secret of [callback.searchParams.get('code'), callback.searchParams.get('state'), key]) expect(log.text).not.toContain(secret);
    expect(await activeOperator(t.app.ctx, first.operator.id)).toMatchObject({ name: 'Sam Sign', oidc_subject: someone.id });
  });

  it('refuses an unverified email, and a callback whose state is wrong, replayed, from another browser or too late', async () => {
    const service = sso();
    const unverified = person({ email_verified: false, roles: 'admin' });
    expect(await signOn(service, unverified.id, new LogLines())).toEqual({
      ok: false,
      reason: 'email_unverified',
    });

    const someone = person({ roles: 'viewer' });
    const { callback, key } = await signInAt(service, someone.id);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'not-the-state');
    expect(await service.complete(t.app.ctx, new LogLines(), tampered, key)).toEqual({ ok: false, reason: 'wrong_state' });
    const otherBrowser = (await signInAt(service, someone.id)).key;
    expect(await service.complete(t.app.ctx, new LogLines(), callback, otherBrowser)).toEqual({ ok: false, reason: 'wrong_state' });
    // The flow was taken by that attempt from another browser: its own browser cannot use it either.
    const log = new LogLines();
    expect(await service.complete(t.app.ctx, log, callback, key)).toEqual({ ok: false, reason: 'replayed' });
    // A browser that has lost its key (its cookie) is refused as another browser would be.
    const keyless = await signInAt(service, someone.id);
    expect(await service.complete(t.app.ctx, log, keyless.callback, null)).toEqual({ ok: false, reason: 'wrong_state' });

    const late = await signInAt(service, someone.id);
    t.clock.set(new Date(t.clock.now().getTime() + 11 * 60_000));
    try {
      expect(await service.complete(t.app.ctx, log, late.callback, late.key)).toEqual({ ok: false, reason: 'expired' });
    } finally {
      t.clock.set(new Date());
    }
    // No line holds the code, the state or a token.
    for (const url of [callback, late.callback]) {
      expect(log.text).not.toContain(url.searchParams.get('code'));
      expect(log.text).not.toContain(url.searchParams.get('state'));
    }
  });

  it('refuses a code used twice, an ID token for another audience, and an error from the provider', async () => {
    const service = sso();
    const someone = person({ roles: 'viewer' });
    // A code from one flow brought to the callback of another: the provider refuses it (it is used, and bound to the other PKCE challenge).
    const first = await signInAt(service, someone.id);
    expect(await service.complete(t.app.ctx, new LogLines(), first.callback, first.key)).toMatchObject({ ok: true });
    const second = await signInAt(service, someone.id);
    const replayedCode = new URL(second.callback);
    replayedCode.searchParams.set('code', first.callback.searchParams.get('code') as string);
    const log = new LogLines();
    expect(await service.complete(t.app.ctx, log, replayedCode, second.key)).toEqual({ ok: false, reason: 'code_rejected' });
    expect(log.lines[0].fields).toEqual({ reason: 'code_rejected', detail: 'invalid_grant' });

    provider.idTokenAudience = 'another-application';
    try {
      const audience = new LogLines();
      expect(await signOn(service, someone.id, audience)).toEqual({ ok: false, reason: 'wrong_audience' });
      expect(audience.lines[0].fields.detail).toContain('aud');
    } finally {
      provider.idTokenAudience = null;
    }

    const started = await service.start(t.app.ctx, new LogLines(), { silent: false });
    if (!started.ok) throw new Error('start');
    const denied = service.callbackUrl(`/console/login/callback?error=access_denied&state=${new URL(started.url).searchParams.get('state')}`);
    denied.searchParams.set('iss', provider.issuer);
    expect(denied.href.startsWith('http://localhost:8080/console/login/callback?error=access_denied&state=')).toBe(true);
    expect(await service.complete(t.app.ctx, new LogLines(), denied, started.browserKey)).toEqual({ ok: false, reason: 'provider_refused' });
  });

  it('says the provider is down when it cannot be reached, and signs in again once it is back', async () => {
    const someone = person({ roles: 'viewer' });
    const cached = sso();
    const { callback, key } = await signInAt(cached, someone.id);
    await provider.stop();
    try {
      const log = new LogLines();
      expect(await sso().start(t.app.ctx, log, { silent: false })).toEqual({ ok: false, reason: 'provider_down' });
      expect(log.lines[0]).toMatchObject({ level: 'warn', fields: { reason: 'provider_down' } });
      // Discovered before: the token endpoint is down now.
      expect(await cached.complete(t.app.ctx, new LogLines(), callback, key)).toEqual({ ok: false, reason: 'provider_down' });
    } finally {
      await provider.restart();
    }
    expect(await signOn(sso(), someone.id)).toMatchObject({ ok: true });
  });
});

describe('single sign-on configured by OIDC_* settings', () => {
  const provider = useResource(
    'the OpenID Provider',
    () => TestOpenIdProvider.start('http://localhost:8080/console/login/callback'),
    (p) => p.stop(),
  );
  const env: Record<string, string> = { OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, OIDC_PROVIDER_NAME: 'Okta', OIDC_ONLY: 'true' };
  beforeAll(() => {
    env.OIDC_ISSUER = provider.issuer;
  });
  const t = useTestApp('pglite', { env });

  it('gives the app a sign-on for the issuer, sending browsers to its authorization endpoint', async () => {
    const service = t.app.singleSignOn;
    if (!service) throw new Error('no single sign-on');
    expect(service.providerName).toBe('Okta');
    expect(service.passwordLoginAllowed).toBe(false);
    const started = await service.start(t.app.ctx, new LogLines(), { silent: false });
    if (!started.ok) throw new Error('start');
    expect(started.url.startsWith(`${provider.issuer}/auth?`)).toBe(true);
    expect(new URL(started.url).searchParams.get('client_id')).toBe(CLIENT_ID);
  });
});
