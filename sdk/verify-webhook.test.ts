import { describe, expect, it } from 'vitest';
import { signWebhook } from '../src/domain/webhook-signature.ts';
import { verifyWebhook, WebhookVerificationError, type WebhookVerificationReason } from './verify-webhook.ts';

const SECRET = 'whsec_partner_secret';
const NOW = 1_750_000_000;
const EVENT_ID = '0b7f3c1e-8d4a-4c55-9a51-1f0e2d3c4b5a';
const BODY = '{"data":{"application_id":"app_1","customer_id":"cus_1","status":"in_underwriting"}}';

function deliveryHeaders(opts: { ts?: number; body?: string | Buffer; secret?: string } = {}) {
  const ts = opts.ts ?? NOW;
  return {
    'content-type': 'application/json',
    'x-svc-event-id': EVENT_ID,
    'x-svc-event-type': 'application_status_changed',
    'x-svc-timestamp': String(ts),
    'x-svc-signature': signWebhook(opts.secret ?? SECRET, ts, opts.body ?? BODY),
  };
}

function reasonOf(fn: () => unknown): WebhookVerificationReason | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err.reason;
    throw err;
  }
  return undefined;
}

describe('verifyWebhook', () => {
  it('accepts a valid delivery and returns its identity', () => {
    expect(verifyWebhook(SECRET, deliveryHeaders(), BODY, { now: NOW })).toEqual({
      eventId: EVENT_ID,
      eventType: 'application_status_changed',
      timestamp: NOW,
    });
  });

  it('accepts Buffer and Uint8Array bodies', () => {
    const buf = Buffer.from(BODY);
    expect(verifyWebhook(SECRET, deliveryHeaders({ body: buf }), buf, { now: NOW }).eventId).toBe(EVENT_ID);
    const bytes = new Uint8Array(buf);
    expect(verifyWebhook(SECRET, deliveryHeaders(), bytes, { now: NOW }).eventId).toBe(EVENT_ID);
  });

  it('rejects a tampered body', () => {
    const tampered = BODY.replace('in_underwriting', 'funded');
    expect(reasonOf(() => verifyWebhook(SECRET, deliveryHeaders(), tampered, { now: NOW }))).toBe('invalid_signature');
    // Re-serialised JSON (different whitespace) is a different body too.
    const reserialised = JSON.stringify(JSON.parse(BODY), null, 2);
    expect(reasonOf(() => verifyWebhook(SECRET, deliveryHeaders(), reserialised, { now: NOW }))).toBe('invalid_signature');
  });

  it('rejects the wrong secret', () => {
    expect(reasonOf(() => verifyWebhook('whsec_other', deliveryHeaders(), BODY, { now: NOW }))).toBe('invalid_signature');
  });

  it('rejects a timestamp that was not the one signed', () => {
    const headers = { ...deliveryHeaders(), 'x-svc-timestamp': String(NOW + 1) };
    expect(reasonOf(() => verifyWebhook(SECRET, headers, BODY, { now: NOW }))).toBe('invalid_signature');
  });

  it('enforces the tolerance both ways (default 300 s)', () => {
    const at = (ts: number, toleranceSeconds?: number) => reasonOf(() => verifyWebhook(SECRET, deliveryHeaders({ ts }), BODY, { now: NOW, toleranceSeconds }));
    expect(at(NOW - 300)).toBeUndefined();
    expect(at(NOW + 300)).toBeUndefined();
    expect(at(NOW - 301)).toBe('timestamp_out_of_tolerance');
    expect(at(NOW + 301)).toBe('timestamp_out_of_tolerance');
    expect(at(NOW - 3600)).toBe('timestamp_out_of_tolerance');
    expect(at(NOW - 3600, 7200)).toBeUndefined();
  });

  it('uses the real clock by default', () => {
    const ts = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(SECRET, deliveryHeaders({ ts }), BODY).timestamp).toBe(ts);
  });

  it.each(['x-svc-signature', 'x-svc-timestamp', 'x-svc-event-id', 'x-svc-event-type'])('rejects a delivery without %s', (name) => {
    const headers: Record<string, string | undefined> = { ...deliveryHeaders() };
    delete headers[name];
    expect(reasonOf(() => verifyWebhook(SECRET, headers, BODY, { now: NOW }))).toBe('missing_header');
    expect(reasonOf(() => verifyWebhook(SECRET, { ...headers, [name]: '' }, BODY, { now: NOW }))).toBe('missing_header');
  });

  it('rejects malformed headers', () => {
    const h = deliveryHeaders();
    const check = (patch: Record<string, string | string[]>) => reasonOf(() => verifyWebhook(SECRET, { ...h, ...patch }, BODY, { now: NOW }));
    expect(check({ 'x-svc-timestamp': '17e8' })).toBe('malformed_header');
    expect(check({ 'x-svc-timestamp': '-5' })).toBe('malformed_header');
    expect(check({ 'x-svc-signature': 'v1=abc' })).toBe('malformed_header');
    expect(check({ 'x-svc-signature': h['x-svc-signature'].slice('sha256='.length) })).toBe('malformed_header');
    expect(check({ 'x-svc-event-id': ['a', 'b'] })).toBe('malformed_header');
    expect(check({ 'x-svc-signature': 'sha256=AAAA' })).toBe('invalid_signature');
  });

  it('finds headers case-insensitively in a plain object', () => {
    const h = deliveryHeaders();
    const mixed = {
      'X-SVC-Event-ID': h['x-svc-event-id'],
      'X-Svc-Event-Type': h['x-svc-event-type'],
      'x-SVC-timestamp': h['x-svc-timestamp'],
      'X-SVC-SIGNATURE': h['x-svc-signature'],
    };
    expect(verifyWebhook(SECRET, mixed, BODY, { now: NOW }).eventType).toBe('application_status_changed');
  });

  it('reads a fetch Headers object', () => {
    const headers = new Headers(deliveryHeaders());
    expect(verifyWebhook(SECRET, headers, BODY, { now: NOW }).eventId).toBe(EVENT_ID);
    headers.delete('X-SVC-Event-ID');
    expect(reasonOf(() => verifyWebhook(SECRET, headers, BODY, { now: NOW }))).toBe('missing_header');
  });

  it('accepts any of several signatures (secret rotation)', () => {
    const good = signWebhook(SECRET, NOW, BODY);
    const other = signWebhook('whsec_old', NOW, BODY);
    const h = deliveryHeaders();
    for (const sig of [`${other} ${good}`, `${good},${other}`, `${other}, ${good}`, `v1=xyz ${good}`]) {
      expect(verifyWebhook(SECRET, { ...h, 'x-svc-signature': sig }, BODY, { now: NOW }).eventId, sig).toBe(EVENT_ID);
    }
    // Node gives repeated headers as an array.
    expect(verifyWebhook(SECRET, { ...h, 'x-svc-signature': [other, good] }, BODY, { now: NOW }).eventId).toBe(EVENT_ID);
    expect(reasonOf(() => verifyWebhook(SECRET, { ...h, 'x-svc-signature': `${other} ${other}` }, BODY, { now: NOW }))).toBe('invalid_signature');
  });

  it('refuses a parsed body or an empty secret with a plain TypeError', () => {
    const parsed = JSON.parse(BODY) as unknown as string;
    expect(() => verifyWebhook(SECRET, deliveryHeaders(), parsed, { now: NOW })).toThrow(TypeError);
    expect(() => verifyWebhook('', deliveryHeaders(), BODY, { now: NOW })).toThrow(TypeError);
  });

  it('throws errors that carry a reason and a readable message', () => {
    try {
      verifyWebhook('whsec_other', deliveryHeaders(), BODY, { now: NOW });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(WebhookVerificationError);
      expect(err).toBeInstanceOf(Error);
      expect((err as WebhookVerificationError).name).toBe('WebhookVerificationError');
      expect((err as WebhookVerificationError).message).toMatch(/signature/);
    }
  });
});
