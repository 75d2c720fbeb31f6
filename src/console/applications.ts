import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { APPLICATION_STATUSES } from '../domain/application-status.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { StringEnum } from '../schemas/common.ts';
import { customerContext } from '../services/customer-time.ts';
import { boAddNote, boApprove, boConfirmApproval, boDecide, boRevokeOffers, boStartReview } from '../services/back-office.ts';
import { approvalConsolePath, findApprovalRecord } from '../services/four-eyes.ts';
import { applicationReview, listPartnerNames, QUEUE_DEFAULT_STATUSES, queueSize, reviewQueuePage } from '../services/review.ts';
import { attempt, notDone, refusing } from '../web/attempt.ts';
import { formValues, readText, type FieldErrors } from '../web/forms.ts';
import { messagePage } from '../web/layout.ts';
import { NoticeQuery, UuidQuery } from '../web/page-query.ts';
import { consoleChrome, signedIn } from './context.ts';
import { ListCursor, readListPage } from './list-page.ts';
import { emptyOffer, offerValuesFrom, previewSchedules, readOffers, type OfferFormValues } from './offer-form.ts';
import { applicationPage } from './views/application.ts';
import { queuePage } from './views/queue.ts';

const DONE = {
  started: 'Review started: the application is now in underwriting.',
  offered: 'Approved: the offers are made and the partner has been told.',
  pending: 'Approval recorded. It waits for a different underwriter or admin to confirm it.',
  confirmed: 'Approval confirmed: the offers are made and the partner has been told.',
  declined: 'Declined: the partner has been told.',
  deferred: 'Deferred: the application is closed without a decision.',
  revoked: 'Offers revoked.',
  noted: 'Note added.',
};

/** The refusals an action shows on its own page, with the API's status for the code; other errors get the error page. */
const REFUSALS = refusing(['ValidationError', 'InvalidTransition', 'FundingNotAllowed'], notDone);

const QueueQuery = Type.Object({ status: Type.Optional(StringEnum(APPLICATION_STATUSES)), partner: UuidQuery, cursor: ListCursor });

/** The review queue and the application page, with its actions. */
export const consoleApplicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/applications', { schema: { querystring: QueueQuery } }, async (request, reply) => {
    signedIn(request);
    const status = request.query.status ?? '';
    const partner = request.query.partner?.toLowerCase() ?? '';
    const filter = { statuses: status ? [status] : QUEUE_DEFAULT_STATUSES, partnerId: partner || null };
    const [read, size, partners] = await Promise.all([
      readListPage(request.query.cursor, (page) => reviewQueuePage(app.ctx, filter, page)),
      queueSize(app.ctx, filter),
      listPartnerNames(app.ctx),
    ]);
    const model = { page: read.page, refused: read.refused, size, partners, status, partner, now: app.ctx.now() };
    return reply.page(read.status, queuePage(consoleChrome(request, reply, '/console/applications'), model));
  });

  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    status: number,
    extra: {
      offerForm?: OfferFormValues[];
      offerErrors?: FieldErrors;
      previews?: ReturnType<typeof previewSchedules> | null;
      noteError?: string;
      notice?: string | null;
      problem?: string | null;
    } = {},
  ) => {
    const { operator } = signedIn(request);
    const review = await applicationReview(app.ctx, id);
    return reply.page(
      status,
      applicationPage(consoleChrome(request, reply, '/console/applications'), {
        review,
        operator,
        csrf: reply.generateCsrf(),
        offerForm: extra.offerForm ?? [emptyOffer(), emptyOffer()],
        offerErrors: extra.offerErrors ?? {},
        previews: extra.previews ?? null,
        noteError: extra.noteError,
        notice: extra.notice ?? null,
        problem: extra.problem ?? null,
        thresholdPence: app.config.fourEyesThresholdPence,
      }),
    );
  };

  app.get('/applications/:id', { schema: { params: IdParams, querystring: Type.Object({ done: NoticeQuery(DONE) }) } }, async (request, reply) => {
    const notice = request.query.done ? DONE[request.query.done] : null;
    return render(request, reply, idParam(request.params.id, 'application'), 200, { notice });
  });

  /** Runs an action; a refusal (a move the state machine does not allow…) is shown on the page. */
  const act = async (request: FastifyRequest, reply: FastifyReply, id: string, work: (id: string) => Promise<string>) => {
    const done = await attempt(() => work(id), REFUSALS);
    if (!done.ok) return render(request, reply, id, done.refusal.status, { problem: done.refusal.problem });
    return reply.redirect(`/console/applications/${id}?done=${done.value}`, 303);
  };

  const underwriter = { schema: { params: IdParams }, config: { role: 'underwriter' as const } };

  app.post('/applications/:id/start-review', underwriter, async (request, reply) =>
    act(request, reply, idParam(request.params.id, 'application'), async (id) => {
      await boStartReview(app.ctx, signedIn(request).actor, id);
      return 'started';
    }),
  );

  for (const outcome of ['declined', 'deferred'] as const) {
    app.post(`/applications/:id/${outcome === 'declined' ? 'decline' : 'defer'}`, underwriter, async (request, reply) =>
      act(request, reply, idParam(request.params.id, 'application'), async (id) => {
        await boDecide(app.ctx, signedIn(request).actor, id, { outcome, reason: 'operator' });
        return outcome;
      }),
    );
  }

  app.post('/applications/:id/revoke', underwriter, async (request, reply) =>
    act(request, reply, idParam(request.params.id, 'application'), async (id) => {
      const review = await applicationReview(app.ctx, id);
      const offer = review.offers.find((o) => o.offer_type === 'confirmed');
      if (!offer) throw new DomainError('InvalidTransition', 'this application has no confirmed offers to revoke');
      await boRevokeOffers(app.ctx, signedIn(request).actor, offer.id);
      return 'revoked';
    }),
  );

  app.post('/applications/:id/approve', underwriter, async (request, reply) => {
    const { actor } = signedIn(request);
    const id = idParam(request.params.id, 'application');
    const form = formValues(request.body);
    const offerForm = offerValuesFrom(form);
    const { offers, errors } = await readOffers(offerForm);
    if (!offers) return render(request, reply, id, 400, { offerForm, offerErrors: errors });
    if (form.intent !== 'approve')
      return render(request, reply, id, 200, { offerForm, previews: previewSchedules(offers, (await customerContext(app.ctx, 'application', id)).now()) });
    const done = await attempt(() => boApprove(app.ctx, actor, id, offers, app.config.fourEyesThresholdPence), REFUSALS);
    if (!done.ok) return render(request, reply, id, done.refusal.status, { offerForm, problem: done.refusal.problem });
    return reply.redirect(`/console/applications/${id}?done=${done.value.kind}`, 303);
  });

  // Any kind of approval (four-eyes.ts): back to its subject's page; a refusal is shown on the
  // application's page for an application approval, on a message page for other kinds.
  app.post('/approvals/:id/confirm', underwriter, async (request, reply) => {
    const { actor } = signedIn(request);
    const approval = await findApprovalRecord(app.ctx, idParam(request.params.id, 'approval'));
    if (!approval) throw notFound('approval');
    const done = await attempt(() => boConfirmApproval(app.ctx, actor, approval.id), REFUSALS);
    if (done.ok) return reply.redirect(`${approvalConsolePath(approval)}?done=confirmed`, 303);
    const { status, problem } = done.refusal;
    if (!approval.application_id) return reply.page(status, messagePage(consoleChrome(request, reply), 'Not confirmed', problem as string));
    return render(request, reply, approval.application_id, status, { problem });
  });

  app.post('/applications/:id/notes', underwriter, async (request, reply) => {
    const { actor } = signedIn(request);
    const id = idParam(request.params.id, 'application');
    const note = readText(formValues(request.body).note ?? '', 'Note', { required: true, maxLength: 4000 });
    if (note.error) return render(request, reply, id, 400, { noteError: note.error });
    await boAddNote(app.ctx, actor, id, note.text as string);
    return reply.redirect(`/console/applications/${id}?done=noted#h-notes`, 303);
  });
};
