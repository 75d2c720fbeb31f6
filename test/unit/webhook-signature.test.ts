import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSigningSecret, signWebhook } from '../../src/domain/webhook-signature.ts';

describe('signWebhook', () => {
  // Fixed vectors, computed outside this code base with:
  //   printf '%s' '1700000000.{"data":{"a":1}}' | openssl dgst -sha256 -hmac whsec_test -binary | base64
  it('matches the fixed vector', () => {
    expect(signWebhook('whsec_test', 1700000000, '{"data":{"a":1}}')).toBe('sha256=D1YIhB0Qb+2rdPufPsiVZ+bvHIJp0cHwFangCcy4mEc=');
  });

  it('signs non-ASCII bodies as UTF-8 bytes', () => {
    const expected = 'sha256=Uwn8O1r5kWI3E1v+z/7u5IPhx1TemKOnKqKt1DDU9GU=';
    expect(signWebhook('whsec_test', 1700000000, '{"name":"Café £5"}')).toBe(expected);
    expect(signWebhook('whsec_test', 1700000000, Buffer.from('{"name":"Café £5"}', 'utf8'))).toBe(expected);
  });

  it('agrees with a direct HMAC over "{timestamp}.{body}"', () => {
    const body = '{"data":{"application_id":"x"}}';
    const direct = createHmac('sha256', 's3cret').update(`1712345678.${body}`).digest('base64');
    expect(signWebhook('s3cret', 1712345678, body)).toBe(`sha256=${direct}`);
  });

  it('changes with the timestamp, the body and the secret', () => {
    const base = signWebhook('a', 1, 'x');
    expect(signWebhook('a', 2, 'x')).not.toBe(base);
    expect(signWebhook('a', 1, 'y')).not.toBe(base);
    expect(signWebhook('b', 1, 'x')).not.toBe(base);
  });
});

describe('generateSigningSecret', () => {
  it('makes prefixed, 32-byte, distinct secrets', () => {
    const a = generateSigningSecret();
    const b = generateSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice('whsec_'.length), 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
  });
});
