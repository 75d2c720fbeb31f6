import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError } from '../domain/errors.ts';
import { productionAccess, requestProductionAccess } from '../services/production-access.ts';
import { fieldErrorsFrom, formValues } from '../web/forms.ts';
import { canDo, dashboardChrome, signedIn } from './context.ts';
import { productionAccessPage, type GoLiveForm } from './views/go-live.ts';

/** An owner's request for production access; the overview shows where it stands. */
export const dashboardGoLiveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/production-access', { config: { dashboardRole: 'owner' } }, async (request, reply) => {
    const { actor, user } = signedIn(request);
    const form = formValues(request.body);
    const values: GoLiveForm = { website: form.website ?? '', description: form.description ?? '' };
    try {
      await requestProductionAccess(app.ctx, actor, values);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code === 'NotFound') throw error;
      const errors =
        error.code === 'ValidationError'
          ? fieldErrorsFrom(error.problems, { '/website': 'website', '/description': 'description' }, 'website')
          : { website: error.detail };
      const access = await productionAccess(app.ctx, user.partner_id);
      const model = { access, owner: canDo(request, 'owner'), csrf: reply.generateCsrf(), errors, values };
      return reply.page(400, productionAccessPage(dashboardChrome(request, reply, '/dashboard'), model));
    }
    return reply.redirect('/dashboard?done=requested', 303);
  });
};
