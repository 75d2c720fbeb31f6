import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidAt } from '../../domain/errors.ts';
import { toPence } from '../../domain/money.ts';
import { Closed, Data, StringEnum, errorResponses } from '../../schemas/common.ts';
import { ApplicationIdParams, FundingBody, FundingView, OfferIdParams, OfferTermsInput } from '../../schemas/offers.ts';
import { ApplicationResponse } from '../../schemas/application.ts';
import { applicationView } from '../../services/applications.ts';
import { drawdown, fundingView } from '../../services/fundings.ts';
import { offerTermsFrom, operatorDecision } from '../../services/underwriting.ts';
import { sandboxDecision } from '../../services/sandbox.ts';
import { tenantOf } from '../auth.ts';
import { idParam } from '../../domain/ids.ts';

const SANDBOX_OUTCOMES = ['offered', 'declined', 'deferred', 'action_required', 'awaiting_underwriter'] as const;

const SandboxDecisionBody = Data(
  Closed({
    outcome: StringEnum(SANDBOX_OUTCOMES),
    offers: Type.Optional(Type.Array(OfferTermsInput, { minItems: 1, maxItems: 10 })),
  }),
  { $id: 'SandboxDecisionBody' },
);

/** Sandbox controls: a production token gets 403 on every route here. */
export const sandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/sandbox/applications/:application_id/decision',
    {
      config: { sandboxOnly: true },
      schema: {
        tags: ['Sandbox'],
        operationId: 'sandboxDecideApplication',
        summary: 'Decide an open application (sandbox only)',
        params: ApplicationIdParams,
        body: SandboxDecisionBody,
        response: { 200: ApplicationResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const id = idParam(request.params.application_id, 'application');
      const { outcome, offers } = request.body.data;
      if (offers && outcome !== 'offered') throw invalidAt('/data/offers', `offers are only for an offered decision, not ${outcome}`);
      const decision =
        offers && outcome === 'offered' ? { outcome, offers: offerTermsFrom(offers, '/data/offers') } : await sandboxDecision(app.ctx, tenant, id, outcome);
      const application = await operatorDecision(app.ctx, id, decision, 'sandbox', tenant);
      return { data: applicationView(application) };
    },
  );

  app.post(
    '/sandbox/offers/:offer_id/fundings',
    {
      config: { sandboxOnly: true },
      schema: {
        tags: ['Sandbox'],
        operationId: 'sandboxFundOffer',
        summary: 'Draw funds from a selected offer (sandbox only)',
        params: OfferIdParams,
        body: Data(FundingBody),
        response: { 201: Data(FundingView), ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { funding, offer } = await drawdown(app.ctx, {
        offerId: idParam(request.params.offer_id, 'offer'),
        amountPence: toPence(request.body.data.amount),
        drawnBy: 'sandbox',
        tenant: tenantOf(request),
        amountPointer: '/data/amount',
      });
      return reply.code(201).send({ data: fundingView(funding, offer) });
    },
  );
};
