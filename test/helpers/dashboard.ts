/** Partner users of the dashboard for inject tests: invited, with a password and two-factor set up. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { currentCode } from '../../src/services/two-factor.ts';
import type { TestApp } from './app.ts';
import { WebUser } from './web-user.ts';

export const PASSWORD = 'correct horse battery staple 42';

export class DashboardUser extends WebUser {
  email = '';
  password = PASSWORD;
  totpSecret = '';
  recoveryCodes: string[] = [];
  constructor(t: TestApp) {
    super(t, 'dashboard_session');
  }

  /** The code the user's app shows now (the test's clock moves on a step first, as each step is accepted once). */
  code(): string {
    this.t.clock.set(new Date(this.t.clock.now().getTime() + 30_000));
    return currentCode(this.totpSecret, this.t.clock.now());
  }

  async login(email = this.email, password = this.password): Promise<LightMyRequestResponse> {
    await this.get('/dashboard/login');
    return this.post('/dashboard/login', { email, password });
  }

  /** Both factors; expects to land on the overview. */
  async signIn(): Promise<void> {
    const first = await this.login();
    expect(first.statusCode, first.body).toBe(303);
    expect(first.headers.location).toBe('/dashboard/login/verify');
    await this.get('/dashboard/login/verify');
    const second = await this.post('/dashboard/login/verify', { code: this.code() });
    expect(second.statusCode, second.body).toBe(303);
    expect(second.headers.location).toBe('/dashboard');
  }
}

/** An invitation from the admin API: its link's path and the new user's id. */
export async function invite(t: TestApp, partnerId: string, role: 'viewer' | 'developer' | 'owner', email?: string) {
  const address = email ?? `${role}-${Math.random().toString(36).slice(2, 8)}@partner.example`;
  const res = await t.admin('POST', `/partners/${partnerId}/users`, { email: address, name: `${role[0].toUpperCase()}${role.slice(1)} User`, role });
  expect(res.statusCode, res.body).toBe(201);
  const { user_id, invitation_link } = res.json().data as { user_id: string; invitation_link: string };
  const url = new URL(invitation_link);
  return { userId: user_id, email: address, path: `${url.pathname}${url.search}`, token: url.searchParams.get('token') as string };
}

/** Accepts an invitation: password, two-factor set-up; the user ends signed in. */
export async function acceptInvitation(t: TestApp, path: string, email: string): Promise<DashboardUser> {
  const user = new DashboardUser(t);
  user.email = email;
  const page = await user.get(path);
  expect(page.statusCode, page.body).toBe(200);
  const set = await user.post('/dashboard/invite', { token: new URL(path, 'http://x').searchParams.get('token') as string, password: PASSWORD });
  expect(set.statusCode, set.body).toBe(303);
  expect(set.headers.location).toBe('/dashboard/two-factor/setup');
  const setup = await user.get('/dashboard/two-factor/setup');
  expect(setup.statusCode).toBe(200);
  user.totpSecret = (/id="totp-secret">([A-Z2-7 ]+)</.exec(setup.body)?.[1] ?? '').replaceAll(' ', '');
  expect(user.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
  const on = await user.post('/dashboard/two-factor/setup', { code: user.code() });
  expect(on.statusCode, on.body).toBe(200);
  user.recoveryCodes = [...on.body.matchAll(/<li><code>([a-z0-9-]{19})<\/code><\/li>/g)].map((m) => m[1]);
  expect(user.recoveryCodes).toHaveLength(10);
  return user;
}

/** A new user of `role` for the partner, signed in. */
export async function signedInPartnerUser(t: TestApp, partnerId: string, role: 'viewer' | 'developer' | 'owner') {
  const invitation = await invite(t, partnerId, role);
  const user = await acceptInvitation(t, invitation.path, invitation.email);
  return { user, userId: invitation.userId };
}
