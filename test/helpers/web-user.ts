/**
 * A user of a web surface (the customer portal, the operator console) for inject tests: keeps its
 * session cookie, reads the CSRF token from the last page, and sends forms as a browser does
 * (urlencoded).
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { PartnerClient, TestApp } from './app.ts';
import { eventually } from './receiver.ts';

/** The `name=value` pair of an answer's first Set-Cookie (what a browser sends back). */
export function sessionCookie(res: LightMyRequestResponse): string {
  const [first] = setCookies(res);
  if (!first) throw new Error('no Set-Cookie');
  return first.split(';')[0];
}

export function setCookies(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

export class WebUser {
  readonly t: TestApp;
  /** The surface's session cookie: `portal_session` or `console_session`. */
  readonly cookieName: string;
  cookie = '';
  csrf = '';
  /** The client address the server sees (inject's default when unset). */
  address: string | undefined;
  constructor(t: TestApp, cookieName: string) {
    this.t = t;
    this.cookieName = cookieName;
  }

  #remember(res: LightMyRequestResponse): LightMyRequestResponse {
    for (const line of setCookies(res)) {
      const [pair] = line.split(';');
      const [name, value] = pair.split('=');
      if (name === this.cookieName) this.cookie = value ? `${name}=${value}` : '';
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(res.body)?.[1];
    if (token) this.csrf = token;
    return res;
  }

  /** A page, with the session's cookie (and `also`, another cookie the browser holds for this path). */
  async get(path: string, also?: string): Promise<LightMyRequestResponse> {
    const cookie = [this.cookie, also].filter(Boolean).join('; ');
    return this.#remember(await this.t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {}, remoteAddress: this.address }));
  }

  /**
   * The page once it shows `text`, read again until then (15 s at most): for what the server
   * records after answering, or lists only once older transactions have ended (events).
   */
  async getShowing(path: string, text: string): Promise<LightMyRequestResponse> {
    return eventually(
      async () => {
        const res = await this.get(path);
        return res.body.includes(text) && res;
      },
      15_000,
      `${path} showing ${text}`,
    );
  }

  /** Posts `fields` with the CSRF token of the last page (another with `csrf`, none with null). */
  async post(path: string, fields: Record<string, string> = {}, options: { csrf?: string | null } = {}): Promise<LightMyRequestResponse> {
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    const body = new URLSearchParams({ ...(csrf === null ? {} : { _csrf: csrf }), ...fields }).toString();
    return this.#remember(
      await this.t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(this.cookie ? { cookie: this.cookie } : {}) },
        payload: body,
        remoteAddress: this.address,
      }),
    );
  }
}

/** The customer signed in to the portal, as opening a new login link from the partner does. */
export async function signedInCustomer(t: TestApp, partner: PartnerClient, customerId: string): Promise<WebUser> {
  const link = new URL((await partner.get(`/customers/${customerId}/login_link/`)).json().data.login_link);
  const customer = new WebUser(t, 'portal_session');
  const opened = await customer.get(link.pathname + link.search);
  expect(opened.statusCode).toBe(303);
  return customer;
}
