/**
 * Operators of the console for inject tests (the web user of web-user.ts, on the console's
 * cookie). A password operator needs a second factor: `withTwoFactor` turns it on through the
 * service, as the set-up page does (one query or two, no page), and the operator's authenticator
 * app gives the codes of the login's second step.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createOperator } from '../../src/services/operators.ts';
import { confirmOperatorTwoFactor, operatorPendingTotpSecret } from '../../src/services/operator-two-factor.ts';
import { currentCode } from '../../src/services/two-factor.ts';
import { hashToken } from '../../src/services/tokens.ts';
import { startWebSession } from '../../src/services/web-sessions.ts';
import { secretBoxFor } from '../../src/web/secret-key.ts';
import type { TestApp, TestClock } from './app.ts';
import { WebUser } from './web-user.ts';

const STEP_MS = 30_000;

/**
 * An authenticator app: the code of a time step not used before (each is accepted once), this
 * step's or the next (both within the one either side the server allows); the test's clock moves
 * on a step only when both are used.
 */
export class Authenticator {
  readonly secret: string;
  readonly #clock: TestClock;
  #lastStep = -Infinity;
  constructor(clock: TestClock, secret: string) {
    this.#clock = clock;
    this.secret = secret;
  }

  code(): string {
    let now = Math.floor(this.#clock.now().getTime() / STEP_MS);
    if (this.#lastStep > now) {
      this.#clock.set(new Date(this.#clock.now().getTime() + (this.#lastStep - now) * STEP_MS));
      now = this.#lastStep;
    }
    const step = Math.max(now, this.#lastStep + 1);
    this.#lastStep = step;
    return currentCode(this.secret, new Date(step * STEP_MS));
  }
}

/**
 * A set-up session of an operator (what a login before two-factor is on starts): the hash that
 * names it, the key of the secret it sets up.
 */
export async function setupSession(t: TestApp, operatorId: string): Promise<string> {
  const started = await startWebSession(t.app.ctx.db, 'console_login', { operatorId, pendingStep: 'setup', signInMethod: 'password' }, t.clock.now());
  return hashToken(started.token);
}

/** Turns two-factor on for an operator through the service (as its set-up page does): the operator's app. */
export async function withTwoFactor(t: TestApp, operatorId: string): Promise<Authenticator> {
  const box = secretBoxFor(t.app.config)();
  const session = await setupSession(t, operatorId);
  const app = new Authenticator(t.clock, await operatorPendingTotpSecret(t.app.ctx, box, operatorId, session));
  const on = await confirmOperatorTwoFactor(t.app.ctx, box, operatorId, { setupSession: session, code: app.code() });
  expect(on.ok, JSON.stringify(on)).toBe(true);
  return app;
}

export class ConsoleUser extends WebUser {
  /** The operator's authenticator app, once two-factor is on. */
  app: Authenticator | null = null;
  constructor(t: TestApp) {
    super(t, 'console_session');
  }

  /** The password step alone: its answer (303 to the second factor or its set-up, or the refusal). */
  async login(email: string, password: string): Promise<LightMyRequestResponse> {
    await this.get('/console/login');
    return this.post('/console/login', { email, password });
  }

  /** The second factor: a code from the operator's app. */
  async verify(code = (this.app as Authenticator).code()): Promise<LightMyRequestResponse> {
    await this.get('/console/login/verify');
    return this.post('/console/login/verify', { code });
  }

  /** Both steps; expects to land on the queue. */
  async signIn(email: string, password: string): Promise<void> {
    const first = await this.login(email, password);
    expect(first.statusCode, first.body).toBe(303);
    expect(first.headers.location).toBe('/console/login/verify');
    const second = await this.verify();
    expect(second.statusCode, second.body).toBe(303);
    expect(second.headers.location).toBe('/console/applications');
  }
}

/** A new operator of `role`, with two-factor on, signed in. */
export async function signedInOperator(
  t: TestApp,
  role: 'viewer' | 'underwriter' | 'admin',
  email = `${role}-${Math.random().toString(36).slice(2, 8)}@lender.example`,
) {
  const { operator, password } = await createOperator(
    t.app.ctx,
    { kind: 'admin_token' },
    { email, name: `${role[0].toUpperCase()}${role.slice(1)} ${email.slice(0, 4)}`, role },
  );
  const user = new ConsoleUser(t);
  user.app = await withTwoFactor(t, operator.id);
  await user.signIn(email, password);
  return { user, operator, password };
}
