import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DomainError, Problem } from '../domain/errors.ts';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import {
  dashboardAdvanceTestClock,
  dashboardCreateTestClock,
  dashboardDeleteTestClock,
  dashboardTestClock,
  dashboardTestClocks,
} from '../services/dashboard-test-clocks.ts';
import { attempt, besideFields, type RefusalMap } from '../web/attempt.ts';
import { fieldErrorsFrom, formValues, readDate, readText, type FieldErrors } from '../web/forms.ts';
import { formatDate } from '../web/format.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { CursorQuery } from '../web/paging.ts';
import { can, dashboardChrome, signedIn } from './context.ts';
import { readShownPage } from './list-page.ts';
import {
  deleteTestClockPage,
  TEST_CLOCKS_PATH,
  testClocksInProductionPage,
  testClocksPage,
  type AdvanceForm,
  type TestClocksModel,
} from './views/test-clocks.ts';

const DONE = {
  created: 'Test clock created at today’s date. Put a customer on it with its id as test_clock_id when you create the customer.',
  advancing: 'Advancing: the worker plays each day in order. Reload the page to see the clock ready at its new date.',
  deleted: 'Test clock deleted: its customers keep their data and the date it reached.',
};

const ClocksQuery = Type.Object({ done: NoticeQuery(DONE), cursor: CursorQuery });

/** The most dates "Missed repayments" takes (as the API's `missed`). */
const MAX_MISSED = 1000;

/** A clock the partner may not create (the limit of 100): beside "Name". */
const CREATE_REFUSALS: RefusalMap = { TestClockLimit: besideFields({}, 'name') };

/** The service's words with their dates as the page writes them ("27 November 2026"). */
function datesInWords(problem: Problem): Problem {
  return { ...problem, detail: problem.detail.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => formatDate(day)) };
}

/** An advance refused: a date it may not reach (or a clock still advancing) beside "Advance to", a missed date it does not play (named) beside "Missed repayments". */
function advanceRefusals(missed: readonly string[]): RefusalMap {
  const beside = (error: DomainError) => {
    const problems = error.problems.map((problem) => {
      const index = /^\/data\/missed\/(\d+)$/.exec(problem.source?.pointer ?? '')?.[1];
      return datesInWords(index === undefined ? problem : { ...problem, detail: `${missed[Number(index)]}: ${problem.detail}` });
    });
    return { errors: fieldErrorsFrom(problems, { '/data/to': 'to' }, error.code === 'TestClockAdvancing' ? 'to' : 'missed') };
  };
  return { ValidationError: beside, TestClockAdvancing: beside };
}

/** "Advance to" and "Missed repayments" (dates, separated by commas or spaces) as the service takes them, or each problem beside its field. */
function readAdvance(typed: AdvanceForm): { ok: true; to: string; missed: string[] } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const to = readDate(typed.to, 'the date to advance to');
  if (to.error) errors.to = to.error;
  const parts = typed.missed.split(/[\s,]+/).filter(Boolean);
  const missed = parts.map((part) => readDate(part, 'each missed repayment'));
  const wrong = missed.find((day) => day.error);
  if (parts.length > MAX_MISSED) errors.missed = `Give at most ${MAX_MISSED} dates`;
  else if (wrong?.error) errors.missed = wrong.error;
  if (to.date === null || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, to: to.date, missed: missed.map((day) => day.date as string) };
}

type ClocksShown = Partial<Pick<TestClocksModel, 'notice' | 'name' | 'createErrors' | 'advance'>> & { cursor?: string };

/**
 * Sandbox test clocks (docs/behaviour.md, sections 24 and 28): the partner's clocks, newest first,
 * a page at a time; developers and owners create, advance and delete them. In production the page
 * says they are a sandbox tool.
 */
export const dashboardTestClockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const show = async (request: FastifyRequest, reply: FastifyReply, status: number, shown: ClocksShown = {}) => {
    const { actor, environment } = signedIn(request);
    const list = await readShownPage(shown.cursor, (page) => dashboardTestClocks(app.ctx, actor, environment, page));
    const model: TestClocksModel = {
      page: list.page,
      cursor: list.cursor,
      problem: list.problem,
      mayChange: can(request, 'developer'),
      csrf: reply.generateCsrf(),
      notice: shown.notice ?? null,
      name: shown.name ?? '',
      createErrors: shown.createErrors ?? {},
      advance: shown.advance ?? null,
    };
    return reply.page(status === 200 ? list.status : status, testClocksPage(dashboardChrome(request, reply, TEST_CLOCKS_PATH), model));
  };

  app.get('/test-clocks', { schema: { querystring: ClocksQuery } }, async (request, reply) => {
    if (signedIn(request).environment !== 'sandbox') return reply.page(200, testClocksInProductionPage(dashboardChrome(request, reply, TEST_CLOCKS_PATH)));
    const { done, cursor } = request.query;
    return show(request, reply, 200, { notice: done ? DONE[done] : null, cursor });
  });

  const developer = { config: { dashboardRole: 'developer' as const } };

  app.post('/test-clocks', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const typed = formValues(request.body).name ?? '';
    const name = readText(typed, 'The name', { maxLength: 100 });
    if (name.error) return show(request, reply, 400, { name: typed, createErrors: { name: name.error } });
    const created = await attempt(() => dashboardCreateTestClock(app.ctx, actor, environment, name.text), CREATE_REFUSALS);
    if (!created.ok) return show(request, reply, created.refusal.status, { name: typed, createErrors: created.refusal.errors });
    return reply.redirect(`${TEST_CLOCKS_PATH}?done=created`, 303);
  });

  app.post('/test-clocks/:id/advance', { schema: { params: IdParams }, ...developer }, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const clockId = idParam(request.params.id, 'test clock');
    const form = formValues(request.body);
    const typed: AdvanceForm = { to: form.to ?? '', missed: form.missed ?? '' };
    // The page the form was on (its cursor checked by the list as a link's is), shown again with a refusal beside the clock's fields.
    const cursor = form.cursor || undefined;
    const read = readAdvance(typed);
    if (!read.ok) return show(request, reply, 400, { cursor, advance: { clockId, ...typed, errors: read.errors } });
    const started = await attempt(() => dashboardAdvanceTestClock(app.ctx, actor, environment, clockId, read), advanceRefusals(read.missed));
    if (!started.ok) return show(request, reply, started.refusal.status, { cursor, advance: { clockId, ...typed, errors: started.refusal.errors } });
    return reply.redirect(`${TEST_CLOCKS_PATH}?done=advancing${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, 303);
  });

  app.get('/test-clocks/:id/delete', { schema: { params: IdParams }, ...developer }, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const clock = await dashboardTestClock(app.ctx, actor, environment, idParam(request.params.id, 'test clock'));
    return reply.page(200, deleteTestClockPage(dashboardChrome(request, reply, TEST_CLOCKS_PATH), { clock, csrf: reply.generateCsrf() }));
  });

  app.post('/test-clocks/:id/delete', { schema: { params: IdParams }, ...developer }, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    await dashboardDeleteTestClock(app.ctx, actor, environment, idParam(request.params.id, 'test clock'));
    return reply.redirect(`${TEST_CLOCKS_PATH}?done=deleted`, 303);
  });
};
