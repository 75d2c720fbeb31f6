/**
 * The OpenID Connect client of single sign-on (docs/behaviour.md, section 29), on `openid-client`
 * (v6, certified for the Basic Relying Party profile): the issuer's discovery document, fetched
 * once and kept for a day (the provider's keys are fetched and cached by the library, and fetched
 * again when a token names a key it does not know); the authorization URL of the code flow with
 * PKCE, `state` and `nonce`; and the code exchange, whose ID token the library validates
 * (signature, issuer, audience, expiry, nonce). Each failure is sorted into a reason the console
 * can show; nothing secret leaves this file in a reason or a detail.
 */
import * as client from 'openid-client';
import type { OidcConfig } from '../domain/single-sign-on.ts';

/** How long the discovery document is kept before it is fetched again. */
const DISCOVERY_TTL_MS = 24 * 3600 * 1000;
/** Seconds a request to the provider may take before it counts as the provider being down. */
const PROVIDER_TIMEOUT_SECONDS = 5;

export type ExchangeFailure = 'provider_down' | 'provider_refused' | 'code_rejected' | 'wrong_audience' | 'nonce_mismatch' | 'token_invalid';

export class OidcFailure extends Error {
  readonly reason: ExchangeFailure;
  /** What went wrong, for the log: an error code or a claim name, never a token, code or secret. */
  readonly detail: string;
  constructor(reason: ExchangeFailure, detail: string) {
    super(`${reason}: ${detail}`);
    this.reason = reason;
    this.detail = detail;
  }
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

function claimOf(error: unknown): unknown {
  const cause = (error as { cause?: { claim?: unknown; cause?: { claim?: unknown } } }).cause;
  return cause?.claim ?? cause?.cause?.claim;
}

/** Sorts what openid-client threw into a reason and a detail safe to log. */
export function classify(error: unknown): OidcFailure {
  if (error instanceof OidcFailure) return error;
  if (error instanceof client.AuthorizationResponseError) return new OidcFailure('provider_refused', error.error);
  if (error instanceof client.ResponseBodyError) {
    return error.error === 'invalid_grant' ? new OidcFailure('code_rejected', error.error) : new OidcFailure('provider_refused', error.error);
  }
  const code = (error as { code?: unknown }).code;
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    const claim = claimOf(error);
    if (claim === 'aud' || claim === 'azp') return new OidcFailure('wrong_audience', `${String(code)} (${String(claim)})`);
    if (claim === 'nonce') return new OidcFailure('nonce_mismatch', `${String(code)} (nonce)`);
    return new OidcFailure('token_invalid', `${String(code)} (${String(claim)})`);
  }
  if (code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT' || code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || error instanceof TypeError) {
    return new OidcFailure('provider_down', typeof code === 'string' ? code : (error as Error).message);
  }
  return new OidcFailure('token_invalid', typeof code === 'string' ? code : 'unexpected error');
}

export class OidcClient {
  readonly settings: OidcConfig;
  readonly redirectUri: string;
  #discovered: { at: number; configuration: Promise<client.Configuration> } | null = null;
  readonly #now: () => number;

  constructor(settings: OidcConfig, publicBaseUrl: string, now: () => number = Date.now) {
    this.settings = settings;
    this.redirectUri = `${publicBaseUrl}/console/login/callback`;
    this.#now = now;
  }

  /** The issuer's configuration, discovered once a day; a failed discovery is tried again on the next sign-in. */
  configuration(): Promise<client.Configuration> {
    const now = this.#now();
    if (this.#discovered && now - this.#discovered.at < DISCOVERY_TTL_MS) return this.#discovered.configuration;
    const issuer = new URL(this.settings.issuer);
    const configuration = client
      .discovery(issuer, this.settings.clientId, undefined, client.ClientSecretBasic(this.settings.clientSecret), {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // http is allowed only on a loopback address outside production, which config.ts checked.
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .then((discovered) => {
        discovered.timeout = PROVIDER_TIMEOUT_SECONDS;
        return discovered;
      });
    const entry = { at: now, configuration };
    this.#discovered = entry;
    configuration.catch(() => {
      if (this.#discovered === entry) this.#discovered = null;
    });
    return configuration;
  }

  /** A new authorization request: the URL to send the browser to, and what the callback must match. */
  async authorizationRequest(): Promise<AuthorizationRequest> {
    let configuration: client.Configuration;
    try {
      configuration = await this.configuration();
    } catch (error) {
      throw classify(error);
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, nonce, codeVerifier };
  }

  /** Exchanges the callback's code and returns the validated ID token's claims. */
  async exchange(callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<Record<string, unknown>> {
    try {
      const configuration = await this.configuration();
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new OidcFailure('token_invalid', 'no ID token');
      return { ...claims };
    } catch (error) {
      throw classify(error);
    }
  }
}
