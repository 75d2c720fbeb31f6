import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OperatorRow } from '../services/operators.ts';
import { signInSessions, type SignInSessions } from '../web/sign-in-sessions.ts';
import { consoleChrome, consoleCookie, operatorArea, type ChromeAccount } from './context.ts';
import { loginPage, type LoginModel } from './views/login.ts';

export const LOCKED = 'Too many failed attempts: this email is locked for 15 minutes from this network. Try again later, or ask an admin.';

export interface ConsoleSignIn extends SignInSessions<OperatorRow> {
  /** The login page: the provider's button when single sign-on is set, the password form unless OIDC_ONLY. */
  showLogin(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    shown: Pick<LoginModel, 'email' | 'problem' | 'notice'>,
    account?: ChromeAccount | null,
  ): Promise<FastifyReply>;
  /** Where a session waiting for a step of signing in goes next. */
  pendingPath(request: FastifyRequest): string | null;
}

/**
 * The console's sessions of signing in (web/sign-in-sessions.ts): an operator's, with how it was
 * signed in (a password here; single sign-on starts its own), and the login page they start from.
 */
export function consoleSignIn(app: FastifyInstance): ConsoleSignIn {
  const sessions = signInSessions<OperatorRow>(app, {
    cookie: consoleCookie(app.config.publicBaseUrl),
    area: operatorArea,
    loginKind: 'console_login',
    signedInKind: 'console',
    subject: (operator, pendingStep) => ({ operatorId: operator.id, pendingStep, signInMethod: 'password' }),
  });
  const sso = app.singleSignOn;
  return {
    ...sessions,

    async showLogin(request, reply, status, shown, account) {
      await sessions.ensure(request, reply);
      const provider = sso ? sso.providerName : null;
      return reply.page(
        status,
        loginPage(consoleChrome(request, reply, undefined, account), {
          ...shown,
          csrf: reply.generateCsrf(),
          provider,
          passwordLogin: sso ? sso.passwordLoginAllowed : true,
        }),
      );
    },

    pendingPath(request) {
      if (!operatorArea.pending(request)) return null;
      return request.webSession?.pending_step === 'setup' ? '/console/two-factor/setup' : '/console/login/verify';
    },
  };
}
