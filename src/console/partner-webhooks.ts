import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../domain/errors.ts';
import { idParam } from '../domain/ids.ts';
import { boRedeliver, boSaveWebhookSettings } from '../services/back-office.ts';
import { getPartner } from '../services/partners.ts';
import { attempt, notDone, refusing } from '../web/attempt.ts';
import { formValues } from '../web/forms.ts';
import { signedIn } from './context.ts';
import { environmentFrom, PARTNER_ADMIN, showPartner } from './partner-page.ts';
import { readWebhookForm, webhookFieldNames } from './webhook-settings.ts';

/** A redelivery the service refuses: its reason above the page. */
const REDELIVERY_REFUSALS = refusing(['ValidationError'], notDone);

/** A partner's webhook settings per environment, and redelivery from its delivery log (admins). */
export const consolePartnerWebhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The partner API's rules: https in production (the environment's, whatever NODE_ENV says), no
  // private addresses unless allowed. A refusal is shown beside the field, with the form as sent.
  app.post('/partners/:id/webhook-settings', PARTNER_ADMIN, async (request, reply) => {
    const { actor } = signedIn(request);
    const partnerId = idParam(request.params.id, 'partner');
    const form = formValues(request.body);
    const environment = environmentFrom(form.environment);
    if (!environment) return showPartner(request, reply, partnerId, 400, { problem: 'Choose an environment.' });
    if (!(await getPartner(app.ctx, partnerId))) throw notFound('partner');
    const { values, token } = readWebhookForm(form, environment);
    const names = webhookFieldNames(environment);
    const refuse = (field: string, message: string) =>
      showPartner(request, reply, partnerId, 400, { webhook: { environment, values, errors: { [field]: message } } });
    if (values.url === '') return refuse(names.url, 'Enter the webhook URL');
    if (values.url.length > 2000) return refuse(names.url, 'The webhook URL must be at most 2,000 characters');
    const policy = { production: app.config.production || environment === 'production', allowPrivate: app.config.allowPrivateWebhookUrls };
    const saved = await attempt(
      () =>
        boSaveWebhookSettings(app.ctx, actor, { partnerId, environment }, { url: values.url, token, eventTypes: values.events }, policy, {
          url: names.url,
          token: names.token,
        }),
      // The first problem beside the field its pointer names, in the service's words.
      { ValidationError: (error) => ({ errors: { [error.problems[0]?.source?.pointer === names.token ? names.token : names.url]: error.detail } }) },
    );
    if (!saved.ok) return showPartner(request, reply, partnerId, 400, { webhook: { environment, values, errors: saved.refusal.errors } });
    return reply.redirect(`/console/partners/${partnerId}?done=webhook#h-env-${environment}`, 303);
  });

  app.post('/partners/:id/redeliver', PARTNER_ADMIN, async (request, reply) => {
    const { actor } = signedIn(request);
    const partnerId = idParam(request.params.id, 'partner');
    const form = formValues(request.body);
    const environment = environmentFrom(form.environment);
    if (!environment) throw notFound('event');
    const eventId = idParam(form.event_id ?? '', 'event');
    const done = await attempt(() => boRedeliver(app.ctx, actor, { partnerId, environment }, eventId), REDELIVERY_REFUSALS);
    if (!done.ok) return showPartner(request, reply, partnerId, done.refusal.status, { problem: done.refusal.problem });
    return reply.redirect(`/console/partners/${partnerId}?done=redelivery`, 303);
  });
};
