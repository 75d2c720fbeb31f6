/**
 * Password operators' second factor in the console (docs/behaviour.md, section 29): set up at the
 * first login (the key, a first code, ten recovery codes shown once) or from the set-up link (its
 * password first, single use); the login's "Authentication code" step, a recovery code in its
 * place; a session waiting for a step reaches nothing else; and bad input answered with a page.
 * The lock-out is per email and client address (section 31): a stranger's failures lock the email
 * at the stranger's address only, and a login the hashing gate refuses counts against its address.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { Authenticator, ConsoleUser, withTwoFactor } from '../helpers/console.ts';
import { DashboardUser, signedInPartnerUser } from '../helpers/dashboard.ts';
import { createOperator, LOCKOUT } from '../../src/services/operators.ts';
import { passwordHashing } from '../../src/services/hashing-gate.ts';
import { issueSetupLink } from '../../src/services/operator-two-factor.ts';
import { auditPage } from '../../src/services/audit.ts';

const secretOf = (body: string) => (/id="totp-secret">([A-Z2-7 ]+)</.exec(body)?.[1] ?? '').replaceAll(' ', '');
const codesOf = (body: string) => [...body.matchAll(/<li><code>([a-z0-9-]{19})<\/code><\/li>/g)].map((m) => m[1]);
const alertOf = (body: string) => /role="alert"><p[^>]*>([^<]+)</.exec(body)?.[1];
/** An address no other test uses (counters shared through Redis never mix). */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const REDIS: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};

describe.each(BACKENDS)('console sign-in with a second factor on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });

  const newOperator = async (role: 'viewer' | 'underwriter' | 'admin' = 'underwriter') => {
    const email = `signin-${Math.random().toString(36).slice(2, 8)}@lender.example`;
    const { operator, password } = await createOperator(t.app.ctx, { kind: 'admin_token' }, { email, name: 'Sam Second', role });
    return { operator, password, email };
  };

  it('sends an operator without a factor to set it up at the first login, and lets nothing else in meanwhile', async () => {
    const { operator, password, email } = await newOperator();
    const user = new ConsoleUser(t);
    const first = await user.login(email, password);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/console/two-factor/setup');
    // Waiting for the set-up: every other page sends it to the login page, which sends it back here.
    for (const path of ['/console/applications', '/console/password', '/console/operators', '/console/login/verify']) {
      expect((await user.get(path)).headers.location, path).toBe('/console/login');
    }
    expect((await user.get('/console/login')).headers.location).toBe('/console/two-factor/setup');
    const setup = await user.get('/console/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    // A form of another page, with this session's own CSRF token: still nothing.
    expect((await user.post('/console/partners', { name: 'Sneaky Ltd' })).headers.location).toBe('/console/login');
    expect(setup.body).toContain('src="data:image/svg+xml;base64,');
    expect(setup.body).toContain('>Turn on two-factor authentication</button>');
    const app = new Authenticator(t.clock, secretOf(setup.body));
    expect(app.secret).toMatch(/^[A-Z2-7]{32}$/);
    const wrong = await user.post('/console/two-factor/setup', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(alertOf(wrong.body)).toContain('That code is not right');
    const on = await user.post('/console/two-factor/setup', { code: app.code() });
    expect(on.statusCode, on.body).toBe(200);
    const codes = codesOf(on.body);
    expect(codes).toHaveLength(10);
    expect(on.body).toContain('href="/console/applications">Continue to the console</a>');
    expect((await user.get('/console/applications')).statusCode).toBe(200);
    expect((await auditPage(t.app.ctx, { targetType: 'operator', targetId: operator.id }, { limit: 1, cursor: null })).items[0].action).toBe(
      'operator.two_factor_enabled',
    );

    // The next login asks for a code; a recovery code does too, once, and says how many are left.
    const again = new ConsoleUser(t);
    again.app = app;
    await again.signIn(email, password);
    const third = new ConsoleUser(t);
    expect((await third.login(email, password)).headers.location).toBe('/console/login/verify');
    const recovered = await third.verify(codes[0].toUpperCase());
    expect(recovered.statusCode).toBe(200);
    expect(recovered.body).toContain('You have 9 recovery codes left');
    expect((await third.get('/console/applications')).statusCode).toBe(200);
    const fourth = new ConsoleUser(t);
    await fourth.login(email, password);
    expect((await fourth.verify(codes[0])).statusCode).toBe(401);
  });

  it('asks for the code after the password, refuses a wrong one in words, and locks the email after 5 failures', async () => {
    const { operator, password, email } = await newOperator();
    const app = await withTwoFactor(t, operator.id);
    const user = new ConsoleUser(t);
    user.app = app;
    expect((await user.login(email, password)).headers.location).toBe('/console/login/verify');
    const page = await user.get('/console/login/verify');
    expect(page.body).toContain('<label for="field-code">Authentication code</label>');
    expect(page.body).toContain('>Verify</button>');
    expect((await user.get('/console/applications')).headers.location).toBe('/console/login');
    expect((await user.get('/console/login')).headers.location).toBe('/console/login/verify');
    for (let i = 0; i < 4; i++) {
      const wrong = await user.verify(`12345${i}`);
      expect(wrong.statusCode).toBe(401);
      expect(alertOf(wrong.body)).toBe('That code is not right. Enter the 6-digit code from your authenticator app, or one of your recovery codes.');
    }
    const locked = await user.verify('123459');
    expect(locked.statusCode).toBe(429);
    expect(alertOf(locked.body)).toContain('locked for 15 minutes');
    // The session ended with the lock: the login page names no one, and the code step is gone.
    expect(locked.body).not.toContain('Sam Second');
    expect((await user.get('/console/login/verify')).headers.location).toBe('/console/login');
    // Locked: the right password is refused too, and so would be the right code.
    expect((await user.login(email, password)).statusCode).toBe(429);
  });

  it('answers bad input on the sign-in steps with a page, never an error', async () => {
    const { operator, password, email } = await newOperator();
    const user = new ConsoleUser(t);
    user.app = await withTwoFactor(t, operator.id);
    await user.login(email, password);
    // Four at most: the fifth wrong code would lock the email.
    for (const code of ['', 'x'.repeat(10_000), '１２３４５６<script>', 'k7mq-x2pr-9tcw-hn4d']) {
      const res = await user.verify(code);
      expect(res.statusCode, code.slice(0, 20)).toBe(401);
      expect(res.body).not.toContain('<script>');
    }
    // No session, or a session of another step: back to the login page; without the CSRF token: refused.
    const stranger = new ConsoleUser(t);
    expect((await stranger.post('/console/login/verify', { code: '123456' })).headers.location).toBe('/console/login');
    expect((await stranger.post('/console/two-factor/setup', { code: '123456' })).headers.location).toBe('/console/login');
    await stranger.get('/console/login');
    expect((await stranger.post('/console/login/verify', { code: '123456' })).headers.location).toBe('/console/login');
    expect((await stranger.post('/console/two-factor/setup', { code: '123456' })).headers.location).toBe('/console/login');
    expect((await user.post('/console/login/verify', { code: user.app?.code() ?? '' }, { csrf: null })).statusCode).toBe(403);
    expect((await stranger.get(`/console/two-factor/setup?token=${'x'.repeat(500)}`)).statusCode).toBe(404);
    expect((await stranger.get('/console/two-factor/setup?token=a&token=b')).headers.location).toBe('/console/login');
    const forms: Record<string, string>[] = [{}, { token: '' }, { token: 'nothing', password: 'x' }, { token: 'x'.repeat(5000), password: 'y' }];
    for (const form of forms) {
      const res = await stranger.post('/console/two-factor/setup/password', form);
      expect(res.statusCode, JSON.stringify(form).slice(0, 40)).toBe(404);
      expect(res.body).toContain('This set-up link is not valid');
    }
  });

  it('opens the set-up page from the set-up link after the password, once; a used or expired link says so', async () => {
    const { operator, password } = await newOperator('admin');
    const link = await issueSetupLink(t.app.ctx, operator.id);
    const path = `/console/two-factor/setup?token=${link.token}`;
    const user = new ConsoleUser(t);
    const opened = await user.get(path);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Welcome, Sam Second');
    expect(opened.body).not.toContain('totp-secret');
    const wrong = await user.post('/console/two-factor/setup/password', { token: link.token, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(alertOf(wrong.body)).toBe('That password is not right.');
    expect((await user.get('/console/two-factor/setup')).headers.location).toBe('/console/login');
    const right = await user.post('/console/two-factor/setup/password', { token: link.token, password });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/console/two-factor/setup');
    const setup = await user.get('/console/two-factor/setup');
    const app = new Authenticator(t.clock, secretOf(setup.body));
    expect(codesOf((await user.post('/console/two-factor/setup', { code: app.code() })).body)).toHaveLength(10);
    expect((await user.get('/console/operators')).statusCode).toBe(200);

    // Used: the link says so, in words; so does a link whose operator turned two-factor on by logging in.
    const used = await new ConsoleUser(t).get(path);
    expect(used.statusCode).toBe(410);
    expect(used.body).toContain('This set-up link has already been used.');
    const other = await newOperator();
    const otherLink = await issueSetupLink(t.app.ctx, other.operator.id);
    await withTwoFactor(t, other.operator.id);
    expect((await new ConsoleUser(t).get(`/console/two-factor/setup?token=${otherLink.token}`)).statusCode).toBe(410);
    const late = await newOperator();
    const lateLink = await issueSetupLink(t.app.ctx, late.operator.id);
    t.clock.set(new Date(t.clock.now().getTime() + 73 * 3600 * 1000));
    const expired = await new ConsoleUser(t).get(`/console/two-factor/setup?token=${lateLink.token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This set-up link has expired');
  });

  it('uses the link up at its password step, even when the set-up is left for later', async () => {
    const { operator, password, email } = await newOperator();
    const link = await issueSetupLink(t.app.ctx, operator.id);
    const user = new ConsoleUser(t);
    await user.get(`/console/two-factor/setup?token=${link.token}`);
    expect((await user.post('/console/two-factor/setup/password', { token: link.token, password })).headers.location).toBe('/console/two-factor/setup');
    const second = new ConsoleUser(t);
    expect((await second.get(`/console/two-factor/setup?token=${link.token}`)).statusCode).toBe(410);
    // The password still leads to the set-up.
    expect((await second.login(email, password)).headers.location).toBe('/console/two-factor/setup');
  });
});

describe.each(BACKENDS)('the sign-in lock per email and address on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });
  const partner = usePartner(t);

  it("locks an email at the stranger's address only: the operator signs in from their own, and the lock ends after 15 minutes", async () => {
    const email = `target-${randomInt(1e9)}@lender.example`;
    const { operator, password } = await createOperator(t.app.ctx, { kind: 'admin_token' }, { email, name: 'Tara Target', role: 'viewer' });
    const authenticator = await withTwoFactor(t, operator.id);
    const stranger = new ConsoleUser(t);
    stranger.address = someAddress();
    for (let i = 0; i < LOCKOUT.maxFailures - 1; i++) expect((await stranger.login(email, `guess ${i} of the password`)).statusCode).toBe(401);
    const fifth = await stranger.login(email, 'the fifth guess of it');
    expect(fifth.statusCode).toBe(429);
    expect(alertOf(fifth.body)).toBe('Too many failed attempts: this email is locked for 15 minutes from this network. Try again later, or ask an admin.');
    // At the stranger's address even the right password is refused; an address of the same IPv6 /64 would be the same client.
    expect((await stranger.login(email, password)).statusCode).toBe(429);
    // From the operator's own address: both steps, as if nothing had happened.
    const own = new ConsoleUser(t);
    own.app = authenticator;
    own.address = someAddress();
    await own.signIn(email, password);
    expect((await own.get('/console/applications')).statusCode).toBe(200);
    // The operator's sign-in forgets nothing of the stranger's lock; it ends after 15 minutes.
    expect((await stranger.login(email, password)).statusCode).toBe(429);
    t.clock.set(new Date(t.clock.now().getTime() + 15 * 60_000 + 1000));
    expect((await stranger.login(email, password)).headers.location).toBe('/console/login/verify');
  });

  it('counts the addresses of one IPv6 /64 as one, and locks a partner user per address as well', async () => {
    const email = `six-${randomInt(1e9)}@lender.example`;
    const { password } = await createOperator(t.app.ctx, { kind: 'admin_token' }, { email, name: 'Sid Six', role: 'viewer' });
    const prefix = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
    const stranger = new ConsoleUser(t);
    for (let i = 0; i < LOCKOUT.maxFailures; i++) {
      stranger.address = `${prefix}::${i + 1}`;
      await stranger.login(email, `guess ${i} of the password`);
    }
    stranger.address = `${prefix}:ffff:ffff:ffff:ffff`;
    expect((await stranger.login(email, password)).statusCode).toBe(429);
    const other = new ConsoleUser(t);
    other.address = `2001:db8:ffff:${randomInt(0x10000).toString(16)}::1`;
    expect((await other.login(email, password)).headers.location).toBe('/console/two-factor/setup');

    const { user: owner } = await signedInPartnerUser(t, partner.partnerId, 'viewer');
    const guesser = new DashboardUser(t);
    guesser.address = someAddress();
    for (let i = 0; i < LOCKOUT.maxFailures; i++) await guesser.login(owner.email, `guess ${i} of the password`);
    expect((await guesser.login(owner.email, owner.password)).statusCode).toBe(429);
    const user = new DashboardUser(t);
    Object.assign(user, { email: owner.email, totpSecret: owner.totpSecret, address: someAddress() });
    await user.signIn();
  });
});

describe.each(BACKENDS)('logins refused by the hashing gate on %s', (backend) => {
  const t = useTestApp(backend, { env: { AUTH_FAILURES_PER_MINUTE: '3', ...REDIS } });

  it('count against the address: once it has spent its budget so, its right password is refused before it is checked', async () => {
    const email = `gate-${randomInt(1e9)}@lender.example`;
    const { password } = await createOperator(t.app.ctx, { kind: 'admin_token' }, { email, name: 'Gia Gate', role: 'viewer' });
    const flooder = new ConsoleUser(t);
    flooder.address = someAddress();
    await flooder.get('/console/login');
    // Every place of the gate taken and its queue full: a login is refused at once.
    const release = Promise.withResolvers<void>();
    const held = Array.from({ length: passwordHashing.concurrency + passwordHashing.maxWaiting }, () => passwordHashing.run(() => release.promise));
    try {
      for (let i = 0; i < 3; i++) {
        const busy = await flooder.post('/console/login', { email, password });
        expect(busy.statusCode).toBe(429);
        expect(busy.body).toContain('Too many sign-ins at once');
      }
    } finally {
      release.resolve();
      await Promise.all(held);
    }
    const refused = await flooder.post('/console/login', { email, password });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many failed sign-ins from this address');
    const elsewhere = new ConsoleUser(t);
    elsewhere.address = someAddress();
    expect((await elsewhere.login(email, password)).headers.location).toBe('/console/two-factor/setup');
  });
});
