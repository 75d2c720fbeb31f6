import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { productionAccess, requestProductionAccess } from '../services/production-access.ts';
import { attempt, besideFields, type RefusalMap } from '../web/attempt.ts';
import { formValues } from '../web/forms.ts';
import { can, dashboardChrome, signedIn } from './context.ts';
import { productionAccessPage, type GoLiveForm } from './views/go-live.ts';

/**
 * A request the service refuses: its problems beside their fields; production access already on,
 * or a request already waiting, beside the first field.
 */
const REFUSALS: RefusalMap = {
  ValidationError: besideFields({ '/website': 'website', '/description': 'description' }, 'website'),
  PermissionDenied: (error) => ({ errors: { website: error.detail } }),
};

/** An owner's request for production access; the overview shows where it stands. */
export const dashboardGoLiveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/production-access', { config: { dashboardRole: 'owner' } }, async (request, reply) => {
    const { actor, user } = signedIn(request);
    const form = formValues(request.body);
    const values: GoLiveForm = { website: form.website ?? '', description: form.description ?? '' };
    const done = await attempt(() => requestProductionAccess(app.ctx, actor, values), REFUSALS);
    if (done.ok) return reply.redirect('/dashboard?done=requested', 303);
    const access = await productionAccess(app.ctx, user.partner_id);
    const model = { access, owner: can(request, 'owner'), csrf: reply.generateCsrf(), errors: done.refusal.errors, values };
    // 400 whichever the refusal: the form is shown again, to be corrected or left.
    return reply.page(400, productionAccessPage(dashboardChrome(request, reply, '/dashboard'), model));
  });
};
