/**
 * The console's single sign-on for inject tests: a real OpenID Provider (oidc-provider, see
 * oidc-provider.ts) and an app that signs in through it, with people the test makes at the
 * provider, the provider's pages followed with plain HTTP, and what a refusal page must show.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { BackendName } from './db.ts';
import { useTestApp } from './app.ts';
import { useResource } from './hooks.ts';
import { CLIENT_ID, CLIENT_SECRET, TestOpenIdProvider } from './oidc-provider.ts';
import type { ConsoleUser } from './console.ts';
import { setCookies } from './web-user.ts';

export const CALLBACK = 'http://localhost:8080/console/login/callback';

/** A provider and an app that signs in through it, for the enclosing describe block. */
export function useSignOn(backend: BackendName, env: Record<string, string> = {}) {
  const provider = useResource(
    'the OpenID Provider',
    () => TestOpenIdProvider.start(CALLBACK),
    (p) => p.stop(),
  );
  const settings: Record<string, string> = { OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, OIDC_PROVIDER_NAME: 'Okta', ...env };
  beforeAll(() => {
    settings.OIDC_ISSUER = provider.issuer;
  });
  const t = useTestApp(backend, { env: settings, resetClock: true });

  const person = (claims: Record<string, unknown>) => {
    const id = `person-${randomBytes(4).toString('hex')}`;
    provider.accounts.set(id, { email: `${id}@lender.example`, email_verified: true, name: 'Sky Sign-On', ...claims });
    return { id, email: `${id}@lender.example` };
  };

  /**
   * "Sign in with Okta" (or `start`, another way into the flow), the provider's pages: the
   * callback the browser is sent back to, and the flow's cookie. `atProvider`: the browser's
   * cookies at the provider, kept from one sign-in to the next (its session there).
   */
  const throughProvider = async (user: ConsoleUser, accountId: string, options: { start?: string; atProvider?: Map<string, string> } = {}) => {
    const started = await user.get(options.start ?? '/console/login/sso');
    expect(started.statusCode, started.body).toBe(303);
    const flow = setCookies(started).find((line) => line.startsWith('console_sign_on=')) as string;
    const callback = await provider.signIn(String(started.headers.location), accountId, CALLBACK, options.atProvider);
    return { started, flow, flowCookie: flow.split(';')[0], path: `${callback.pathname}${callback.search}`, callback };
  };

  /** A whole sign-in in one browser: the callback's answer. */
  const signOn = async (user: ConsoleUser, accountId: string, atProvider?: Map<string, string>) => {
    const { path, flowCookie } = await throughProvider(user, accountId, { atProvider });
    return user.get(path, flowCookie);
  };
  return { provider, t, person, throughProvider, signOn };
}

/** A page refusing a sign-in: its status and words, and no session started. */
export function expectRefused(res: LightMyRequestResponse, status: number, words: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.body).toContain('<h1>You are not signed in</h1>');
  expect(/id="sign-on-refusal">([^<]+)</.exec(res.body)?.[1]).toContain(words);
  expect(setCookies(res).some((line) => /^console_session=[^;]+/.test(line) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/.test(line))).toBe(false);
}
