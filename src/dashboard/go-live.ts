import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError } from '../domain/errors.ts';
import { productionAccess, requestProductionAccess, type ProductionAccess } from '../services/production-access.ts';
import { ErrorSummary, Field, fieldErrorsFrom, formValues, type FieldErrors } from '../web/forms.ts';
import { formatDateTime } from '../web/format.ts';
import { html, type VNode } from '../web/html.ts';
import { CsrfField } from '../web/layout.ts';
import { canDo, dashboardPage, signedIn } from './context.ts';

/** Where the partner stands on production access, and (owners) the request form. */
export function goLiveSection(props: {
  access: ProductionAccess;
  owner: boolean;
  csrf: string;
  errors: FieldErrors;
  values: { website: string; description: string };
}): VNode {
  const { access } = props;
  const last = access.requests[0];
  return html`<section class="card" aria-labelledby="h-go-live" id="go-live">
    <h2 id="h-go-live">Production access</h2>
    ${
      access.grantedAt
        ? html`<p id="go-live-state">Production access is on since ${formatDateTime(access.grantedAt)}. Owners can create production tokens.</p>`
        : access.pending
          ? html`<p id="go-live-state">Your request of ${formatDateTime(access.pending.requested_at)} is waiting for the lender's review.</p>`
          : html`<p id="go-live-state">
              You have the sandbox only.${last?.status === 'declined' ? ` Your last request was declined on ${formatDateTime(last.decided_at as Date)}; you may ask again.` : ''}
            </p>
            ${
              props.owner
                ? html`<form method="post" action="/dashboard/production-access" class="stack" novalidate>
                    <${ErrorSummary} errors=${props.errors} />
                    <${CsrfField} token=${props.csrf} />
                    <${Field} name="website" label="Company website" type="text" inputmode="url" value=${props.values.website} error=${props.errors.website} />
                    <div class="field">
                      <label for="field-description">What you will build</label>
                      ${props.errors.description ? html`<span class="field-error" id="field-description-error"><span class="visually-hidden">Error: </span>${props.errors.description}</span>` : null}
                      <textarea id="field-description" name="description" rows="4" aria-describedby=${props.errors.description ? 'field-description-error' : undefined}>${props.values.description}</textarea>
                    </div>
                    <div><button type="submit">Request production access</button></div>
                  </form>`
                : html`<p class="muted">An owner of your team can request production access.</p>`
            }`
    }
  </section>`;
}

export const dashboardGoLiveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const page = async (request: FastifyRequest, reply: FastifyReply, status: number, errors: FieldErrors, values: { website: string; description: string }) => {
    const { user } = signedIn(request);
    const access = await productionAccess(app.ctx, user.partner_id);
    return reply.page(
      status,
      dashboardPage(
        request,
        reply,
        '/dashboard',
        'Production access',
        html`<h1>Production access</h1>${goLiveSection({ access, owner: canDo(request, 'owner'), csrf: reply.generateCsrf(), errors, values })}`,
      ),
    );
  };

  app.post('/production-access', { config: { dashboardRole: 'owner' } }, async (request, reply) => {
    const { actor } = signedIn(request);
    const form = formValues(request.body);
    const values = { website: form.website ?? '', description: form.description ?? '' };
    try {
      await requestProductionAccess(app.ctx, actor, values);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code === 'NotFound') throw error;
      const errors =
        error.code === 'ValidationError'
          ? fieldErrorsFrom(error.problems, { '/website': 'website', '/description': 'description' }, 'website')
          : { website: error.detail };
      return page(request, reply, 400, errors, values);
    }
    return reply.redirect('/dashboard?done=requested', 303);
  });
};
