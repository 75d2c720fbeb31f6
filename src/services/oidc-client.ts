/**
 * The OpenID Connect client of single sign-on (docs/behaviour.md, section 29), on `openid-client`
 * (v6, certified for the Basic Relying Party profile): the issuer's discovery document, fetched
 * once and kept for a day (the provider's keys are fetched and cached by the library, and fetched
 * again when a token names a key it does not know); the authorization URL of the code flow with
 * PKCE, `state` and `nonce` (with `prompt=none` for a silent sign-in, and `acr_values` when
 * OIDC_ACR_VALUES is set); the code exchange, whose ID token the library validates (signature,
 * issuer, audience, expiry, nonce); and the provider's end-session URL (RP-initiated logout).
 * Each failure is sorted into a reason the console can show; nothing secret leaves this file in a
 * reason or a detail.
 */
import * as client from 'openid-client';
import type { OidcConfig } from '../domain/single-sign-on.ts';

/** How long the discovery document is kept before it is fetched again. */
const DISCOVERY_TTL_MS = 24 * 3600 * 1000;
/** Seconds a request to the provider may take before it counts as the provider being down. */
const PROVIDER_TIMEOUT_SECONDS = 5;

export type ExchangeFailure =
  | 'provider_down'
  | 'provider_refused'
  | 'code_rejected'
  | 'wrong_audience'
  | 'nonce_mismatch'
  | 'token_invalid'
  /** A silent sign-in (prompt=none) the provider cannot complete without a page of its own: the ordinary sign-in follows. */
  | 'interaction_required';

/** The answers of a provider to prompt=none that mean "ask the person" (OpenID Connect Core 1.0, 3.1.2.6). */
const NEEDS_INTERACTION = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

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

/** What a code exchange gives: the validated ID token's claims, and the ID token itself (kept for logout). */
export interface Exchanged {
  claims: Record<string, unknown>;
  idToken: string;
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
  /** Where the provider sends the browser after its logout: the console's login page. */
  readonly postLogoutRedirectUri: string;
  #discovered: { at: number; configuration: Promise<client.Configuration> } | null = null;
  readonly #now: () => number;

  constructor(settings: OidcConfig, publicBaseUrl: string, now: () => number = Date.now) {
    this.settings = settings;
    this.redirectUri = `${publicBaseUrl}/console/login/callback`;
    this.postLogoutRedirectUri = `${publicBaseUrl}/console/login`;
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

  /**
   * A new authorization request: the URL to send the browser to, and what the callback must
   * match. `silent`: the provider is asked to answer without showing a page (prompt=none).
   */
  async authorizationRequest(options: { silent: boolean }): Promise<AuthorizationRequest> {
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
      ...(options.silent ? { prompt: 'none' } : {}),
      ...(this.settings.acrValues ? { acr_values: this.settings.acrValues.join(' ') } : {}),
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the callback's code and returns the validated ID token's claims and the token. The
   * callback of a silent request answered "login_required" (or another answer that needs a page)
   * is the reason `interaction_required`.
   */
  async exchange(callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string; silent: boolean }): Promise<Exchanged> {
    try {
      const configuration = await this.configuration();
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || !tokens.id_token) throw new OidcFailure('token_invalid', 'no ID token');
      return { claims: { ...claims }, idToken: tokens.id_token };
    } catch (error) {
      if (expected.silent && error instanceof client.AuthorizationResponseError && NEEDS_INTERACTION.has(error.error))
        throw new OidcFailure('interaction_required', error.error);
      throw classify(error);
    }
  }

  /**
   * Where "Log out" sends the browser to end the provider's session too (OpenID Connect
   * RP-Initiated Logout 1.0): the provider's end_session_endpoint with the session's ID token as
   * `id_token_hint` and `{PUBLIC_BASE_URL}/console/login` as `post_logout_redirect_uri`; null when
   * the provider offers no such endpoint, or cannot be reached for its discovery document.
   */
  async endSessionUrl(idToken: string | null): Promise<URL | null> {
    let configuration: client.Configuration;
    try {
      configuration = await this.configuration();
    } catch {
      return null;
    }
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(configuration, {
      ...(idToken ? { id_token_hint: idToken } : {}),
      post_logout_redirect_uri: this.postLogoutRedirectUri,
    });
  }
}
