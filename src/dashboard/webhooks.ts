import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DomainError } from '../domain/errors.ts';
import { EVENT_TYPES } from '../domain/event-types.ts';
import { idParam } from '../domain/ids.ts';
import type { Environment } from '../domain/tenant.ts';
import {
  dashboardRedeliver,
  dashboardRevealSecret,
  dashboardRotateSecret,
  dashboardSaveWebhook,
  dashboardSetSubscriptions,
  dashboardTestEvent,
} from '../services/dashboard.ts';
import { deliveriesPage, getConfiguration, listSubscriptions } from '../services/webhooks.ts';
import { attempt, besideFields, saying } from '../web/attempt.ts';
import { formValues } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { CursorQuery } from '../web/paging.ts';
import { can, dashboardChrome, signedIn } from './context.ts';
import { readShownPage } from './list-page.ts';
import { webhooksPage, type WebhooksModel } from './views/webhooks.ts';

const DONE = {
  saved: 'Webhook saved.',
  subscriptions: 'Subscriptions saved.',
  test: 'Test event sent: it is in the events list, and on its way to your URL if you set one.',
  redelivery: 'Redelivery queued: it is sent again now.',
};

const ALL_TYPES = EVENT_TYPES.map((e) => e.webhook_event_type as string);

const WebhooksQuery = Type.Object({ done: NoticeQuery(DONE), failed: Type.Optional(Type.String({ maxLength: 5 })), cursor: CursorQuery });

/**
 * What each form shows when the service refuses it with a ValidationError: the webhook rules beside
 * their fields, a type not in the list, an event with no URL to send it to.
 */
const CONFIGURATION_REFUSALS = { ValidationError: besideFields({ '/data/url': 'url', '/data/token': 'token' }, 'url') };
const SUBSCRIPTION_REFUSALS = { ValidationError: saying('Choose event types from the list.') };
const TEST_EVENT_REFUSALS = { ValidationError: saying('Choose an event type from the list.') };
const REDELIVERY_REFUSALS = { ValidationError: (error: DomainError) => ({ problem: `Not sent: ${error.detail}.` }) };

type WebhooksShown = Partial<Pick<WebhooksModel, 'notice' | 'problem' | 'secret' | 'errors' | 'url' | 'failedOnly'>> & { cursor?: string };

/** The types a subscriptions form ticked (none, one or several `types` fields). */
function tickedTypes(body: unknown): string[] {
  const raw = (body as Record<string, unknown> | undefined)?.types;
  const types = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((t): t is string => typeof t === 'string');
  return [...new Set(types)];
}

/** Webhook URL and token, subscriptions, the signing secret, test events, the delivery log. */
export const dashboardWebhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const policy = (environment: Environment) => ({
    production: app.config.production || environment === 'production',
    allowPrivate: app.config.allowPrivateWebhookUrls,
  });

  const show = async (request: FastifyRequest, reply: FastifyReply, status: number, shown: WebhooksShown = {}) => {
    const { tenant, environment } = signedIn(request);
    const failedOnly = shown.failedOnly ?? false;
    const [configuration, subscriptions, log] = await Promise.all([
      getConfiguration(app.ctx, tenant),
      listSubscriptions(app.ctx, tenant),
      readShownPage(shown.cursor, (page) => deliveriesPage(app.ctx, tenant, { eventId: null, status: failedOnly ? 'failed' : null }, page)),
    ]);
    const model: WebhooksModel = {
      environment,
      developer: can(request, 'developer'),
      configuration,
      subscriptions,
      deliveries: log.page,
      deliveriesProblem: log.problem,
      eventTypes: ALL_TYPES,
      csrf: reply.generateCsrf(),
      notice: shown.notice ?? null,
      problem: shown.problem ?? null,
      secret: shown.secret ?? null,
      errors: shown.errors ?? {},
      url: shown.url ?? null,
      failedOnly,
    };
    return reply.page(status === 200 ? log.status : status, webhooksPage(dashboardChrome(request, reply, '/dashboard/webhooks'), model));
  };

  app.get('/webhooks', { schema: { querystring: WebhooksQuery } }, async (request, reply) =>
    show(request, reply, 200, {
      notice: request.query.done ? DONE[request.query.done] : null,
      failedOnly: Boolean(request.query.failed),
      cursor: request.query.cursor,
    }),
  );

  const developer = { config: { dashboardRole: 'developer' as const } };

  app.post('/webhooks/configuration', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const form = formValues(request.body);
    const token = (form.token ?? '').trim();
    const settings = { url: (form.url ?? '').trim(), token: token || null, removeToken: form.remove_token === '1' };
    const saved = await attempt(() => dashboardSaveWebhook(app.ctx, actor, environment, settings, policy(environment)), CONFIGURATION_REFUSALS);
    if (!saved.ok) return show(request, reply, saved.refusal.status, { errors: saved.refusal.errors, url: form.url ?? '' });
    return reply.redirect('/dashboard/webhooks?done=saved', 303);
  });

  app.post('/webhooks/subscriptions', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const saved = await attempt(() => dashboardSetSubscriptions(app.ctx, actor, environment, tickedTypes(request.body), ALL_TYPES), SUBSCRIPTION_REFUSALS);
    if (!saved.ok) return show(request, reply, saved.refusal.status, { problem: saved.refusal.problem });
    return reply.redirect('/dashboard/webhooks?done=subscriptions', 303);
  });

  // The secret is in the answer to these POSTs only.
  app.post('/webhooks/reveal-secret', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    return show(request, reply, 200, { secret: { value: await dashboardRevealSecret(app.ctx, actor, environment), rotated: false } });
  });

  app.post('/webhooks/rotate-secret', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    return show(request, reply, 200, { secret: { value: await dashboardRotateSecret(app.ctx, actor, environment), rotated: true } });
  });

  app.post('/webhooks/test', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const sent = await attempt(() => dashboardTestEvent(app.ctx, actor, environment, formValues(request.body).webhook_event_type ?? ''), TEST_EVENT_REFUSALS);
    if (!sent.ok) return show(request, reply, sent.refusal.status, { problem: sent.refusal.problem });
    return reply.redirect('/dashboard/webhooks?done=test', 303);
  });

  app.post('/webhooks/redeliver', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const form = formValues(request.body);
    const eventId = idParam(form.event_id ?? '', 'event');
    const queued = await attempt(() => dashboardRedeliver(app.ctx, actor, environment, eventId), REDELIVERY_REFUSALS);
    if (!queued.ok) return show(request, reply, queued.refusal.status, { problem: queued.refusal.problem });
    const back = form.back === 'event' ? `/dashboard/events/${eventId}?done=redelivery` : '/dashboard/webhooks?done=redelivery';
    return reply.redirect(back, 303);
  });
};
