import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { APPLICATION_STATUSES } from '../../../domain/application-status.ts';
import { invalidAt } from '../../../domain/errors.ts';
import { largestAmountPence, needsSecondOperator } from '../../../domain/four-eyes.ts';
import { toPence } from '../../../domain/money.ts';
import { Closed, StringEnum } from '../../../schemas/common.ts';
import { IdParams } from '../../../schemas/admin.ts';
import { FundingBody, OfferTermsInput } from '../../../schemas/offers.ts';
import { applicationView } from '../../../services/applications.ts';
import { fundingView } from '../../../services/fundings.ts';
import { ADMIN_TOKEN_ACTOR } from '../../../services/audit.ts';
import { boDecide, boDrawdown, boRequestApproval, boRevokeOffers, boStartReview } from '../../../services/back-office.ts';
import { approvalView, pendingApprovalOf } from '../../../services/four-eyes.ts';
import { applicationRecord, offerTermsFrom } from '../../../services/underwriting.ts';
import { reviewQueuePage } from '../../../services/review.ts';
import { pageMeta, pageRequestOf, PageQueryFields } from '../../../schemas/paging.ts';
import type { Decision } from '../../../services/decisions.ts';
import { offerView } from '../../../services/offers.ts';
import { idParam } from '../../../domain/ids.ts';
import { customerContext } from '../../../services/customer-time.ts';

const DecisionBody = Closed({
  outcome: StringEnum(['offered', 'declined', 'deferred'] as const),
  offers: Type.Optional(Type.Array(OfferTermsInput, { minItems: 1, maxItems: 10 })),
});

const QueueQuery = Type.Object({
  status: Type.Optional(StringEnum(APPLICATION_STATUSES)),
  partner_id: Type.Optional(Type.String({ format: 'uuid' })),
  ...PageQueryFields,
});

/** The operator's review queue and decisions. */
export const adminApplicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/applications', { schema: { querystring: QueueQuery } }, async (request) => {
    const q = request.query;
    const filter = { statuses: q.status ? [q.status] : null, partnerId: q.partner_id?.toLowerCase() ?? null };
    const page = await reviewQueuePage(app.ctx, filter, pageRequestOf(q));
    return {
      meta: pageMeta(page),
      data: {
        applications: page.items.map((a) => ({
          ...applicationView(a),
          partner_id: a.partner_id,
          environment: a.environment,
          status_changed_at: a.status_changed_at.toISOString(),
        })),
      },
    };
  });

  app.get('/applications/:id', { schema: { params: IdParams } }, async (request) => {
    // The status is correct on read, even before the expiry sweep.
    const { application, decisions, history, offers } = await applicationRecord(app.ctx, idParam(request.params.id, 'application'));
    const pending = await pendingApprovalOf(app.ctx, 'application_approval', application.id);
    const now = (await customerContext(app.ctx, 'customer', application.customer_id)).now();
    return {
      data: {
        ...applicationView(application),
        partner_id: application.partner_id,
        environment: application.environment,
        decisions: decisions.map((d) => ({
          decided_by: d.decided_by,
          policy: d.policy,
          inputs: d.inputs,
          outcome: d.outcome,
          decided_at: d.created_at.toISOString(),
        })),
        status_history: history.map((h) => ({ from: h.from_status, to: h.to_status, trigger: h.trigger, changed_at: h.changed_at.toISOString() })),
        offers: offers.map((o) => offerView(o, now)),
        // The approval above the threshold waiting for an operator's confirmation, if any.
        pending_approval: pending ? approvalView(pending, app.config.fourEyesThresholdPence) : null,
      },
    };
  });

  app.post('/applications/:id/start_review', { schema: { params: IdParams } }, async (request) => {
    const application = await boStartReview(app.ctx, ADMIN_TOKEN_ACTOR, idParam(request.params.id, 'application'));
    return { data: applicationView(application) };
  });

  // Four eyes: an approval above the threshold is not made here but stored as pending (202), for
  // an operator to confirm in the console; the admin token never confirms its own.
  app.post('/applications/:id/decision', { schema: { params: IdParams, body: DecisionBody } }, async (request, reply) => {
    const { outcome, offers } = request.body;
    const applicationId = idParam(request.params.id, 'application');
    const threshold = app.config.fourEyesThresholdPence;
    let decision: Decision;
    if (outcome === 'offered') {
      if (!offers) throw invalidAt('/offers', 'an offered decision needs at least one offer');
      decision = { outcome, offers: offerTermsFrom(offers, '/offers') };
      if (needsSecondOperator(largestAmountPence(decision.offers), threshold)) {
        const approval = await boRequestApproval(app.ctx, ADMIN_TOKEN_ACTOR, applicationId, decision.offers, threshold);
        return reply.code(202).send({ data: approvalView(approval, threshold) });
      }
    } else {
      if (offers) throw invalidAt('/offers', `offers are only for an offered decision, not ${outcome}`);
      decision = { outcome, reason: 'operator' };
    }
    const application = await boDecide(app.ctx, ADMIN_TOKEN_ACTOR, applicationId, decision);
    return { data: applicationView(application) };
  });

  app.post('/offers/:id/revoke', { schema: { params: IdParams } }, async (request) => {
    const application = await boRevokeOffers(app.ctx, ADMIN_TOKEN_ACTOR, idParam(request.params.id, 'offer'));
    return { data: applicationView(application) };
  });

  app.post('/offers/:id/fundings', { schema: { params: IdParams, body: FundingBody } }, async (request, reply) => {
    const { funding, offer } = await boDrawdown(app.ctx, ADMIN_TOKEN_ACTOR, idParam(request.params.id, 'offer'), toPence(request.body.amount), '/amount');
    return reply.code(201).send({ data: fundingView(funding, offer) });
  });
};
