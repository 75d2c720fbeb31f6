import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ENVIRONMENTS, type Environment } from '../domain/tenant.ts';
import {
  acceptInvitation,
  checkInvitation,
  confirmTwoFactor,
  passwordLogin,
  pendingTotpSecret,
  verifySecondFactor,
  type PartnerUserRow,
} from '../services/partner-users.ts';
import { groupedSecret, otpauthUri, qrCodeDataUri } from '../services/two-factor.ts';
import { startWebSession, switchEnvironment } from '../services/web-sessions.ts';
import { ErrorSummary, Field, formValues, type FieldErrors } from '../web/forms.ts';
import { html } from '../web/html.ts';
import { CsrfField, Notices } from '../web/layout.ts';
import { endSession, setSessionCookie } from '../web/surface.ts';
import { dashboardCookie, plainPage, SURFACE_NAME } from './context.ts';
import { secretBoxFor } from './secret-key.ts';

const WRONG = 'The email or password is not right.';
const WRONG_CODE = 'That code is not right. Enter the 6-digit code from your authenticator app, or one of your recovery codes.';
const THROTTLED = 'Too many failed logins from this address. Try again in a minute.';
const LOCKED = 'Too many failed attempts: this email is locked for 15 minutes. Try again later, or ask an owner of your team.';

const INVITATION_PROBLEMS = {
  unknown: 'This invitation link is not valid. Check that you copied all of it, or ask for a new invitation.',
  used: 'This invitation link has already been used. Log in instead, or ask for a new invitation.',
  expired: 'This invitation link has expired (links last 72 hours). Ask an owner of your team, or the lender, for a new one.',
};

/** Login with the two factors, invitations, two-factor set-up, logout, and the environment switch. */
export const dashboardLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cookie = dashboardCookie(app.config.publicBaseUrl);
  const box = secretBoxFor(app.config);

  /** The forms before login carry their CSRF secret in a short anonymous session of their own. */
  const ensureSession = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) return;
    const started = await startWebSession(app.ctx.db, 'dashboard_login', {}, app.ctx.now());
    setSessionCookie(reply, cookie, started.token, started.expiresAt);
    request.session = { csrfSecret: started.csrfSecret };
  };

  /** Replaces the request's session with a new one (never reuse a session id across a login step). */
  const newSession = async (request: FastifyRequest, reply: FastifyReply, user: PartnerUserRow, pendingStep: 'two_factor' | 'setup' | null) => {
    await endSession(app, request, reply, cookie);
    const started = await startWebSession(
      app.ctx.db,
      pendingStep ? 'dashboard_login' : 'dashboard',
      { partnerId: user.partner_id, environment: 'sandbox', partnerUserId: user.id, pendingStep },
      app.ctx.now(),
    );
    setSessionCookie(reply, cookie, started.token, started.expiresAt);
    request.session = { csrfSecret: started.csrfSecret };
  };

  const loginPage = async (request: FastifyRequest, reply: FastifyReply, status: number, email: string, problem: string | null, notice: string | null) => {
    await ensureSession(request, reply);
    return reply.page(
      status,
      plainPage(
        request,
        reply,
        'Log in',
        html`<h1>Log in to the ${SURFACE_NAME.toLowerCase()}</h1>
          <${Notices} notice=${notice} problem=${problem} />
          <form method="post" action="/dashboard/login" class="stack card" novalidate>
            <${CsrfField} token=${reply.generateCsrf()} />
            <${Field} name="email" label="Email" type="email" autocomplete="username" value=${email} required=${true} />
            <${Field} name="password" label="Password" type="password" autocomplete="current-password" required=${true} />
            <div><button type="submit">Log in</button></div>
          </form>`,
      ),
    );
  };

  app.get('/login', { schema: { querystring: Type.Object({ out: Type.Optional(Type.String()) }) } }, async (request, reply) => {
    if (request.partnerUser) return reply.redirect('/dashboard', 303);
    if (request.pendingUser)
      return reply.redirect(request.webSession?.pending_step === 'setup' ? '/dashboard/two-factor/setup' : '/dashboard/login/verify', 303);
    return loginPage(request, reply, 200, '', null, request.query.out ? 'You have logged out.' : null);
  });

  app.post('/login', async (request, reply) => {
    await app.refuseThrottledSignIn(request, reply);
    const form = formValues(request.body);
    const email = (form.email ?? '').slice(0, 254);
    const result = await passwordLogin(app.ctx, form.email ?? '', form.password ?? '');
    if (!result.ok) {
      const throttled = await app.authFailed(request).then(
        () => false,
        () => true,
      );
      if (throttled) return loginPage(request, reply, 429, email, THROTTLED, null);
      return loginPage(request, reply, result.reason === 'locked' ? 429 : 401, email, result.reason === 'locked' ? LOCKED : WRONG, null);
    }
    const setUp = result.user.two_factor_enabled_at !== null;
    await newSession(request, reply, result.user, setUp ? 'two_factor' : 'setup');
    return reply.redirect(setUp ? '/dashboard/login/verify' : '/dashboard/two-factor/setup', 303);
  });

  const verifyPage = (request: FastifyRequest, reply: FastifyReply, status: number, problem: string | null) =>
    reply.page(
      status,
      plainPage(
        request,
        reply,
        'Two-factor authentication',
        html`<h1>Two-factor authentication</h1>
          <${Notices} problem=${problem} />
          <form method="post" action="/dashboard/login/verify" class="stack card" novalidate>
            <${CsrfField} token=${reply.generateCsrf()} />
            <${Field}
              name="code"
              label="Authentication code"
              hint="The 6-digit code your authenticator app shows, or one of your recovery codes."
              autocomplete="one-time-code"
              required=${true}
            />
            <div><button type="submit">Verify</button></div>
          </form>`,
      ),
    );

  const pendingOf = (request: FastifyRequest, step: 'two_factor' | 'setup') =>
    request.pendingUser && request.webSession?.pending_step === step ? request.pendingUser : null;

  app.get('/login/verify', async (request, reply) => {
    if (!pendingOf(request, 'two_factor')) return reply.redirect('/dashboard/login', 303);
    return verifyPage(request, reply, 200, null);
  });

  app.post('/login/verify', async (request, reply) => {
    const user = pendingOf(request, 'two_factor');
    if (!user) return reply.redirect('/dashboard/login', 303);
    const result = await verifySecondFactor(app.ctx, box(), user.id, formValues(request.body).code ?? '');
    if (!result.ok) {
      if (result.reason === 'locked') {
        await endSession(app, request, reply, cookie);
        request.pendingUser = null;
        request.session = undefined;
        return loginPage(request, reply, 429, '', LOCKED, null);
      }
      return verifyPage(request, reply, 401, WRONG_CODE);
    }
    await newSession(request, reply, result.user, null);
    return reply.redirect(result.usedRecoveryCode ? `/dashboard?recovery_left=${result.recoveryCodesLeft}` : '/dashboard', 303);
  });

  app.post('/logout', async (request, reply) => {
    await endSession(app, request, reply, cookie);
    return reply.redirect('/dashboard/login?out=1', 303);
  });

  // --- Invitations ---

  const invitationProblemPage = (request: FastifyRequest, reply: FastifyReply, reason: keyof typeof INVITATION_PROBLEMS) =>
    reply.page(
      reason === 'unknown' ? 404 : 410,
      plainPage(
        request,
        reply,
        'Invitation',
        html`<h1>This invitation cannot be used</h1><p class="lead" id="invitation-problem">${INVITATION_PROBLEMS[reason]}</p>`,
      ),
    );

  const invitePage = async (request: FastifyRequest, reply: FastifyReply, status: number, token: string, user: PartnerUserRow, errors: FieldErrors) => {
    await ensureSession(request, reply);
    return reply.page(
      status,
      plainPage(
        request,
        reply,
        'Accept your invitation',
        html`<h1>Welcome, ${user.name}</h1>
          <p class="lead">You are invited to the ${SURFACE_NAME.toLowerCase()} as <strong>${user.role}</strong>, with the email ${user.email}. Choose a password; then you will set up two-factor authentication.</p>
          <${ErrorSummary} errors=${errors} />
          <form method="post" action="/dashboard/invite" class="stack card" novalidate>
            <${CsrfField} token=${reply.generateCsrf()} />
            <input type="hidden" name="token" value=${token} />
            <input type="email" name="username" value=${user.email} autocomplete="username" hidden />
            <${Field}
              name="password"
              label="Password"
              type="password"
              autocomplete="new-password"
              hint="At least 12 characters, and not one of the common passwords."
              error=${errors.password}
              required=${true}
            />
            <div><button type="submit">Set password</button></div>
          </form>`,
      ),
    );
  };

  app.get('/invite', { schema: { querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }) } }, async (request, reply) => {
    const token = request.query.token ?? '';
    const state = await checkInvitation(app.ctx, token);
    if (!state.ok) return invitationProblemPage(request, reply, state.reason);
    return invitePage(request, reply, 200, token, state.user, {});
  });

  app.post('/invite', async (request, reply) => {
    const form = formValues(request.body);
    const token = form.token ?? '';
    const result = await acceptInvitation(app.ctx, token, form.password ?? '');
    if (!result.ok) {
      if (result.field === 'token') return invitationProblemPage(request, reply, result.message as keyof typeof INVITATION_PROBLEMS);
      const state = await checkInvitation(app.ctx, token);
      if (!state.ok) return invitationProblemPage(request, reply, state.reason);
      return invitePage(request, reply, 400, token, state.user, { password: result.message });
    }
    await newSession(request, reply, result.user, 'setup');
    return reply.redirect('/dashboard/two-factor/setup', 303);
  });

  // --- Two-factor set-up (after the invitation, or a login before it was finished) ---

  const setupPage = async (request: FastifyRequest, reply: FastifyReply, status: number, user: PartnerUserRow, problem: string | null) => {
    const secret = await pendingTotpSecret(app.ctx, box(), user.id);
    const uri = otpauthUri(secret, app.config.lenderName, user.email);
    const qr = await qrCodeDataUri(uri);
    return reply.page(
      status,
      plainPage(
        request,
        reply,
        'Set up two-factor authentication',
        html`<h1>Set up two-factor authentication</h1>
          <p class="lead">Two-factor authentication is required. Scan this code with an authenticator app (1Password, Google Authenticator, Microsoft Authenticator…), or type the key into it.</p>
          <${Notices} problem=${problem} />
          <div class="card stack">
            <img src=${qr} width="200" height="200" alt="QR code to add this account to an authenticator app" />
            <p>Key: <code class="secret" id="totp-secret">${groupedSecret(secret)}</code></p>
          </div>
          <form method="post" action="/dashboard/two-factor/setup" class="stack card" novalidate>
            <${CsrfField} token=${reply.generateCsrf()} />
            <${Field} name="code" label="Authentication code" hint="The 6-digit code the app shows for this account." autocomplete="one-time-code" inputmode="numeric" required=${true} />
            <div><button type="submit">Turn on two-factor authentication</button></div>
          </form>`,
      ),
    );
  };

  app.get('/two-factor/setup', async (request, reply) => {
    const user = pendingOf(request, 'setup');
    if (!user) return reply.redirect('/dashboard/login', 303);
    return setupPage(request, reply, 200, user, null);
  });

  app.post('/two-factor/setup', async (request, reply) => {
    const user = pendingOf(request, 'setup');
    if (!user) return reply.redirect('/dashboard/login', 303);
    const result = await confirmTwoFactor(app.ctx, box(), user.id, formValues(request.body).code ?? '');
    if (!result.ok) return setupPage(request, reply, 400, user, result.message);
    await newSession(request, reply, user, null);
    // The codes are in this answer only: no redirect carries them.
    request.partnerUser = user;
    return reply.page(
      200,
      plainPage(
        request,
        reply,
        'Your recovery codes',
        html`<h1>Two-factor authentication is on</h1>
          <div class="notice good" role="status">
            <h2>Your recovery codes</h2>
            <p>Keep these ten codes somewhere safe: each lets you log in once without your authenticator app. They are shown only this once.</p>
            <ul class="recovery-codes" id="recovery-codes">${result.recoveryCodes.map((code) => html`<li><code>${code}</code></li>`)}</ul>
          </div>
          <p><a class="button" href="/dashboard">Continue to the dashboard</a></p>`,
      ),
    );
  });

  // --- The environment switch ---

  app.post('/environment', async (request, reply) => {
    const form = formValues(request.body);
    const environment = (ENVIRONMENTS as readonly string[]).includes(form.environment ?? '') ? (form.environment as Environment) : null;
    const token = request.cookies[cookie.cookieName];
    if (environment && token) await switchEnvironment(app.ctx, token, environment);
    const back = /^\/dashboard(\/[a-z-]+)?$/.test(form.back ?? '') ? (form.back as string) : '/dashboard';
    return reply.redirect(back, 303);
  });
};
