/**
 * A real OpenID Provider for the tests of single sign-on: `oidc-provider` (certified, for Node) on
 * a loopback port, with one confidential client (the console) and accounts the test sets. Its own
 * login page (devInteractions) takes any account id; consent is granted as a lender's provider
 * grants its own applications, so a browser (or `signIn`, which follows the provider's pages with
 * plain HTTP) lands on the console's callback with a code. It offers RP-initiated logout (its
 * end_session_endpoint, back to the console's login page), and puts the `acr` the test sets in its
 * ID tokens (its own login page records none).
 */
import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Whatever claims the test wants in the ID token (roles, groups...). */
  [claim: string]: unknown;
}

export const CLIENT_ID = 'lending-console';
export const CLIENT_SECRET = 'console-client-secret-0123456789abcdef';

export class TestOpenIdProvider {
  readonly issuer: string;
  readonly accounts = new Map<string, TestAccount>();
  readonly provider: Provider;
  /** When set, ID tokens are signed for this audience instead of the client's (a provider that mixes clients up). */
  idTokenAudience: string | null = null;
  /** When set, the `acr` of the ID tokens issued (as a provider that ran its second factor says so). */
  acr: string | null = null;
  readonly #server: Server;

  private constructor(server: Server, issuer: string, redirectUri: string) {
    this.#server = server;
    this.issuer = issuer;
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [redirectUri],
          post_logout_redirect_uris: [new URL('/console/login', redirectUri).href],
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
      ],
      jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
      cookies: { keys: ['test-provider-cookie-key'] },
      pkce: { required: () => true },
      // The claims the console reads are in the ID token itself, as Okta and Entra ID put them there.
      conformIdTokenClaims: false,
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'roles', 'groups'] },
      findAccount: async (_ctx: KoaContextWithOIDC, id: string) => {
        const account = this.accounts.get(id);
        return account ? { accountId: id, claims: async () => ({ sub: id, ...account }) } : undefined;
      },
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const { client, session, provider } = ctx.oidc;
        if (!client || !session?.accountId) return undefined;
        const existing = session.grantIdFor(client.clientId);
        if (existing) return provider.Grant.find(existing);
        const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      features: { devInteractions: { enabled: true } },
      ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    });
    // A provider that signs its ID tokens for another client, or with an `acr`, when the test asks.
    const issue = this.provider.IdToken.prototype.issue;
    const audience = () => this.idTokenAudience;
    const acr = () => this.acr;
    this.provider.IdToken.prototype.issue = async function (
      this: { client: { clientId: string }; set(key: string, value: unknown): void },
      ...args: Parameters<typeof issue>
    ) {
      const level = acr();
      if (level && args[0]?.use === 'idtoken') this.set('acr', level);
      const other = audience();
      if (!other) return issue.apply(this, args);
      const real = this.client;
      this.client = Object.create(real, { clientId: { value: other } });
      try {
        return await issue.apply(this, args);
      } finally {
        this.client = real;
      }
    };
    server.on('request', this.provider.callback());
  }

  /**
   * Starts the provider on a loopback port, for a console whose callback is `redirectUri`. Its
   * issuer names the port on 127.0.0.1, or on `host` (`localhost`: another site than a console
   * on 127.0.0.1, as a lender's provider is, so a browser sends the console's cookies as it would then).
   */
  static async start(redirectUri: string, host = '127.0.0.1'): Promise<TestOpenIdProvider> {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    return new TestOpenIdProvider(server, `http://${host}:${port}`, redirectUri);
  }

  /**
   * Follows the provider's pages from the authorization URL as a browser would (cookies, redirects,
   * its login form with `accountId`), and returns the URL it finally sends the browser to: the
   * console's callback, with a code or an error. `cookies`: the browser's cookies at the provider,
   * kept across calls (its session there), when given.
   */
  async signIn(authorizationUrl: string, accountId: string, callbackPrefix: string, cookies = new Map<string, string>()): Promise<URL> {
    let request: { url: URL; method: string; body?: URLSearchParams } = { url: new URL(authorizationUrl), method: 'GET' };
    for (let step = 0; step < 12; step++) {
      const res = await fetch(request.url, {
        method: request.method,
        body: request.body,
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = res.headers.get('location');
      if (location) {
        const next = new URL(location, request.url);
        await res.body?.cancel();
        if (next.href.startsWith(callbackPrefix)) return next;
        request = { url: next, method: 'GET' };
        continue;
      }
      const page = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (res.status !== 200 || !action) throw new Error(`the provider answered ${res.status} at ${request.url.pathname}: ${page.slice(0, 300)}`);
      request = { url: new URL(action, request.url), method: 'POST', body: new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' }) };
    }
    throw new Error('the provider never sent the browser back to the console');
  }

  /**
   * Follows the provider's logout from its end-session URL as a browser would, answering "Yes, sign
   * me out" (with the browser's `cookies` there), and returns where it sends the browser after.
   */
  async logOut(endSessionUrl: string, cookies: Map<string, string>): Promise<URL> {
    const header = () => ({ cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    const page = await fetch(endSessionUrl, { redirect: 'manual', headers: header() });
    keep(page);
    const body = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(body)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(body)?.[1];
    if (page.status !== 200 || !action || !xsrf) throw new Error(`the provider's logout answered ${page.status}: ${body.slice(0, 300)}`);
    const confirmed = await fetch(new URL(action, endSessionUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: header(),
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    keep(confirmed);
    await confirmed.body?.cancel();
    const location = confirmed.headers.get('location');
    if (!location) throw new Error(`the provider's logout confirmation answered ${confirmed.status} without a redirect`);
    return new URL(location, endSessionUrl);
  }

  /** Stops listening (the provider being down); `restart` listens again on the same port. */
  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }

  async restart(): Promise<void> {
    this.#server.listen(Number(new URL(this.issuer).port), '127.0.0.1');
    await once(this.#server, 'listening');
  }
}
