/**
 * Staff sign-in's second factor and lock-out, at the service level (docs/behaviour.md, section 29):
 * operators' TOTP and recovery codes (the dashboard's code), their set-up links, one lock-out for
 * the password, the code and the change-password form; and no replacing an active factor without
 * a code from it, which a set-up page left open could do before.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { useTestApp } from '../helpers/app.ts';
import { DashboardUser, invite, PASSWORD } from '../helpers/dashboard.ts';
import { usePartner } from '../helpers/app.ts';
import { actorOf, changeOwnPassword, createOperator, login, LOCKOUT } from '../../src/services/operators.ts';
import {
  checkSetupLink,
  confirmOperatorTwoFactor,
  issueSetupLink,
  operatorPendingTotpSecret,
  setupLinkUrl,
  useSetupLink,
  verifyOperatorSecondFactor,
} from '../../src/services/operator-two-factor.ts';
import { confirmTwoFactor, passwordLogin } from '../../src/services/partner-users.ts';
import { auditPage } from '../../src/services/audit.ts';
import { SecretBox } from '../../src/services/secret-box.ts';
import { currentCode } from '../../src/services/two-factor.ts';
import { hashToken } from '../../src/services/tokens.ts';
import { Authenticator, ConsoleUser, setupSession } from '../helpers/console.ts';

/** The client address the sign-ins here come from (the lock-out counts an email's failures per address). */
const FROM = '192.0.2.10';

const box = new SecretBox('test-dashboard-secret-key-0123456789abcdef');

/** The TOTP secret a set-up page shows as text. */
const secretOn = (page: { body: string }) => (/id="totp-secret">([A-Z2-7 ]+)</.exec(page.body)?.[1] ?? '').replaceAll(' ', '');

describe.each(BACKENDS)('staff second factor and lock-out on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });
  const partner = usePartner(t);

  /** The code an app shows, a step later each time (each step is accepted once). */
  const nextCode = (secret: string) => {
    t.clock.set(new Date(t.clock.now().getTime() + 30_000));
    return currentCode(secret, t.clock.now());
  };

  const newOperator = async (email = `tf-${Math.random().toString(36).slice(2, 8)}@lender.example`) =>
    createOperator(t.app.ctx, { kind: 'admin_token' }, { email, name: 'Two Factor', role: 'underwriter' });

  it('issues a single-use set-up link that expires after 72 hours, a new one replacing the old', async () => {
    const { operator } = await newOperator();
    const first = await issueSetupLink(t.app.ctx, operator.id);
    expect(setupLinkUrl('https://lending.example', first.token)).toBe(`https://lending.example/console/two-factor/setup?token=${first.token}`);
    const state = await checkSetupLink(t.app.ctx, first.token);
    expect(state).toMatchObject({ ok: true, operator: { id: operator.id } });
    const second = await issueSetupLink(t.app.ctx, operator.id);
    expect(await checkSetupLink(t.app.ctx, first.token)).toEqual({ ok: false, reason: 'expired' });
    const open = await checkSetupLink(t.app.ctx, second.token);
    if (!open.ok) throw new Error('open');
    expect(await useSetupLink(t.app.ctx, open.linkId)).toBe(true);
    expect(await useSetupLink(t.app.ctx, open.linkId)).toBe(false);
    expect(await checkSetupLink(t.app.ctx, second.token)).toEqual({ ok: false, reason: 'used' });
    expect(await checkSetupLink(t.app.ctx, 'no-such-token')).toEqual({ ok: false, reason: 'unknown' });
    const third = await issueSetupLink(t.app.ctx, operator.id);
    t.clock.set(new Date(t.clock.now().getTime() + 72 * 3600 * 1000 + 1000));
    expect(await checkSetupLink(t.app.ctx, third.token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('turns TOTP on for an operator with ten recovery codes, takes each code once, and audits it', async () => {
    const { operator, password } = await newOperator();
    const session = await setupSession(t, operator.id);
    const secret = await operatorPendingTotpSecret(t.app.ctx, box, operator.id, session);
    expect(await operatorPendingTotpSecret(t.app.ctx, box, operator.id, session)).toBe(secret);
    expect(await confirmOperatorTwoFactor(t.app.ctx, box, operator.id, { setupSession: session, code: '000000' })).toMatchObject({ ok: false });
    const on = await confirmOperatorTwoFactor(t.app.ctx, box, operator.id, { setupSession: session, code: nextCode(secret) });
    if (!on.ok) throw new Error(on.message);
    expect(on.recoveryCodes).toHaveLength(10);
    expect(on.replaced).toBe(false);

    expect(await login(t.app.ctx, operator.email, password, FROM)).toMatchObject({ ok: true, operator: { id: operator.id } });
    const code = nextCode(secret);
    expect(await verifyOperatorSecondFactor(t.app.ctx, box, operator.id, code, FROM)).toMatchObject({ ok: true, usedRecoveryCode: false });
    expect(await verifyOperatorSecondFactor(t.app.ctx, box, operator.id, code, FROM)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyOperatorSecondFactor(t.app.ctx, box, operator.id, on.recoveryCodes[0].toUpperCase(), FROM)).toMatchObject({
      ok: true,
      usedRecoveryCode: true,
      recoveryCodesLeft: 9,
    });
    expect(await verifyOperatorSecondFactor(t.app.ctx, box, operator.id, on.recoveryCodes[0], FROM)).toEqual({ ok: false, reason: 'invalid' });
    const audit = (await auditPage(t.app.ctx, { targetType: 'operator', targetId: operator.id }, { limit: 5, cursor: null })).items;
    expect(audit[0]).toMatchObject({ action: 'operator.two_factor_enabled', actor: operator.email });
  });

  it('counts wrong codes, wrong current passwords and wrong passwords as one lock-out; a right password alone forgets none', async () => {
    const { operator, password } = await newOperator();
    const session = await setupSession(t, operator.id);
    const secret = await operatorPendingTotpSecret(t.app.ctx, box, operator.id, session);
    expect((await confirmOperatorTwoFactor(t.app.ctx, box, operator.id, { setupSession: session, code: nextCode(secret) })).ok).toBe(true);
    expect(await login(t.app.ctx, operator.email, 'a wrong password here', FROM)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyOperatorSecondFactor(t.app.ctx, box, operator.id, '123456', FROM)).toEqual({ ok: false, reason: 'invalid' });
    // The password is right, but the second factor is still to come: the two failures stay.
    expect((await login(t.app.ctx, operator.email, password, FROM)).ok).toBe(true);
    const wrongCurrent = await changeOwnPassword(t.app.ctx, actorOf(operator), 'not my password', 'a brand new passphrase 77', null, FROM);
    expect(wrongCurrent).toEqual({ ok: false, field: 'current_password', message: 'The current password is not right' });
    expect(await verifyOperatorSecondFactor(t.app.ctx, box, operator.id, '654321', FROM)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyOperatorSecondFactor(t.app.ctx, box, operator.id, '111111', FROM)).toMatchObject({ ok: false, reason: 'locked' });
    expect(LOCKOUT.maxFailures).toBe(5);
    expect(await login(t.app.ctx, operator.email, password, FROM)).toMatchObject({ ok: false, reason: 'locked' });
    const locked = await changeOwnPassword(t.app.ctx, actorOf(operator), password, 'a brand new passphrase 77', null, FROM);
    expect(locked).toMatchObject({ ok: false, field: 'current_password', message: expect.stringContaining('locked for 15 minutes') });
    t.clock.set(new Date(t.clock.now().getTime() + LOCKOUT.lockSeconds * 1000 + 1000));
    expect(await changeOwnPassword(t.app.ctx, actorOf(operator), password, 'abcdefghijkl', null, FROM)).toMatchObject({ ok: false, field: 'new_password' });
    expect(await changeOwnPassword(t.app.ctx, actorOf(operator), password, 'a brand new passphrase 77', null, FROM)).toEqual({ ok: true });
  });

  it('replaces an active factor only with a fresh code from it, for operators and partner users alike', async () => {
    const { operator } = await newOperator();
    const firstSession = await setupSession(t, operator.id);
    const first = await operatorPendingTotpSecret(t.app.ctx, box, operator.id, firstSession);
    expect((await confirmOperatorTwoFactor(t.app.ctx, box, operator.id, { setupSession: firstSession, code: nextCode(first) })).ok).toBe(true);
    const setupSession2 = await setupSession(t, operator.id);
    const next = await operatorPendingTotpSecret(t.app.ctx, box, operator.id, setupSession2);
    const confirming = () => ({ setupSession: setupSession2, code: nextCode(next) });
    expect(await confirmOperatorTwoFactor(t.app.ctx, box, operator.id, confirming())).toEqual({
      ok: false,
      message: 'Two-factor authentication is already on: enter a code from your current authenticator app to replace it',
    });
    expect(await confirmOperatorTwoFactor(t.app.ctx, box, operator.id, { ...confirming(), current: { code: '000000', address: FROM } })).toMatchObject({
      ok: false,
    });
    const replaced = await confirmOperatorTwoFactor(t.app.ctx, box, operator.id, {
      ...confirming(),
      current: { code: currentCode(first, t.clock.now()), address: FROM },
    });
    expect(replaced).toMatchObject({ ok: true, replaced: true });
    // The old secret opens nothing now; the new one does.
    expect(await verifyOperatorSecondFactor(t.app.ctx, box, operator.id, nextCode(first), FROM)).toEqual({ ok: false, reason: 'invalid' });
    expect((await verifyOperatorSecondFactor(t.app.ctx, box, operator.id, nextCode(next), FROM)).ok).toBe(true);
    const audit = (await auditPage(t.app.ctx, { targetType: 'operator', targetId: operator.id }, { limit: 5, cursor: null })).items;
    expect(audit[0].action).toBe('operator.two_factor_replaced');
  });

  it('closes the path of a set-up page left open in another browser: it cannot replace the factor turned on since', async () => {
    const invitation = await invite(t, partner.partnerId, 'developer');
    // The invitation's browser sets the password; a second browser logs in before two-factor is on.
    const first = new DashboardUser(t);
    first.email = invitation.email;
    await first.get(invitation.path);
    expect((await first.post('/dashboard/invite', { token: invitation.token, password: PASSWORD })).statusCode).toBe(303);
    const leftover = new DashboardUser(t);
    expect((await leftover.login(invitation.email, PASSWORD)).headers.location).toBe('/dashboard/two-factor/setup');
    // Each set-up session shows a secret of its own: the second browser's is not the one enrolled.
    const intruder = secretOn(await leftover.get('/dashboard/two-factor/setup'));
    // The first browser turns two-factor on.
    first.totpSecret = secretOn(await first.get('/dashboard/two-factor/setup'));
    expect(first.totpSecret).not.toBe(intruder);
    expect((await first.post('/dashboard/two-factor/setup', { code: first.code() })).statusCode).toBe(200);
    // The page left open in the second browser still shows its own secret, and its code changes nothing.
    expect(secretOn(await leftover.get('/dashboard/two-factor/setup'))).toBe(intruder);
    const refused = await leftover.post('/dashboard/two-factor/setup', { code: nextCode(intruder) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Two-factor authentication is already on');
    // The factor turned on is still the one: a login with its code works.
    const fresh = new DashboardUser(t);
    Object.assign(fresh, { email: invitation.email, totpSecret: first.totpSecret });
    await fresh.signIn();
    // The secret the second browser saw opens nothing.
    const seen = new DashboardUser(t);
    Object.assign(seen, { email: invitation.email, totpSecret: intruder });
    expect((await seen.login()).headers.location).toBe('/dashboard/login/verify');
    await seen.get('/dashboard/login/verify');
    expect((await seen.post('/dashboard/login/verify', { code: seen.code() })).statusCode).toBe(401);
    expect(await passwordLogin(t.app.ctx, invitation.email, PASSWORD, FROM)).toMatchObject({ ok: true });
    const leftoverSession = hashToken(leftover.cookie.split('=')[1]);
    expect(await confirmTwoFactor(t.app.ctx, box, invitation.userId, { setupSession: leftoverSession, code: nextCode(intruder) })).toMatchObject({
      ok: false,
    });
  });

  it("shows each operator's set-up session a secret of its own: one seen before the enrolment opens nothing", async () => {
    const { operator, password } = await newOperator();
    // Someone with the generated password looks at the set-up page first, and leaves.
    const early = new ConsoleUser(t);
    expect((await early.login(operator.email, password)).headers.location).toBe('/console/two-factor/setup');
    const seen = secretOn(await early.get('/console/two-factor/setup'));
    // The operator logs in and enrols with the secret its own page shows.
    const owner = new ConsoleUser(t);
    expect((await owner.login(operator.email, password)).headers.location).toBe('/console/two-factor/setup');
    const shown = secretOn(await owner.get('/console/two-factor/setup'));
    expect(shown).toMatch(/^[A-Z2-7]{32}$/);
    expect(shown).not.toBe(seen);
    expect((await owner.post('/console/two-factor/setup', { code: nextCode(shown) })).statusCode).toBe(200);
    // The early page's code changes nothing, and its secret passes no second step.
    expect((await early.post('/console/two-factor/setup', { code: nextCode(seen) })).statusCode).toBe(400);
    const later = new ConsoleUser(t);
    later.app = new Authenticator(t.clock, seen);
    expect((await later.login(operator.email, password)).headers.location).toBe('/console/login/verify');
    expect((await later.verify()).statusCode).toBe(401);
    later.app = new Authenticator(t.clock, shown);
    expect((await later.verify()).headers.location).toBe('/console/applications');
  });

  it('turns a factor on once when two confirmations come at once: the first wins, the second is refused', async () => {
    const { operator } = await newOperator();
    const [one, two] = [await setupSession(t, operator.id), await setupSession(t, operator.id)];
    const secrets = [await operatorPendingTotpSecret(t.app.ctx, box, operator.id, one), await operatorPendingTotpSecret(t.app.ctx, box, operator.id, two)];
    expect(secrets[0]).not.toBe(secrets[1]);
    t.clock.set(new Date(t.clock.now().getTime() + 30_000));
    const results = await Promise.all([
      confirmOperatorTwoFactor(t.app.ctx, box, operator.id, { setupSession: one, code: currentCode(secrets[0], t.clock.now()) }),
      confirmOperatorTwoFactor(t.app.ctx, box, operator.id, { setupSession: two, code: currentCode(secrets[1], t.clock.now()) }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    // Refused as turned on meanwhile, or (when it read the factor already on) as needing a code of it.
    expect([
      'Two-factor authentication has just been turned on from another page: log in again, with the authenticator app set up there',
      'Two-factor authentication is already on: enter a code from your current authenticator app to replace it',
    ]).toContain((results.find((r) => !r.ok) as { message: string }).message);
    const audit = (await auditPage(t.app.ctx, { targetType: 'operator', targetId: operator.id }, { limit: 10, cursor: null })).items;
    expect(audit.filter((row) => row.action.startsWith('operator.two_factor'))).toHaveLength(1);
    // The factor on is the winner's: its secret signs in, the other's does not.
    const winner = secrets[results.findIndex((r) => r.ok)];
    const loser = secrets[results.findIndex((r) => !r.ok)];
    expect(await verifyOperatorSecondFactor(t.app.ctx, box, operator.id, nextCode(loser), FROM)).toEqual({ ok: false, reason: 'invalid' });
    expect((await verifyOperatorSecondFactor(t.app.ctx, box, operator.id, nextCode(winner), FROM)).ok).toBe(true);
  });
});
