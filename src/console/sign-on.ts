import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FLOW_MINUTES, type SignOnRefusal } from '../services/single-sign-on.ts';
import { secretBoxFor } from '../web/secret-key.ts';
import { consoleChrome, operatorArea } from './context.ts';
import { consoleSignIn } from './login-session.ts';
import { signedOnPage, signOnProblem, signOnRefusedPage } from './views/sign-on.ts';

/**
 * The cookie that binds a sign-in to the browser that started it, from the redirect to the
 * provider to its callback. SameSite=Lax, unlike the console's own: the provider sends the browser
 * back with a navigation from its own site, which a Strict cookie never comes with.
 */
const FLOW_COOKIE = 'console_sign_on';
const CALLBACK = '/console/login/callback';

/** Each refusal's status: the person refused (403), the flow broken (400), the provider unreachable (503). */
const REFUSAL_STATUS: Record<SignOnRefusal, number> = {
  wrong_state: 400,
  replayed: 400,
  expired: 400,
  code_rejected: 400,
  nonce_mismatch: 400,
  token_invalid: 400,
  wrong_audience: 400,
  provider_refused: 403,
  email_unverified: 403,
  no_role: 403,
  deactivated: 403,
  subject_mismatch: 403,
  acr_refused: 403,
  provider_down: 503,
  // Never shown: the ordinary sign-in follows (a redirect).
  interaction_required: 303,
};

/**
 * Single sign-on through the lender's identity provider (docs/behaviour.md, sections 29 and 31),
 * when OIDC_* is set: "Sign in with {provider}" starts the flow, the callback completes it. A
 * session from the provider has no second-factor step of ours (the provider has its own) and no
 * password, and lasts OIDC_SESSION_MINUTES: then the console comes here with `silent=1`, which
 * asks the provider to answer without a page (prompt=none); when the provider needs the person
 * (login_required and the like), the callback starts the ordinary sign-in.
 */
export const consoleSignOnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sso = app.singleSignOn;
  if (!sso) return;
  const sessions = consoleSignIn(app);
  const box = secretBoxFor(app.config);
  const flowCookie = { path: CALLBACK, httpOnly: true, sameSite: 'lax', secure: sessions.cookie.secure } as const;
  const refused = { provider: sso.providerName, passwordLogin: sso.passwordLoginAllowed };

  app.get('/login/sso', { schema: { querystring: Type.Object({ silent: Type.Optional(Type.String()) }) } }, async (request, reply) => {
    if (operatorArea.current(request)) return reply.redirect('/console/applications', 303);
    // Each start writes a flow row: counted per address (429 past SIGN_ON_STARTS_PER_MINUTE).
    await app.countSignOnStart(request, reply);
    const started = await sso.start(app.ctx, request.log, { silent: request.query.silent === '1' });
    if (!started.ok)
      return sessions.showLogin(request, reply, 503, { email: '', problem: signOnProblem({ ...refused, reason: started.reason }), notice: null });
    reply.setCookie(FLOW_COOKIE, started.browserKey, { ...flowCookie, maxAge: FLOW_MINUTES * 60 });
    return reply.redirect(started.url, 303);
  });

  app.get('/login/callback', async (request, reply) => {
    const browserKey = request.cookies[FLOW_COOKIE] ?? null;
    reply.clearCookie(FLOW_COOKIE, flowCookie);
    const result = await sso.complete(app.ctx, request.log, sso.callbackUrl(request.url), browserKey);
    // A silent sign-in the provider cannot complete without the person: the ordinary one, at once.
    if (!result.ok && result.reason === 'interaction_required') return reply.redirect('/console/login/sso', 303);
    if (!result.ok)
      return reply.page(
        REFUSAL_STATUS[result.reason],
        signOnRefusedPage(consoleChrome(request, reply, undefined, null), { ...refused, reason: result.reason }),
      );
    // Whatever session this browser had ends; the new one is the provider's (the operator's password sessions ended in the service).
    // The session keeps the provider's ID token, sealed, for its logout (RP-initiated).
    await sessions.renew(request, reply, result.operator, null, { signInMethod: 'oidc', idTokenEnc: sso.sealIdToken(box(), result) });
    // The page moves on by itself (see signedOnPage: a redirect would come without the new cookie).
    reply.header('Refresh', '0; url=/console/applications');
    return reply.page(
      200,
      signedOnPage(consoleChrome(request, reply, undefined, { operator: result.operator, signedIn: false }), { name: result.operator.name }),
    );
  });
};
