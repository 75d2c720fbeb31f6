import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { formatGbp } from '../domain/money-format.ts';
import { findLatestApplication } from '../store/applications-store.ts';
import { findOffer } from '../store/offers-store.ts';
import { settleExpiryIfDue } from '../services/offers.ts';
import { consumeLoginToken, findPortalSession, type PortalSession } from '../services/login-links.ts';
import { escapeHtml, page } from './html.ts';

export const SESSION_COOKIE = 'portal_session';

const LINK_PROBLEMS: Record<'invalid' | 'used' | 'expired', string> = {
  invalid: 'This login link is not valid.',
  used: 'This login link has already been used. Each link opens once; ask for a new one.',
  expired: 'This login link has expired. Links are valid for 24 hours; ask for a new one.',
};

function html(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(page(title, body));
}

/**
 * The customer portal's entry: login links open here. The full portal (data, uploads, offers,
 * drawdowns) builds on this session.
 */
export const portalRoutes: FastifyPluginAsync = async (app) => {
  await app.register(cookie);

  const sessionOf = async (request: FastifyRequest): Promise<PortalSession | null> => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? findPortalSession(app.ctx, token) : null;
  };

  app.get<{ Querystring: { token?: string } }>('/portal/login', async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const result = token ? await consumeLoginToken(app.ctx, token) : ({ ok: false, reason: 'invalid' } as const);
    if (!result.ok) {
      return html(reply, result.reason === 'invalid' ? 404 : 410, 'Login link unavailable', `<h1>Login link unavailable</h1><p>${escapeHtml(LINK_PROBLEMS[result.reason])}</p>`);
    }
    reply.setCookie(SESSION_COOKIE, result.sessionToken, {
      path: '/portal',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.publicBaseUrl.startsWith('https://'),
      expires: result.expiresAt,
    });
    return reply.redirect(result.session.offerId ? `/portal/offers/${result.session.offerId}` : '/portal/');
  });

  app.get('/portal/', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return html(reply, 401, 'Please log in', '<h1>Please log in</h1><p>Open the login link you were sent.</p>');
    const latest = await findLatestApplication(app.ctx.db, session, session.customerId);
    // The status is correct on read, even before the expiry sweep (as in the partner API).
    const application = latest ? await settleExpiryIfDue(app.ctx, session, latest) : null;
    const body = application
      ? `<h1>Your application</h1><p>Status: <strong data-testid="status">${escapeHtml(application.status.replaceAll('_', ' '))}</strong></p><p>Amount requested: ${escapeHtml(formatGbp(application.amount_pence))}</p>`
      : '<h1>Your application</h1><p>No application yet.</p>';
    return html(reply, 200, 'Your application', body);
  });

  app.get<{ Params: { offer_id: string } }>('/portal/offers/:offer_id', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return html(reply, 401, 'Please log in', '<h1>Please log in</h1><p>Open the login link you were sent.</p>');
    const offer = /^[0-9a-f-]{36}$/i.test(request.params.offer_id) ? await findOffer(app.ctx.db, session, request.params.offer_id) : null;
    if (!offer || offer.customer_id !== session.customerId) return html(reply, 404, 'Offer not found', '<h1>Offer not found</h1>');
    const body = `<h1>Your offer</h1>
<p>${escapeHtml(offer.product_type.replace('_', ' '))}: up to ${escapeHtml(formatGbp(offer.max_amount_pence))} over ${offer.duration_days} days</p>
<p>Monthly interest ${offer.monthly_rate_bp / 100}%, fee ${offer.fee_bp / 100}%</p>
<p class="muted"><a href="/portal/">Back to your application</a></p>`;
    return html(reply, 200, 'Your offer', body);
  });
};
