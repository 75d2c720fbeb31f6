/**
 * Single sign-on for the console through the lender's OpenID Provider (docs/behaviour.md, section
 * 29). A sign-in starts with a flow kept in the database (oidc_sign_in_flows: the state as a hash,
 * the PKCE verifier and the nonce, bound to the browser by a key of its own that it keeps in a
 * cookie, 10 minutes, used once) and the redirect to the provider; its callback is matched to the
 * flow and to the browser's key, the code exchanged and the ID token validated (oidc-client.ts). The operator is the one of the verified `email` claim: made
 * on the first sign-in, its role set from the role claim on each (audited when it changes, which
 * ends its sessions), refused when deactivated; the operator's console sessions that came from a
 * password end. Every refusal is a reason of its own, with one log line that holds no secret.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Actor, OperatorRole } from '../domain/actors.ts';
import { roleFromClaim, verifiedEmail } from '../domain/single-sign-on.ts';
import { deleteNonOidcOperatorSessions, insertOidcFlow, takeOidcFlow } from '../store/operator-sign-in-store.ts';
import { emailKey, findOperator, findOperatorByEmail, insertOidcOperator, setOidcSubject, updateOperator, type OperatorRow } from '../store/operators-store.ts';
import { deleteOperatorSessions } from '../store/web-sessions-store.ts';
import { audited } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { OidcFailure, type ExchangeFailure, type OidcClient } from './oidc-client.ts';
import { hashToken } from './tokens.ts';

/** How long a sign-in may take between the redirect to the provider and its callback. */
export const FLOW_MINUTES = 10;

/** Why a single sign-on was refused: each is told apart on the page and in the log. */
export type SignOnRefusal =
  /** The callback's `state` is missing or unknown, or the flow is another browser's (or the browser has lost its key). */
  | 'wrong_state'
  /** The callback of a flow already used (a replayed callback). */
  | 'replayed'
  /** The flow (and its nonce) is older than FLOW_MINUTES. */
  | 'expired'
  | 'email_unverified'
  | 'no_role'
  | 'deactivated'
  | ExchangeFailure;

export type SignOnResult =
  { ok: true; operator: OperatorRow; created: boolean; roleChanged: boolean; passwordSessionsEnded: number } | { ok: false; reason: SignOnRefusal };

/** Where the sign-in writes its log lines (the request's logger). */
export interface SignOnLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

const SYSTEM: Actor = { kind: 'system', label: 'single sign-on' };

export class SingleSignOn {
  readonly #client: OidcClient;

  constructor(client: OidcClient) {
    this.#client = client;
  }

  /** "Sign in with {providerName}". */
  get providerName(): string {
    return this.#client.settings.providerName;
  }

  /** False with OIDC_ONLY: password login is off. */
  get passwordLoginAllowed(): boolean {
    return !this.#client.settings.only;
  }

  /** The URL of the callback the provider called: the redirect URI with the query of `requestUrl` (a path and query). */
  callbackUrl(requestUrl: string): URL {
    const url = new URL(this.#client.redirectUri);
    url.search = new URL(requestUrl, url).search;
    return url;
  }

  /**
   * Starts a sign-in: the URL of the provider to send the browser to, with the key the browser
   * keeps until the callback (only its hash is stored); or the provider being down.
   */
  async start(ctx: ServiceContext, log: SignOnLog): Promise<{ ok: true; url: string; browserKey: string } | { ok: false; reason: 'provider_down' }> {
    let request;
    try {
      request = await this.#client.authorizationRequest();
    } catch (error) {
      const failure = error instanceof OidcFailure ? error : new OidcFailure('provider_down', 'discovery failed');
      log.warn({ reason: 'provider_down', detail: failure.detail }, 'single sign-on could not start');
      return { ok: false, reason: 'provider_down' };
    }
    const now = ctx.now();
    const browserKey = randomBytes(32).toString('base64url');
    await insertOidcFlow(ctx.db, {
      stateHash: hashToken(request.state),
      sessionHash: hashToken(browserKey),
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      now,
      expiresAt: new Date(now.getTime() + FLOW_MINUTES * 60_000),
    });
    return { ok: true, url: request.url.href, browserKey };
  }

  /**
   * Completes a sign-in from the provider's callback (the full URL it was called with), for the
   * browser that kept `browserKey` (null when it has none).
   */
  async complete(ctx: ServiceContext, log: SignOnLog, callbackUrl: URL, browserKey: string | null): Promise<SignOnResult> {
    const refuse = (reason: SignOnRefusal, detail: Record<string, unknown> = {}): SignOnResult => {
      log.warn({ reason, ...detail }, 'single sign-on refused');
      return { ok: false, reason };
    };
    const state = callbackUrl.searchParams.get('state') ?? '';
    if (state.length === 0 || state.length > 200) return refuse('wrong_state', { detail: 'no state' });
    const flow = await takeOidcFlow(ctx.db, hashToken(state), ctx.now());
    if (!flow) return refuse('wrong_state', { detail: 'unknown state' });
    if (flow.used_at) return refuse('replayed');
    if (browserKey === null || browserKey.length > 100 || flow.session_hash !== hashToken(browserKey))
      return refuse('wrong_state', { detail: 'another browser' });
    if (flow.expires_at <= ctx.now()) return refuse('expired');
    let claims: Record<string, unknown>;
    try {
      claims = await this.#client.exchange(callbackUrl, { state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
    } catch (error) {
      const failure = error instanceof OidcFailure ? error : new OidcFailure('token_invalid', 'unexpected error');
      return refuse(failure.reason, { detail: failure.detail });
    }
    const email = verifiedEmail(claims);
    if (!email) return refuse('email_unverified', { subject: claims.sub });
    const settings = this.#client.settings;
    const role = roleFromClaim(claims[settings.roleClaim], settings.roleMap);
    if (!role) return refuse('no_role', { email, claim: settings.roleClaim });
    const name = typeof claims.name === 'string' && claims.name.trim().length > 0 ? claims.name.trim().slice(0, 200) : email;
    const outcome = await this.#matchOperator(ctx, { email, name, role, subject: String(claims.sub) });
    if (!outcome) return refuse('deactivated', { email });
    log.info(
      { operator_id: outcome.operator.id, created: outcome.created, role_changed: outcome.roleChanged, password_sessions_ended: outcome.passwordSessionsEnded },
      'single sign-on',
    );
    return { ok: true, ...outcome };
  }

  /** The operator of the email, made or brought up to date (audited); null when deactivated. */
  async #matchOperator(ctx: ServiceContext, person: { email: string; name: string; role: OperatorRole; subject: string }) {
    const issuer = this.#client.settings.issuer;
    const now = ctx.now();
    const result = await audited(
      ctx,
      SYSTEM,
      async (inner) => {
        const existing = await findOperatorByEmail(inner.db, emailKey(person.email));
        if (existing && !existing.active) return null;
        let id = existing?.id ?? randomUUID();
        if (!existing) {
          await insertOidcOperator(inner.db, { id, email: person.email, name: person.name, role: person.role, issuer, subject: person.subject, now });
        } else {
          id = existing.id;
          await setOidcSubject(inner.db, id, issuer, person.subject, now);
          if (existing.role !== person.role) {
            await updateOperator(inner.db, id, { role: person.role }, now);
            // A change of role ends the operator's sessions (section 19), whatever their sign-in.
            await deleteOperatorSessions(inner.db, id);
          }
        }
        const passwordSessionsEnded = await deleteNonOidcOperatorSessions(inner.db, id, null);
        const operator = (await findOperator(inner.db, id)) as OperatorRow;
        return { operator, created: !existing, roleChanged: existing !== null && existing.role !== person.role, from: existing?.role, passwordSessionsEnded };
      },
      (r) => {
        if (!r) return null;
        if (r.created) {
          return {
            action: 'operator.created',
            targetType: 'operator',
            targetId: r.operator.id,
            summary: { email: r.operator.email, role: r.operator.role, by: 'single sign-on' },
          };
        }
        if (r.roleChanged) {
          return {
            action: 'operator.role_changed',
            targetType: 'operator',
            targetId: r.operator.id,
            summary: { from: r.from, to: r.operator.role, by: 'single sign-on' },
          };
        }
        return null;
      },
    );
    if (!result) return null;
    const { from: _from, ...outcome } = result;
    return outcome;
  }
}
