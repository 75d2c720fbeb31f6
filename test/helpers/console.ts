/**
 * A console user for inject tests: keeps the session cookie, reads the CSRF token from the last
 * page, and sends forms as a browser does (urlencoded).
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createOperator } from '../../src/services/operators.ts';
import type { TestApp } from './app.ts';

export class ConsoleUser {
  readonly t: TestApp;
  cookie = '';
  csrf = '';
  constructor(t: TestApp) {
    this.t = t;
  }

  #remember(res: LightMyRequestResponse): LightMyRequestResponse {
    const set = res.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair] = line.split(';');
      const [name, value] = pair.split('=');
      if (name === 'console_session') this.cookie = value ? `console_session=${value}` : '';
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(res.body)?.[1];
    if (token) this.csrf = token;
    return res;
  }

  async get(path: string): Promise<LightMyRequestResponse> {
    return this.#remember(await this.t.app.inject({ method: 'GET', url: path, headers: this.cookie ? { cookie: this.cookie } : {} }));
  }

  async post(path: string, fields: Record<string, string> = {}, options: { csrf?: string | null } = {}): Promise<LightMyRequestResponse> {
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    const body = new URLSearchParams({ ...(csrf === null ? {} : { _csrf: csrf }), ...fields }).toString();
    return this.#remember(
      await this.t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(this.cookie ? { cookie: this.cookie } : {}) },
        payload: body,
      }),
    );
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
