import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { confirmTwoFactor, pendingTotpSecret, type PartnerUserRow } from '../services/partner-users.ts';
import { formValues } from '../web/forms.ts';
import { secretShown } from '../web/two-factor-setup.ts';
import { dashboardChrome } from './context.ts';
import { loginSessions } from './login-session.ts';
import { secretBoxFor } from '../web/secret-key.ts';
import { recoveryCodesPage, twoFactorSetupPage } from './views/sign-in.ts';

/** Two-factor set-up, after the invitation or a login before it was finished: the secret, its confirmation, the recovery codes. */
export const dashboardTwoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sessions = loginSessions(app);
  const box = secretBoxFor(app.config);

  const showSetup = async (request: FastifyRequest, reply: FastifyReply, status: number, user: PartnerUserRow, problem: string | null) => {
    const shown = await secretShown(await pendingTotpSecret(app.ctx, box(), user.id, sessions.sessionHash(request)), app.config.lenderName, user.email);
    return reply.page(status, twoFactorSetupPage(dashboardChrome(request, reply), { csrf: reply.generateCsrf(), ...shown, problem }));
  };

  app.get('/two-factor/setup', async (request, reply) => {
    const user = sessions.pendingAt(request, 'setup');
    if (!user) return reply.redirect('/dashboard/login', 303);
    return showSetup(request, reply, 200, user, null);
  });

  app.post('/two-factor/setup', async (request, reply) => {
    const user = sessions.pendingAt(request, 'setup');
    if (!user) return reply.redirect('/dashboard/login', 303);
    const code = formValues(request.body).code ?? '';
    const result = await confirmTwoFactor(app.ctx, box(), user.id, { setupSession: sessions.sessionHash(request), code });
    if (!result.ok) return showSetup(request, reply, 400, user, result.message);
    await sessions.renew(request, reply, user, null);
    // The codes are in this answer only: no redirect carries them. The page is the new session's, past both factors.
    return reply.page(200, recoveryCodesPage(dashboardChrome(request, reply, undefined, { user, signedIn: true }), result.recoveryCodes));
  });
};
