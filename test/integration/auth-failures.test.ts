/**
 * Failed authentication a hostile client and a first-time user tried (issue 12, items 5 and 6, and
 * the token messages of item 12): two Authorization headers, too many failures from one address,
 * the admin token and a partner token swapped.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { BACKENDS } from '../helpers/db.ts';
import { ADMIN_TOKEN, BASE, usePartner, useTestApp } from '../helpers/app.ts';
import { expectError } from '../helpers/foundation.ts';

const LIMIT = 3;

/** An address no other test uses, so counters shared through Redis never mix. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.each(BACKENDS)('authentication failures on %s', (backend) => {
  const t = useTestApp(backend, {
    env: {
      AUTH_FAILURES_PER_MINUTE: String(LIMIT),
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    },
  });
  const partner = usePartner(t);

  const call = (url: string, authorization: string | string[] | undefined, remoteAddress: string): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string | string[]> = authorization === undefined ? {} : { authorization };
    return t.app.inject({ method: 'GET', url, remoteAddress, headers });
  };

  it('item 5: answers 400 to two Authorization headers, on the partner and admin APIs', async () => {
    const address = someAddress();
    const partnerRes = await call(`${BASE}/authentication_check/`, [`Bearer ${partner.token}`, 'Bearer sk_sandbox_other'], address);
    const [error] = expectError(partnerRes, 400, 'ValidationError');
    expect(error.source).toEqual({ parameter: 'Authorization' });
    expectError(await call('/admin/v1/applications', [`Bearer ${ADMIN_TOKEN}`, `Bearer ${ADMIN_TOKEN}`], address), 400, 'ValidationError');
    expect((await call(`${BASE}/authentication_check/`, `Bearer ${partner.token}`, address)).statusCode).toBe(200);
  });

  it('item 6: answers 429 after the limit of failed authentications per address, and never to valid tokens', async () => {
    const address = someAddress();
    for (let i = 0; i < LIMIT; i++) {
      expectError(await call(`${BASE}/authentication_check/`, `Bearer sk_sandbox_wrong${i}`, address), 401, 'AuthenticationFailed');
    }
    const throttled = await call(`${BASE}/authentication_check/`, 'Bearer sk_sandbox_wrong', address);
    expect(expectError(throttled, 429, 'Throttled')[0].detail).toContain(`at most ${LIMIT} a minute`);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // The admin API counts against the same address; no header at all is a failure too.
    expectError(await call('/admin/v1/applications', 'Bearer not-the-admin-token', address), 429, 'Throttled');
    expectError(await call(`${BASE}/authentication_check/`, undefined, address), 429, 'Throttled');
    // Valid tokens from the throttled address still work, and do not count.
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await call(`${BASE}/authentication_check/`, `Bearer ${partner.token}`, address)).statusCode).toBe(200);
      expect((await call('/admin/v1/applications', `Bearer ${ADMIN_TOKEN}`, address)).statusCode).toBe(200);
    }
    // Another address is not affected.
    expectError(await call(`${BASE}/authentication_check/`, 'Bearer sk_sandbox_wrong', someAddress()), 401, 'AuthenticationFailed');
  });

  it('counts the failures of every address of one IPv6 /64 together, and an IPv4-mapped address as its IPv4 one', async () => {
    const prefix = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
    for (let i = 0; i < LIMIT; i++) {
      expectError(await call(`${BASE}/authentication_check/`, `Bearer sk_sandbox_wrong${i}`, `${prefix}::${i + 1}`), 401, 'AuthenticationFailed');
    }
    expectError(await call(`${BASE}/authentication_check/`, 'Bearer sk_sandbox_wrong', `${prefix}:ffff:ffff:ffff:ffff`), 429, 'Throttled');
    expectError(await call('/admin/v1/applications', 'Bearer not-the-admin-token', `${prefix}::abcd`), 429, 'Throttled');
    // Valid tokens from that /64 still work; another /64 is another client.
    expect((await call(`${BASE}/authentication_check/`, `Bearer ${partner.token}`, `${prefix}::1`)).statusCode).toBe(200);
    expectError(
      await call(`${BASE}/authentication_check/`, 'Bearer sk_sandbox_wrong', `2001:db8:ffff:${randomInt(0x10000).toString(16)}::1`),
      401,
      'AuthenticationFailed',
    );

    const v4 = someAddress();
    for (let i = 0; i < LIMIT; i++) await call(`${BASE}/authentication_check/`, `Bearer sk_sandbox_wrong${i}`, `::ffff:${v4}`);
    expectError(await call(`${BASE}/authentication_check/`, 'Bearer sk_sandbox_wrong', v4), 429, 'Throttled');
  });

  describe('item 12: messages a first-time user can act on', () => {
    it('says so when the admin token is sent to a partner route, and a partner token to the admin API', async () => {
      const res = await call(`${BASE}/authentication_check/`, `Bearer ${ADMIN_TOKEN}`, someAddress());
      expect(expectError(res, 401, 'AuthenticationFailed')[0].detail).toContain('admin token');
      const generated = await call(`${BASE}/authentication_check/`, 'Bearer adm_somethingElse123', someAddress());
      expect(expectError(generated, 401, 'AuthenticationFailed')[0].detail).toContain('admin token');
      const wrongWay = await call('/admin/v1/applications', `Bearer ${partner.token}`, someAddress());
      expect(expectError(wrongWay, 401, 'AuthenticationFailed')[0].detail).toContain('partner token');
    });
  });
});
