import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idParam } from '../domain/ids.ts';
import { boCreateIntroducer } from '../services/back-office.ts';
import { formValues, readText, type FieldErrors } from '../web/forms.ts';
import { signedIn } from './context.ts';
import { environmentFrom, PARTNER_ADMIN, showPartner } from './partner-page.ts';

/** "Add an introducer" on a partner's page (admins). */
export const consolePartnerIntroducerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/partners/:id/introducers', PARTNER_ADMIN, async (request, reply) => {
    const { actor } = signedIn(request);
    const partnerId = idParam(request.params.id, 'partner');
    const form = formValues(request.body);
    const introducer = { name: form.introducer_name ?? '', email: form.introducer_email ?? '', environment: form.introducer_environment ?? 'sandbox' };
    const errors: FieldErrors = {};
    const name = readText(introducer.name, 'the introducer name', { required: true, maxLength: 200 });
    if (name.error) errors.introducer_name = name.error;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(introducer.email.trim()) || introducer.email.length > 254)
      errors.introducer_email = 'Enter the introducer email as an email address';
    const environment = environmentFrom(introducer.environment);
    if (!environment) errors.introducer_environment = 'Choose the environment';
    if (!environment || Object.keys(errors).length > 0) return showPartner(request, reply, partnerId, 400, { errors, introducer });
    await boCreateIntroducer(app.ctx, actor, partnerId, { name: name.text as string, email: introducer.email.trim(), environment });
    return reply.redirect(`/console/partners/${partnerId}?done=introducer`, 303);
  });
};
