import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StringEnum } from '../../src/schemas/common.ts';
import { dropUnreadableQuery, NoticeQuery, UuidQuery } from '../../src/web/page-query.ts';

const UUID = '6F0C1B9E-3F7A-4C1E-9A51-0B2F5C7D8E90';

describe('page query strings', () => {
  // The server's validator options (src/app.ts): no coercion, every error reported.
  const app = Fastify({ ajv: { customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false } } });
  beforeAll(async () => {
    app.addHook('preValidation', (request, _reply, done) => {
      dropUnreadableQuery(request);
      done();
    });
    const querystring = Type.Object({
      status: Type.Optional(StringEnum(['open', 'funded'] as const)),
      partner: UuidQuery,
      done: NoticeQuery({ saved: 'Saved.' }),
      text: Type.Optional(Type.String({ maxLength: 5 })),
    });
    app.get('/page', { schema: { querystring } }, async (request) => ({ query: { ...(request.query as object) } }));
    await app.ready();
  });
  afterAll(() => app.close());

  const read = async (search: string) => {
    const res = await app.inject({ method: 'GET', url: `/page?${search}` });
    expect(res.statusCode, search).toBe(200);
    return res.json().query;
  };

  it('keeps what the schema accepts, and parameters it does not name', async () => {
    expect(await read(`status=open&partner=${UUID}&done=saved&text=abc&other=1&other=2`)).toEqual({
      status: 'open',
      partner: UUID,
      done: 'saved',
      text: 'abc',
      other: ['1', '2'],
    });
  });

  it('reads a value it refuses as absent, never as an error', async () => {
    expect(await read('status=closed&partner=not-a-uuid&done=constructor&text=toolong')).toEqual({});
    expect(await read(`status=open&status=funded&partner=${UUID}`)).toEqual({ partner: UUID });
    expect(await read('done=saved&text=toolong')).toEqual({ done: 'saved' });
  });
});
