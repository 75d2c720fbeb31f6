/**
 * Rate limits (docs/behaviour.md, section 3): per token, 429 Throttled with Retry-After, RateLimit-Limit /
 * -Remaining / -Reset on every response, uploads in a bucket of their own, one counter for the
 * v2.1 and v2.2 prefixes, and (with Redis) one counter for every node.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BACKENDS } from '../helpers/db.ts';
import { ADMIN_TOKEN, BASE, clientFor, createCustomer, customerBody, startTestApp, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { countRows, expectError, UNKNOWN_UUID } from '../helpers/foundation.ts';
import { pdf, statement, upload } from '../helpers/files.ts';
import { buildApp } from '../../src/app.ts';
import { hashToken } from '../../src/services/tokens.ts';

const LIMITS = { RATE_LIMIT_PER_MINUTE: '5', UPLOAD_RATE_LIMIT_PER_MINUTE: '2' };
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The RateLimit headers of an answer, as numbers. */
function limitHeaders(res: LightMyRequestResponse) {
  for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
    expect(res.headers[name], `${name} on ${res.statusCode}`).toMatch(/^\d+$/);
  }
  const reset = Number(res.headers['ratelimit-reset']);
  expect(reset).toBeGreaterThanOrEqual(0);
  expect(reset).toBeLessThanOrEqual(60);
  return { limit: Number(res.headers['ratelimit-limit']), remaining: Number(res.headers['ratelimit-remaining']), reset };
}

function expectThrottled(res: LightMyRequestResponse, limit: number): void {
  expectError(res, 429, 'Throttled');
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(limitHeaders(res)).toMatchObject({ limit, remaining: 0 });
}

/**
 * Sends `requests` in turn until one is refused, and answers that one; checks the answers before it
 * as one counter of `limit` gives them, whichever node each went to. A Redis command that takes
 * longer than the limiter's 250 ms lets its request through uncounted, by rule (section 3: Redis
 * unreachable), answering remaining = limit (Redis may still count it), and a loaded machine has
 * some. So every answer before the refusal succeeds; those counted show remaining counts that only
 * go down; at most `limit` are counted, and at least `limit` less the uncounted ones. With none
 * uncounted (a quiet machine), the remaining counts are exactly limit - 1 down to 0. `counted: false`:
 * the limit is already reached, so every answer before the refusal is an uncounted one.
 */
async function untilThrottled(
  requests: (() => Promise<LightMyRequestResponse>)[],
  limit: number,
  options: { counted?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const allowed: { status: number; remaining: number }[] = [];
  for (let i = 0; i < limit * 4; i++) {
    const answer = await requests[i % requests.length]();
    if (answer.statusCode === 429) {
      const counted = allowed.filter((a) => a.remaining < limit).map((a) => a.remaining);
      const uncounted = allowed.length - counted.length;
      const seen = JSON.stringify(allowed);
      expect(
        allowed.every((a) => a.status >= 200 && a.status < 300 && a.remaining <= limit),
        seen,
      ).toBe(true);
      expect(counted, seen).toEqual([...counted].sort((a, b) => b - a));
      expect(new Set(counted).size, seen).toBe(counted.length);
      if (options.counted === false) expect(counted, seen).toEqual([]);
      else if (uncounted === 0) expect(counted, seen).toEqual(Array.from({ length: limit }, (_x, k) => limit - 1 - k));
      else expect(counted.length, seen).toBeGreaterThanOrEqual(limit - uncounted);
      return answer;
    }
    allowed.push({ status: answer.statusCode, remaining: Number(answer.headers['ratelimit-remaining']) });
  }
  throw new Error(`never refused after ${limit * 4} requests: ${JSON.stringify(allowed)}`);
}

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

describe.each(BACKENDS)('rate limits on %s', (backend) => {
  const t = useTestApp(backend, { env: LIMITS });

  it('answers the 6th request of a minute with 429 Throttled and Retry-After; headers on every response', async () => {
    const client = await t.partner();
    const answers: LightMyRequestResponse[] = [];
    answers.push(await client.get('/authentication_check/'));
    answers.push(await client.get(`/customers/${UNKNOWN_UUID}/`)); // a 404 counts and carries the headers
    answers.push(await client.post('/customers/', { data: { people: 'nope' } })); // so does a 400
    answers.push(await client.get('/introducers/'));
    answers.push(await client.get('/authentication_check/'));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 400, 200, 200]);
    expect(answers.map((a) => limitHeaders(a))).toEqual([4, 3, 2, 1, 0].map((remaining) => ({ limit: 5, remaining, reset: expect.any(Number) })));
    expect(answers[0].headers['retry-after']).toBeUndefined();

    const sixth = await client.get('/authentication_check/');
    expectThrottled(sixth, 5);
    // Still throttled, whatever the route or scheme spelling of the same token.
    expectThrottled(await client.post('/customers/', customerBody()), 5);
    expectThrottled(await client.get('/authentication_check/', { authorization: `Token ${client.token}` }), 5);
    // The throttled create stored nothing.
    expect(await countRows(t, 'customers', 'partner_id = $1', [client.partnerId])).toBe(0);
  });

  it('counts per token: another token of the partner and another partner are unaffected', async () => {
    const client = await t.partner();
    for (let i = 0; i < 5; i++) expect((await client.get('/authentication_check/')).statusCode).toBe(200);
    expectThrottled(await client.get('/authentication_check/'), 5);

    const sibling = await t.token(client.partnerId, 'sandbox');
    const fresh = await sibling.get('/authentication_check/');
    expect(fresh.statusCode).toBe(200);
    expect(limitHeaders(fresh)).toMatchObject({ limit: 5, remaining: 4 });
    const production = await t.token(client.partnerId, 'production');
    expect((await production.get('/authentication_check/')).statusCode).toBe(200);
    const other = await t.partner({ name: 'Other' });
    expect(limitHeaders(await other.get('/authentication_check/'))).toMatchObject({ remaining: 4 });
    // The operator API is not limited by partner tokens' counters.
    expect((await t.admin('POST', '/partners', { name: 'Admin still works' })).statusCode).toBe(201);
  });

  it('shares one counter between the v2.1 and v2.2 prefixes', async () => {
    const client = await t.partner();
    const v22 = () => client.get('/authentication_check/');
    const v21 = () => client.get('/api/lending/v2.1/authentication_check/');
    const answers = [await v22(), await v21(), await v22(), await v21(), await v21()];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => Number(a.headers['ratelimit-remaining']))).toEqual([4, 3, 2, 1, 0]);
    const throttled = await v21();
    expectThrottled(throttled, 5);
    expect(throttled.headers.deprecation).toBe('true');
    expectThrottled(await v22(), 5);
  });

  it('counts uploads in a bucket of their own (2 a minute), both upload routes together', async () => {
    const client = await t.partner();
    const customerId = await createCustomer(client); // request 1 of 5
    const first = await upload(t, client, customerId, 'other', { filename: 'a.pdf', content: pdf({ seed: 'rl-1' }) });
    expect(first.statusCode, first.body).toBe(201);
    expect(limitHeaders(first)).toMatchObject({ limit: 2, remaining: 1 });
    const second = await client.post(`/bank_statements/${customerId}/`, statement());
    expect(second.statusCode, second.body).toBe(201);
    expect(limitHeaders(second)).toMatchObject({ limit: 2, remaining: 0 });

    const documents = await countRows(t, 'documents', 'customer_id = $1', [customerId]);
    expectThrottled(await upload(t, client, customerId, 'other', { filename: 'c.pdf', content: pdf({ seed: 'rl-3' }) }), 2);
    expectThrottled(await upload(t, client, customerId, 'other', { filename: 'c.pdf', content: pdf({ seed: 'rl-3' }) }, { base: '/api/lending/v2.1' }), 2);
    expectThrottled(await client.post(`/bank_statements/${customerId}/`, statement({ accountNumber: '87654321' })), 2);
    expect(await countRows(t, 'documents', 'customer_id = $1', [customerId])).toBe(documents);

    // Ordinary requests still have their own 5 (one was used to create the customer).
    const listed = await client.get(`/document_upload/${customerId}/`);
    expect(listed.statusCode).toBe(200);
    expect(limitHeaders(listed)).toMatchObject({ limit: 5, remaining: 3 });

    // And using up the ordinary requests leaves uploads alone: another token shows the buckets apart.
    const other = await t.token(client.partnerId, 'sandbox');
    for (let i = 0; i < 5; i++) expect((await other.get('/authentication_check/')).statusCode).toBe(200);
    expectThrottled(await other.get(`/document_upload/${customerId}/`), 5);
    const stillUploads = await upload(t, other, customerId, 'other', { filename: 'd.pdf', content: pdf({ seed: 'rl-4' }) });
    expect(stillUploads.statusCode, stillUploads.body).toBe(201);
    expect(limitHeaders(stillUploads)).toMatchObject({ limit: 2, remaining: 1 });
  });
});

describe('rate limits shared through Redis', async () => {
  const available = await reachable(REDIS_URL);

  describe.skipIf(!available)(`with ${REDIS_URL}`, () => {
    const t = useTestApp('pglite', { env: { ...LIMITS, REDIS_URL } });
    let second: FastifyInstance;

    beforeAll(async () => {
      // A second node: another app instance on the same database and the same Redis.
      second = await buildApp({ config: t.config, db: t.testDb.db, adminTokenHash: hashToken(ADMIN_TOKEN), now: t.clock.now });
      await second.ready();
    });
    afterAll(async () => second?.close());

    const onSecond = (client: PartnerClient, url: string) =>
      second.inject({ method: 'GET', url: `${BASE}${url}`, headers: { authorization: `Bearer ${client.token}`, accept: 'application/json' } });

    it('counts requests of one token across both instances', async () => {
      const client = await t.partner(); // a new random token: its keys are new in Redis
      const requests = [
        () => client.get('/authentication_check/'),
        () => onSecond(client, '/authentication_check/'),
        () => client.get('/authentication_check/'),
        () => onSecond(client, '/introducers/'),
        () => onSecond(client, '/authentication_check/'),
      ];
      expectThrottled(await untilThrottled(requests, 5), 5);
      // Past the limit, either node refuses the token.
      expectThrottled(await untilThrottled([() => client.get('/authentication_check/')], 5, { counted: false }), 5);
      expectThrottled(await untilThrottled([() => onSecond(client, '/authentication_check/')], 5, { counted: false }), 5);
      // Another token is unaffected on either node.
      const other = await t.token(client.partnerId, 'sandbox');
      expect((await onSecond(other, '/authentication_check/')).statusCode).toBe(200);
    });

    it('counts uploads across both instances too', async () => {
      const client = await t.partner();
      const customerId = await createCustomer(client);
      const viaSecond = clientFor(second, client.partnerId, client.tokenId, client.token);
      let n = 0;
      const uploads = [
        () => upload(t, client, customerId, 'other', { filename: 'a.pdf', content: pdf({ seed: `redis-${++n}` }) }),
        () => viaSecond.post(`/bank_statements/${customerId}/`, statement({ accountNumber: String(12345670 + ++n) })),
      ];
      expectThrottled(await untilThrottled(uploads, 2), 2);
      expectThrottled(
        await untilThrottled(
          [() => upload({ ...t, app: second }, client, customerId, 'other', { filename: 'c.pdf', content: pdf({ seed: `redis-${++n}` }) })],
          2,
          {
            counted: false,
          },
        ),
        2,
      );
      expectThrottled(
        await untilThrottled([() => upload(t, client, customerId, 'other', { filename: 'c.pdf', content: pdf({ seed: `redis-${++n}` }) })], 2, {
          counted: false,
        }),
        2,
      );
    });
  });

  it('lets requests through, without long waits, when Redis is unreachable', async () => {
    const t = await startTestApp('pglite', { env: { ...LIMITS, REDIS_URL: 'redis://127.0.0.1:1' }, awaitRedis: false });
    try {
      const client = await t.partner();
      for (let i = 0; i < 8; i++) {
        const started = performance.now();
        const res = await client.get('/authentication_check/');
        expect(res.statusCode).toBe(200);
        // The limiter gives up on Redis quickly (250 ms), instead of waiting for reconnections.
        expect(performance.now() - started).toBeLessThan(1000);
      }
    } finally {
      await t.close();
    }
  });
});
