/**
 * The partner dashboard's part of the console's partner page (docs/behaviour.md, section 24):
 * "Invite user" (an admin invites, typically the partner's first owner; the link is shown once,
 * on the page that made it) and the decision on production access.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idParam } from '../domain/ids.ts';
import { invitationLink, inviteUser } from '../services/partner-users.ts';
import { decideProductionAccess } from '../services/production-access.ts';
import { attempt, besideFields, notDone, refusing } from '../web/attempt.ts';
import { formValues } from '../web/forms.ts';
import { signedIn } from './context.ts';
import { PARTNER_ADMIN, showPartner } from './partner-page.ts';

/** An invitation the service refuses: beside the fields. */
const INVITE_REFUSALS = refusing(
  ['ValidationError', 'DuplicatePartnerUser'],
  besideFields({ '/email': 'user_email', '/name': 'user_name', '/role': 'user_role' }, 'user_email'),
);

const ACCESS_REFUSALS = refusing(['ValidationError'], notDone);

export const consolePartnerDashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The invitation link is in the answer to this POST only.
  app.post('/partners/:id/users', PARTNER_ADMIN, async (request, reply) => {
    const { actor } = signedIn(request);
    const partnerId = idParam(request.params.id, 'partner');
    const form = formValues(request.body);
    const values = { user_email: form.user_email ?? '', user_name: form.user_name ?? '', user_role: form.user_role ?? 'owner' };
    const invited = await attempt(
      () => inviteUser(app.ctx, actor, partnerId, { email: values.user_email, name: values.user_name, role: values.user_role }),
      INVITE_REFUSALS,
    );
    if (!invited.ok) return showPartner(request, reply, partnerId, 400, { invite: { errors: invited.refusal.errors, values } });
    const link = { url: invitationLink(app.config.publicBaseUrl, invited.value.token), email: values.user_email.trim(), expiresAt: invited.value.expiresAt };
    return showPartner(request, reply, partnerId, 201, { invite: { link } });
  });

  app.post('/partners/:id/production-access', PARTNER_ADMIN, async (request, reply) => {
    const { actor } = signedIn(request);
    const partnerId = idParam(request.params.id, 'partner');
    const decision = formValues(request.body).decision === 'approved' ? 'approved' : 'declined';
    const done = await attempt(() => decideProductionAccess(app.ctx, actor, partnerId, decision), ACCESS_REFUSALS);
    if (!done.ok) return showPartner(request, reply, partnerId, done.refusal.status, { problem: done.refusal.problem });
    return reply.redirect(`/console/partners/${partnerId}?done=${decision}#dashboard`, 303);
  });
};
