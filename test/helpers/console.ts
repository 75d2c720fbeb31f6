/** Operators of the console for inject tests (the web user of web-user.ts, on the console's cookie). */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createOperator } from '../../src/services/operators.ts';
import type { TestApp } from './app.ts';
import { WebUser } from './web-user.ts';

export class ConsoleUser extends WebUser {
  constructor(t: TestApp) {
    super(t, 'console_session');
  }

  async login(email: string, password: string): Promise<LightMyRequestResponse> {
    await this.get('/console/login');
    return this.post('/console/login', { email, password });
  }
}

/** A new operator of `role`, signed in. */
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
  const res = await user.login(email, password);
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe('/console/applications');
  return { user, operator, password };
}
