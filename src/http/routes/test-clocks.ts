import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idParam } from '../../domain/ids.ts';
import { errorResponses, NoContent } from '../../schemas/common.ts';
import { pageMeta, pageRequestOf } from '../../schemas/paging.ts';
import {
  AdvanceTestClockBody,
  CreateTestClockBody,
  TestClockIdParams,
  TestClockListQuery,
  TestClockPage,
  TestClockResponse,
} from '../../schemas/test-clocks.ts';
import { advanceTestClock, createTestClock, deleteTestClockById, getTestClock, testClocksPage, testClockView } from '../../services/test-clocks.ts';
import { tenantOf } from '../auth.ts';

const tags = ['Sandbox'];

/** Sandbox test clocks (docs/behaviour.md, section 28): a production token gets 403 on every route here. */
export const testClockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/sandbox/test_clocks',
    {
      config: { sandboxOnly: true },
      schema: {
        tags,
        operationId: 'createTestClock',
        summary: 'Create a test clock at today (sandbox only)',
        body: CreateTestClockBody,
        response: { 201: TestClockResponse, ...errorResponses(400, 401, 403, 406, 415) },
      },
    },
    async (request, reply) => {
      const clock = await createTestClock(app.ctx, tenantOf(request), request.body.data.name ?? null);
      return reply.code(201).send({ data: testClockView(clock) });
    },
  );

  app.get(
    '/sandbox/test_clocks/',
    {
      config: { sandboxOnly: true },
      schema: {
        tags,
        operationId: 'listTestClocks',
        summary: 'Your test clocks, newest first, a page at a time (sandbox only)',
        querystring: TestClockListQuery,
        response: { 200: TestClockPage, ...errorResponses(400, 401, 403, 406) },
      },
    },
    async (request) => {
      const page = await testClocksPage(app.ctx, tenantOf(request), pageRequestOf(request.query));
      return { data: page.items.map(testClockView), meta: pageMeta(page) };
    },
  );

  app.get(
    '/sandbox/test_clocks/:test_clock_id/',
    {
      config: { sandboxOnly: true },
      schema: {
        tags,
        operationId: 'getTestClock',
        summary: 'A test clock: its date, status and customers (sandbox only)',
        params: TestClockIdParams,
        response: { 200: TestClockResponse, ...errorResponses(401, 403, 404, 406) },
      },
    },
    async (request) => ({ data: testClockView(await getTestClock(app.ctx, tenantOf(request), idParam(request.params.test_clock_id, 'test clock'))) }),
  );

  app.delete(
    '/sandbox/test_clocks/:test_clock_id/',
    {
      config: { sandboxOnly: true },
      schema: {
        tags,
        operationId: 'deleteTestClock',
        summary: 'Delete a test clock: it stops advancing; its customers keep their data and its date (sandbox only)',
        params: TestClockIdParams,
        response: { 204: NoContent, ...errorResponses(401, 403, 404, 406) },
      },
    },
    async (request, reply) => {
      await deleteTestClockById(app.ctx, tenantOf(request), idParam(request.params.test_clock_id, 'test clock'));
      return reply.code(204).send();
    },
  );

  app.post(
    '/sandbox/test_clocks/:test_clock_id/advance',
    {
      config: { sandboxOnly: true },
      schema: {
        tags,
        operationId: 'advanceTestClock',
        summary: 'Advance a test clock to a date: the worker plays each day in order (sandbox only)',
        params: TestClockIdParams,
        body: AdvanceTestClockBody,
        response: { 202: TestClockResponse, ...errorResponses(400, 401, 403, 404, 406, 409, 415) },
      },
    },
    async (request, reply) => {
      const { to, missed } = request.body.data;
      const clock = await advanceTestClock(app.ctx, tenantOf(request), idParam(request.params.test_clock_id, 'test clock'), to, missed ?? []);
      return reply.code(202).send({ data: testClockView(clock) });
    },
  );
};
