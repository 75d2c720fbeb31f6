/**
 * Throttling that holds (docs/behaviour.md, section 29): an address that failed 30 logins in a
 * minute is refused before any password is checked, on the console and the dashboard (the second
 * factor's step and "Change password" too, their failures counted as logins'), also behind
 * a load balancer (TRUST_PROXY) and never on a spoofed X-Forwarded-For; a flood of logins leaves
 * the partner API and the database answering; HSTS on every answer when PUBLIC_BASE_URL is https.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { BACKENDS } from '../helpers/db.ts';
import { BASE, LogSink, usePartner, useTestApp, type TestApp } from '../helpers/app.ts';
import { createOperator } from '../../src/services/operators.ts';
import { passwordHashing } from '../../src/services/hashing-gate.ts';
import { ConsoleUser, signedInOperator, withTwoFactor } from '../helpers/console.ts';
import { DashboardUser, signedInPartnerUser } from '../helpers/dashboard.ts';

const LIMIT = 30;
const REDIS: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};

/** An address no other test uses, so counters shared through Redis never mix. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

interface From {
  /** The peer the server sees (the client, or the load balancer). */
  remoteAddress: string;
  /** The X-Forwarded-For the peer sends, if any. */
  forwardedFor?: string;
}

/** A login form opened from `from` (its page fetched), ready to send: bursts send many at once. */
async function loginForm(t: TestApp, surface: 'console' | 'dashboard', from: From) {
  const headers = from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {};
  const page = await t.app.inject({ method: 'GET', url: `/${surface}/login`, remoteAddress: from.remoteAddress, headers });
  const cookie = String(page.headers['set-cookie']).split(';')[0];
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return (email: string, password: string): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: `/${surface}/login`,
      remoteAddress: from.remoteAddress,
      headers: { ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: csrf, email, password }).toString(),
    });
}

/** A login on the console or the dashboard from `from`: its login page, then the form. */
async function loginFrom(t: TestApp, surface: 'console' | 'dashboard', from: From, email: string, password: string): Promise<LightMyRequestResponse> {
  return (await loginForm(t, surface, from))(email, password);
}

/** Fails `count` logins from `from`, each with another unknown email (guessing across accounts). */
async function failLogins(t: TestApp, surface: 'console' | 'dashboard', from: From, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await loginFrom(t, surface, from, `guess-${i}-${randomInt(1e9)}@lender.example`, 'not the password at all');
    expect(res.statusCode, res.body).toBe(401);
  }
}

/** How many passwords of the emails containing `spray` were checked: each one checked and wrong is a failure of its email. */
async function checkedAttempts(t: TestApp, spray: string): Promise<number> {
  const { rows } = await t.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_login_failures WHERE email_key LIKE $1', [`%${spray}%`]);
  return rows[0].n;
}

/** A partner user with a password (two-factor on), as an invitation leaves it. */
async function partnerUserOf(t: TestApp, partnerId: string) {
  const { user } = await signedInPartnerUser(t, partnerId, 'viewer');
  return { email: user.email, password: user.password };
}

async function newOperator(t: TestApp) {
  const email = `throttle-${randomInt(1e9)}@lender.example`;
  const { password, operator } = await createOperator(t.app.ctx, { kind: 'admin_token' }, { email, name: 'Throttle Test', role: 'viewer' });
  return { email, password, operatorId: operator.id };
}

describe.each(BACKENDS)('the sign-in throttle on %s', (backend) => {
  describe('an address seen directly', () => {
    const t = useTestApp(backend, { env: { AUTH_FAILURES_PER_MINUTE: String(LIMIT), ...REDIS } });

    it('refuses the right password from an address that failed 30 logins, before checking it; other addresses log in', async () => {
      const { email, password } = await newOperator(t);
      const guesser = { remoteAddress: someAddress() };
      await failLogins(t, 'console', guesser, LIMIT);
      const refused = await loginFrom(t, 'console', guesser, email, password);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toContain('Too many failed sign-ins from this address');
      expect(refused.headers['set-cookie'] ?? '').not.toContain('console_session=');
      // The dashboard counts the same address's failures (one throttle for every sign-in form).
      expect((await loginFrom(t, 'dashboard', guesser, 'owner@partner.example', 'correct horse battery staple 42')).statusCode).toBe(429);
      const elsewhere = await loginFrom(t, 'console', { remoteAddress: someAddress() }, email, password);
      expect(elsewhere.statusCode).toBe(303);
    });
  });

  describe('a burst from one address', () => {
    const t = useTestApp(backend, { env: { AUTH_FAILURES_PER_MINUTE: String(LIMIT), ...REDIS } });
    const partner = usePartner(t);

    for (const surface of ['console', 'dashboard'] as const) {
      it(`checks at most ${LIMIT} of 100 wrong passwords sent at once to the ${surface}, and refuses the right one after them`, async () => {
        const right = surface === 'console' ? await newOperator(t) : await partnerUserOf(t, partner.partnerId);
        const guesser = { remoteAddress: someAddress() };
        const spray = `spray-${randomInt(1e9)}`;
        const guesses = await Promise.all(Array.from({ length: 100 }, () => loginForm(t, surface, guesser)));
        const answers = await Promise.all(guesses.map((send, i) => send(`${spray}-${i}@lender.example`, 'Spring2025!Spring')));
        expect(answers.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
        // Each password checked is a failure of its email; one refused before the check is none.
        expect(await checkedAttempts(t, spray)).toBe(answers.filter((res) => res.statusCode === 401).length);
        expect(await checkedAttempts(t, spray)).toBeLessThanOrEqual(LIMIT);
        expect(answers.filter((res) => res.body.includes('Too many failed sign-ins from this address')).length).toBeGreaterThanOrEqual(100 - LIMIT);
        const refused = await loginFrom(t, surface, guesser, right.email, right.password);
        expect(refused.statusCode).toBe(429);
        expect(refused.body).toContain('Too many failed sign-ins from this address');
      });
    }

    it('checks at most 30 passwords in all when the right one is sent with the burst', async () => {
      const { email, password } = await newOperator(t);
      const guesser = { remoteAddress: someAddress() };
      const spray = `spray-${randomInt(1e9)}`;
      const forms = await Promise.all(Array.from({ length: 61 }, () => loginForm(t, 'console', guesser)));
      const answers = await Promise.all(forms.map((send, i) => (i === 60 ? send(email, password) : send(`${spray}-${i}@lender.example`, 'Spring2025!Spring'))));
      const signedIn = answers[60].statusCode === 303 ? 1 : 0;
      expect((await checkedAttempts(t, spray)) + signedIn).toBeLessThanOrEqual(LIMIT);
    });

    it('counts the addresses of one IPv6 /64 as one client', async () => {
      const { email, password } = await newOperator(t);
      const prefix = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
      await failLogins(t, 'console', { remoteAddress: `${prefix}::1` }, LIMIT / 2);
      await failLogins(t, 'dashboard', { remoteAddress: `${prefix}:0:0:0:2` }, LIMIT / 2);
      expect((await loginFrom(t, 'console', { remoteAddress: `${prefix}::3` }, email, password)).statusCode).toBe(429);
      expect((await loginFrom(t, 'console', { remoteAddress: `${prefix}:ffff:ffff:ffff:ffff` }, email, password)).statusCode).toBe(429);
      // Another /64 is another client.
      expect((await loginFrom(t, 'console', { remoteAddress: `2001:db8:ffff:${randomInt(0x10000).toString(16)}::1` }, email, password)).statusCode).toBe(303);
    });
  });

  describe.runIf(REDIS.REDIS_URL)('two API nodes sharing Redis', () => {
    const one = useTestApp(backend, { env: { AUTH_FAILURES_PER_MINUTE: String(LIMIT), ...REDIS } });
    const two = useTestApp(backend, { env: { AUTH_FAILURES_PER_MINUTE: String(LIMIT), ...REDIS } });

    it(`checks at most ${LIMIT} of a burst split between the nodes, and both refuse the address after it`, async () => {
      const { email, password } = await newOperator(one);
      const guesser = { remoteAddress: someAddress() };
      const forms = await Promise.all(Array.from({ length: 80 }, (_, i) => loginForm(i % 2 === 0 ? one : two, 'console', guesser)));
      const spray = `spray-${randomInt(1e9)}`;
      await Promise.all(forms.map((send, i) => send(`${spray}-${i}@lender.example`, 'Spring2025!Spring')));
      // Each node keeps its own database here: the failures of the emails checked, on either.
      expect((await checkedAttempts(one, spray)) + (await checkedAttempts(two, spray))).toBeLessThanOrEqual(LIMIT);
      expect((await loginFrom(one, 'console', guesser, email, password)).statusCode).toBe(429);
      expect((await loginFrom(two, 'dashboard', guesser, 'owner@partner.example', 'correct horse battery staple 42')).statusCode).toBe(429);
    });
  });

  describe('Redis not answering', () => {
    const t = useTestApp(backend, { env: { AUTH_FAILURES_PER_MINUTE: String(LIMIT), REDIS_URL: 'redis://127.0.0.1:1' }, awaitRedis: false });

    it(`counts on the node itself: of a burst at most ${LIMIT} are checked, and the right password is refused after it`, async () => {
      const { email, password } = await newOperator(t);
      const guesser = { remoteAddress: someAddress() };
      const forms = await Promise.all(Array.from({ length: 60 }, () => loginForm(t, 'console', guesser)));
      const spray = `spray-${randomInt(1e9)}`;
      const answers = await Promise.all(forms.map((send, i) => send(`${spray}-${i}@lender.example`, 'Spring2025!Spring')));
      expect(answers.filter((res) => res.statusCode === 429).length).toBeGreaterThanOrEqual(60 - LIMIT);
      expect(await checkedAttempts(t, spray)).toBeLessThanOrEqual(LIMIT);
      expect((await loginFrom(t, 'console', guesser, email, password)).statusCode).toBe(429);
      // Another address signs in.
      expect((await loginFrom(t, 'console', { remoteAddress: someAddress() }, email, password)).statusCode).toBe(303);
    });
  });

  describe('the steps after the password', () => {
    const t = useTestApp(backend, { env: { AUTH_FAILURES_PER_MINUTE: String(LIMIT), ...REDIS } });
    const partner = usePartner(t);

    it('counts a wrong authentication code as a failed login, and refuses the right one from an address past the limit before checking it', async () => {
      const { email, password, operatorId } = await newOperator(t);
      const user = new ConsoleUser(t);
      user.app = await withTwoFactor(t, operatorId);
      user.address = someAddress();
      expect((await user.login(email, password)).headers.location).toBe('/console/login/verify');
      await failLogins(t, 'console', { remoteAddress: user.address }, LIMIT - 1);
      // The 30th failure: a wrong code, counted against the address.
      expect((await user.verify('000000')).statusCode).toBe(401);
      const code = user.app.code();
      const refused = await user.verify(code);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toContain('Too many failed sign-ins from this address');
      // The code was not checked (each is accepted once): from another address it still signs in.
      user.address = someAddress();
      const accepted = await user.verify(code);
      expect(accepted.statusCode, accepted.body).toBe(303);
      expect(accepted.headers.location).toBe('/console/applications');
    });

    it('counts a wrong current password of "Change password" as a failed login, and refuses the form past the limit', async () => {
      const { user, password } = await signedInOperator(t, 'viewer');
      user.address = someAddress();
      await failLogins(t, 'console', { remoteAddress: user.address }, LIMIT - 1);
      await user.get('/console/password');
      expect((await user.post('/console/password', { current_password: 'not my password', new_password: 'a brand new passphrase 77' })).statusCode).toBe(400);
      const refused = await user.post('/console/password', { current_password: password, new_password: 'a brand new passphrase 77' });
      expect(refused.statusCode).toBe(429);
      expect(refused.body).toContain('Too many failed sign-ins from this address');
      user.address = someAddress();
      await user.get('/console/password');
      expect((await user.post('/console/password', { current_password: password, new_password: 'a brand new passphrase 77' })).headers.location).toBe(
        '/console/password?done=1',
      );
    });

    it("counts the dashboard's wrong codes the same way", async () => {
      const { user: owner } = await signedInPartnerUser(t, partner.partnerId, 'owner');
      const user = new DashboardUser(t);
      Object.assign(user, { email: owner.email, totpSecret: owner.totpSecret, address: someAddress() });
      expect((await user.login()).headers.location).toBe('/dashboard/login/verify');
      await failLogins(t, 'dashboard', { remoteAddress: user.address as string }, LIMIT - 1);
      await user.get('/dashboard/login/verify');
      expect((await user.post('/dashboard/login/verify', { code: '000000' })).statusCode).toBe(401);
      expect((await user.post('/dashboard/login/verify', { code: user.code() })).statusCode).toBe(429);
    });
  });

  describe('behind the load balancer (TRUST_PROXY=1, as compose.yaml sets it)', () => {
    const t = useTestApp(backend, { env: { AUTH_FAILURES_PER_MINUTE: String(LIMIT), TRUST_PROXY: '1', ...REDIS } });

    it('counts each client apart by the address the proxy forwards', async () => {
      const { email, password } = await newOperator(t);
      const proxy = someAddress();
      const guesser = { remoteAddress: proxy, forwardedFor: someAddress() };
      await failLogins(t, 'dashboard', guesser, LIMIT);
      expect((await loginFrom(t, 'console', guesser, email, password)).statusCode).toBe(429);
      // Another client through the same proxy is not the guesser.
      expect((await loginFrom(t, 'console', { remoteAddress: proxy, forwardedFor: someAddress() }, email, password)).statusCode).toBe(303);
    });
  });

  describe('with the proxy named by address (TRUST_PROXY=10.250.0.1)', () => {
    const proxy = '10.250.0.1';
    const t = useTestApp(backend, { env: { AUTH_FAILURES_PER_MINUTE: String(LIMIT), TRUST_PROXY: proxy, ...REDIS } });

    it('believes X-Forwarded-For from the proxy only: a client cannot escape the throttle by sending one', async () => {
      const { email, password } = await newOperator(t);
      const client = someAddress();
      await failLogins(t, 'console', { remoteAddress: proxy, forwardedFor: client }, LIMIT);
      // The same client straight to the server, or through the proxy with a made-up header in front.
      expect((await loginFrom(t, 'console', { remoteAddress: client }, email, password)).statusCode).toBe(429);
      expect((await loginFrom(t, 'console', { remoteAddress: proxy, forwardedFor: `${someAddress()}, ${client}` }, email, password)).statusCode).toBe(429);
      // A direct client's own header names nobody else: it is counted as itself.
      const spoofer = someAddress();
      await failLogins(t, 'console', { remoteAddress: spoofer, forwardedFor: someAddress() }, LIMIT);
      expect((await loginFrom(t, 'console', { remoteAddress: spoofer, forwardedFor: someAddress() }, email, password)).statusCode).toBe(429);
    });
  });

  describe('a flood of logins', () => {
    const t = useTestApp(backend);
    const partner = usePartner(t);

    it('leaves the partner API and the database answering while 200 logins run, hashing a few at a time', async () => {
      const { email } = await newOperator(t);
      let largest = 0;
      const sampler = setInterval(() => (largest = Math.max(largest, passwordHashing.load.running)), 1);
      const answered = { logins: 0 };
      const flood = Array.from({ length: 200 }, (_, i) =>
        loginFrom(t, 'console', { remoteAddress: someAddress() }, i % 2 === 0 ? email : `nobody-${i}@lender.example`, `wrong password ${i}`).then((res) => {
          answered.logins++;
          return res.statusCode;
        }),
      );
      // While the flood runs: the authentication check and a query of the database answer.
      const checks = await Promise.all(Array.from({ length: 5 }, () => partner.get('/authentication_check/')));
      const loginsBeforeChecks = answered.logins;
      expect((await t.testDb.db.query<{ one: number }>('SELECT 1 AS one')).rows[0].one).toBe(1);
      const statuses = await Promise.all(flood);
      clearInterval(sampler);
      expect(checks.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(loginsBeforeChecks).toBeLessThan(200);
      // Every login was answered as a login is (wrong, locked, or busy), never with an error.
      expect(statuses.every((status) => [401, 429].includes(status))).toBe(true);
      expect(largest).toBeLessThanOrEqual(passwordHashing.concurrency);
      expect(passwordHashing.load).toEqual({ running: 0, waiting: 0 });
    });
  });

  describe('HSTS with an https PUBLIC_BASE_URL', () => {
    const t = useTestApp(backend, { env: { PUBLIC_BASE_URL: 'https://lending.example' } });

    it('sends Strict-Transport-Security on every answer: API, portal, console, dashboard, docs, health, errors', async () => {
      const paths = [
        `${BASE}/authentication_check/`,
        '/portal/login',
        '/console/login',
        '/dashboard/login',
        '/docs/',
        '/health/live',
        '/admin/v1/audit',
        '/nowhere',
        '/console/%zz',
      ];
      for (const url of paths) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], `${url} (${res.statusCode})`).toBe('max-age=31536000; includeSubDomains');
      }
    });
  });

  describe('without https', () => {
    const t = useTestApp(backend);

    it('sends no Strict-Transport-Security on plain http', async () => {
      for (const url of ['/console/login', '/health/live', `${BASE}/authentication_check/`]) {
        expect((await t.app.inject({ method: 'GET', url })).headers['strict-transport-security']).toBeUndefined();
      }
    });
  });
});

describe('TRUST_PROXY=true', () => {
  const trusting = new LogSink();
  useTestApp('pglite', { env: { TRUST_PROXY: 'true', LOG_LEVEL: 'warn' }, logStream: trusting });
  const counting = new LogSink();
  useTestApp('pglite', { env: { TRUST_PROXY: '1', LOG_LEVEL: 'warn' }, logStream: counting });

  it('says at start that any X-Forwarded-For entry is believed, and what to set instead; a hop count says nothing', () => {
    const warning = trusting.lines.map((line) => JSON.parse(line) as { level: number; msg: string }).find((line) => line.msg.startsWith('TRUST_PROXY=true'));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toContain('a client names its own address to the sign-in throttle');
    expect(warning?.msg).toContain('Set TRUST_PROXY to the number of proxies in front (1) or to their addresses instead');
    expect(counting.text).not.toContain('TRUST_PROXY');
  });
});
