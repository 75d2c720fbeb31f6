/**
 * Single sign-on for the console through the lender's OpenID Provider (docs/behaviour.md, section
 * 29). A sign-in starts with a flow kept in the database (oidc_sign_in_flows: the state as a hash,
 * the PKCE verifier and the nonce, bound to the browser by a key of its own that it keeps in a
 * cookie, 10 minutes, used once) and the redirect to the provider; its callback is matched to the
 * flow and to the browser's key, the code exchanged and the ID token validated (oidc-client.ts).
 * The operator is the one of the verified `email` claim: made on the first sign-in, linked to the
 * provider's subject (another subject with the same email is refused), its password and second
 * factor taken away (the provider governs its access from then on), its role set from the role
 * claim on each sign-in (audited when it changes, which ends its sessions), refused when
 * deactivated; the operator's console sessions that came from a password end. A person the
 * provider gives no role loses the operator's console sessions. Every refusal is a reason of its
 * own, with one log line that holds no secret.
 *
 * A console session from the provider lasts at most OIDC_SESSION_MINUTES (section 31): then the
 * console starts a silent sign-in (prompt=none), whose "login_required" leads to the ordinary one,
 * so a role taken away or lowered at the provider applies within that time. The session keeps the
 * provider's ID token, sealed, so that "Log out" can end the provider's session too. With
 * OIDC_ACR_VALUES, an ID token whose `acr` is not one of them is refused.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Actor, OperatorRole } from '../domain/actors.ts';
import { acrAccepted, roleFromClaim, verifiedEmail } from '../domain/single-sign-on.ts';
import { deleteNonOidcOperatorSessions, findSessionIdToken, insertOidcFlow, removePasswordSignIn, takeOidcFlow } from '../store/operator-sign-in-store.ts';
import { emailKey, findOperator, findOperatorByEmail, insertOidcOperator, setOidcSubject, updateOperator, type OperatorRow } from '../store/operators-store.ts';
import { deleteOperatorSessions } from '../store/web-sessions-store.ts';
import { audited, type AuditEntry } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { OidcFailure, type ExchangeFailure, type Exchanged, type OidcClient } from './oidc-client.ts';
import type { SecretBox } from './secret-box.ts';
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
  /** The email's operator is linked to another subject of the provider (another account with the same email). */
  | 'subject_mismatch'
  /** OIDC_ACR_VALUES is set and the ID token's `acr` is none of them. */
  | 'acr_refused'
  | ExchangeFailure;

export interface SignedOn {
  ok: true;
  operator: OperatorRow;
  created: boolean;
  roleChanged: boolean;
  /** The operator had a password (or a second factor of ours): taken away now, the provider governs its access. */
  passwordRemoved: boolean;
  passwordSessionsEnded: number;
  /** The provider's ID token, for the session to keep (sealIdToken) until its logout. */
  idToken: string;
}

export type SignOnResult = SignedOn | { ok: false; reason: SignOnRefusal };

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

  /**
   * Whether a console session signed in through the provider at `signedInAt` has outlived
   * OIDC_SESSION_MINUTES at `now`: it then opens nothing, and the console sends the person
   * through the provider again.
   */
  outlived(signedInAt: Date, now: Date): boolean {
    return now.getTime() - signedInAt.getTime() >= this.#client.settings.sessionMinutes * 60_000;
  }

  /** The ID token sealed for the operator's session (what web_sessions.id_token_enc keeps). */
  sealIdToken(box: SecretBox, signedOn: SignedOn): string {
    return box.seal(signedOn.idToken, idTokenBinding(signedOn.operator.id));
  }

  /**
   * Where "Log out" of the session behind `sessionToken` sends the browser once the session has
   * ended here: the provider's end-session endpoint with the session's ID token (RP-initiated
   * logout); null when the session is not one of the provider's or the provider offers no such
   * endpoint (the console's own login page then).
   */
  async logoutUrl(ctx: ServiceContext, box: SecretBox, sessionToken: string): Promise<URL | null> {
    if (sessionToken.length === 0 || sessionToken.length > 100) return null;
    const kept = await findSessionIdToken(ctx.db, hashToken(sessionToken));
    if (!kept) return null;
    return this.#client.endSessionUrl(box.open(kept.id_token_enc, idTokenBinding(kept.operator_id)));
  }

  /** The URL of the callback the provider called: the redirect URI with the query of `requestUrl` (a path and query). */
  callbackUrl(requestUrl: string): URL {
    const url = new URL(this.#client.redirectUri);
    url.search = new URL(requestUrl, url).search;
    return url;
  }

  /**
   * Starts a sign-in: the URL of the provider to send the browser to, with the key the browser
   * keeps until the callback (only its hash is stored); or the provider being down. `silent`:
   * the provider is asked to answer without a page (a session that outlived OIDC_SESSION_MINUTES).
   */
  async start(
    ctx: ServiceContext,
    log: SignOnLog,
    options: { silent: boolean },
  ): Promise<{ ok: true; url: string; browserKey: string } | { ok: false; reason: 'provider_down' }> {
    let request;
    try {
      request = await this.#client.authorizationRequest(options);
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
      silent: options.silent,
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
    let exchanged: Exchanged;
    try {
      exchanged = await this.#client.exchange(callbackUrl, { state, nonce: flow.nonce, codeVerifier: flow.code_verifier, silent: flow.silent });
    } catch (error) {
      const failure = error instanceof OidcFailure ? error : new OidcFailure('token_invalid', 'unexpected error');
      if (failure.reason === 'interaction_required') {
        log.info({ reason: failure.reason, detail: failure.detail }, 'single sign-on: the provider needs the person, the ordinary sign-in follows');
        return { ok: false, reason: failure.reason };
      }
      return refuse(failure.reason, { detail: failure.detail });
    }
    const { claims, idToken } = exchanged;
    const settings = this.#client.settings;
    if (!acrAccepted(claims, settings.acrValues)) return refuse('acr_refused', { acr: typeof claims.acr === 'string' ? claims.acr.slice(0, 200) : null });
    const email = verifiedEmail(claims);
    if (!email) return refuse('email_unverified', { subject: claims.sub });
    const subject = String(claims.sub);
    const role = roleFromClaim(claims[settings.roleClaim], settings.roleMap);
    if (!role) {
      const ended = await this.#endSessionsOfRoleless(ctx, email, subject);
      return refuse('no_role', { email, claim: settings.roleClaim, ...(ended === null ? {} : { sessions_ended: ended }) });
    }
    const name = typeof claims.name === 'string' && claims.name.trim().length > 0 ? claims.name.trim().slice(0, 200) : email;
    const outcome = await this.#matchOperator(ctx, { email, name, role, subject });
    if (!outcome.ok) return refuse(outcome.reason, { email, ...(outcome.operatorId ? { operator_id: outcome.operatorId } : {}) });
    log.info(
      {
        operator_id: outcome.operator.id,
        created: outcome.created,
        role_changed: outcome.roleChanged,
        password_removed: outcome.passwordRemoved,
        password_sessions_ended: outcome.passwordSessionsEnded,
      },
      'single sign-on',
    );
    return { ...outcome, idToken };
  }

  /** Whether `operator` may be signed in as the provider's `subject`: not linked yet, linked to it, or linked under another issuer. */
  #linkable(operator: OperatorRow, subject: string): boolean {
    return operator.oidc_subject === null || operator.oidc_issuer !== this.#client.settings.issuer || operator.oidc_subject === subject;
  }

  /**
   * A person the provider gives no role: the operator of that email (when it is the same person
   * for the provider) loses its console sessions now, audited, whatever way they were signed in.
   * How many ended; null when no operator is that person.
   */
  async #endSessionsOfRoleless(ctx: ServiceContext, email: string, subject: string): Promise<number | null> {
    const operator = await findOperatorByEmail(ctx.db, emailKey(email));
    if (!operator || !this.#linkable(operator, subject)) return null;
    return audited(
      ctx,
      SYSTEM,
      async (inner) => deleteOperatorSessions(inner.db, operator.id),
      (ended) =>
        ended > 0
          ? {
              action: 'operator.sessions_ended',
              targetType: 'operator',
              targetId: operator.id,
              summary: { reason: 'no_role', sessions_ended: ended, by: 'single sign-on' },
            }
          : null,
    );
  }

  /**
   * The operator of the email, made or brought up to date (audited): made on the first sign-in
   * (or found, when another sign-on of the same person made it at the same moment); linked to the
   * provider's subject, and refused when linked to another; its password and second factor taken
   * away; its role set from the claim; its password sessions ended. Refused when deactivated.
   */
  async #matchOperator(
    ctx: ServiceContext,
    person: { email: string; name: string; role: OperatorRole; subject: string },
  ): Promise<Omit<SignedOn, 'idToken'> | { ok: false; reason: 'deactivated' | 'subject_mismatch'; operatorId?: string }> {
    const issuer = this.#client.settings.issuer;
    const now = ctx.now();
    const result = await audited(
      ctx,
      SYSTEM,
      async (inner) => {
        const found = await findOperatorByEmail(inner.db, emailKey(person.email));
        const id = randomUUID();
        if (
          !found &&
          (await insertOidcOperator(inner.db, { id, email: person.email, name: person.name, role: person.role, issuer, subject: person.subject, now }))
        ) {
          const operator = (await findOperator(inner.db, id)) as OperatorRow;
          return { ok: true as const, operator, created: true, roleChanged: false, from: null, passwordRemoved: false, passwordSessionsEnded: 0 };
        }
        const existing = found ?? ((await findOperatorByEmail(inner.db, emailKey(person.email))) as OperatorRow);
        if (!existing.active) return { ok: false as const, reason: 'deactivated' as const };
        if (!this.#linkable(existing, person.subject)) return { ok: false as const, reason: 'subject_mismatch' as const, operatorId: existing.id };
        if (existing.oidc_subject !== person.subject || existing.oidc_issuer !== issuer)
          await setOidcSubject(inner.db, existing.id, issuer, person.subject, now);
        const passwordRemoved = await removePasswordSignIn(inner.db, existing.id, now);
        const roleChanged = existing.role !== person.role;
        if (roleChanged) {
          await updateOperator(inner.db, existing.id, { role: person.role }, now);
          // A change of role ends the operator's sessions (section 19), whatever their sign-in.
          await deleteOperatorSessions(inner.db, existing.id);
        }
        const passwordSessionsEnded = await deleteNonOidcOperatorSessions(inner.db, existing.id, null);
        const operator = (await findOperator(inner.db, existing.id)) as OperatorRow;
        return { ok: true as const, operator, created: false, roleChanged, from: existing.role, passwordRemoved, passwordSessionsEnded };
      },
      (r) => (r.ok ? auditOfSignOn(r) : null),
    );
    if (!result.ok) return result;
    const { from: _from, ...outcome } = result;
    return outcome;
  }
}

/** What a sealed ID token is bound to: its operator (a sealed token copied to another operator's row opens nothing). */
function idTokenBinding(operatorId: string): string {
  return `oidc id_token ${operatorId}`;
}

/** The audit rows of a sign-on: the operator made, its password taken away, its role changed. */
function auditOfSignOn(r: Omit<SignedOn, 'idToken'> & { from: OperatorRole | null }): AuditEntry[] {
  const target = { targetType: 'operator' as const, targetId: r.operator.id };
  const rows: AuditEntry[] = [];
  if (r.created) rows.push({ action: 'operator.created', ...target, summary: { email: r.operator.email, role: r.operator.role, by: 'single sign-on' } });
  if (r.passwordRemoved) rows.push({ action: 'operator.password_removed', ...target, summary: { second_factor_removed: true, by: 'single sign-on' } });
  if (r.roleChanged) rows.push({ action: 'operator.role_changed', ...target, summary: { from: r.from, to: r.operator.role, by: 'single sign-on' } });
  return rows;
}
