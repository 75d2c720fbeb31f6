/**
 * Verifies a webhook delivery from the Lending Partner API v2.2.
 *
 * Self-contained on purpose (only node:crypto): copy this file into your receiver.
 *
 *   X-SVC-Signature = "sha256=" + base64(HMAC-SHA256(secret, `${X-SVC-Timestamp}.${rawBody}`))
 *
 * Pass the body exactly as received (Buffer or string), not re-serialised JSON: any change to
 * the bytes, even whitespace, breaks the signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type WebhookVerificationReason = 'missing_header' | 'invalid_signature' | 'timestamp_out_of_tolerance' | 'malformed_header';

export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

export type WebhookHeaders = Record<string, string | string[] | undefined> | Headers;

export interface VerifyOptions {
  /** Largest accepted gap between X-SVC-Timestamp and now, either way. Default 300. */
  toleranceSeconds?: number;
  /** Current Unix time in seconds; for tests. */
  now?: number;
}

export interface VerifiedWebhook {
  /** Same for every retry of one event: deduplicate on it. */
  eventId: string;
  eventType: string;
  timestamp: number;
}

function isFetchHeaders(h: WebhookHeaders): h is Headers {
  return typeof (h as Headers).get === 'function';
}

/** Case-insensitive header lookup; repeated values are returned as a list. */
function readHeader(headers: WebhookHeaders, name: string): string[] {
  if (isFetchHeaders(headers)) {
    const v = headers.get(name);
    return v === null ? [] : [v];
  }
  const out: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    out.push(...(Array.isArray(value) ? value : [value]));
  }
  return out;
}

function requireSingle(headers: WebhookHeaders, name: string): string {
  const values = readHeader(headers, name);
  if (values.length === 0 || values.every((v) => v.trim() === '')) {
    throw new WebhookVerificationError('missing_header', `Missing ${name} header.`);
  }
  const distinct = [...new Set(values.map((v) => v.trim()))];
  if (distinct.length !== 1) {
    throw new WebhookVerificationError('malformed_header', `${name} header appears more than once.`);
  }
  return distinct[0];
}

/**
 * Checks the signature and the timestamp of one delivery and returns its identity.
 * Throws WebhookVerificationError (see `reason`) when the delivery must be rejected.
 */
export function verifyWebhook(secret: string, headers: WebhookHeaders, rawBody: string | Buffer | Uint8Array, options: VerifyOptions = {}): VerifiedWebhook {
  if (typeof secret !== 'string' || secret === '') {
    throw new TypeError('verifyWebhook: the webhook signing secret is empty.');
  }
  // A parsed JSON object here is the most common integration mistake; say so plainly.
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    throw new TypeError('verifyWebhook: rawBody must be the raw request body (string or Buffer), not parsed JSON.');
  }

  const eventId = requireSingle(headers, 'x-svc-event-id');
  const eventType = requireSingle(headers, 'x-svc-event-type');
  const timestampText = requireSingle(headers, 'x-svc-timestamp');
  const signatureValues = readHeader(headers, 'x-svc-signature');
  if (signatureValues.every((v) => v.trim() === '')) {
    throw new WebhookVerificationError('missing_header', 'Missing x-svc-signature header.');
  }

  if (!/^\d{1,12}$/.test(timestampText)) {
    throw new WebhookVerificationError('malformed_header', 'x-svc-timestamp is not a Unix time in seconds.');
  }
  const timestamp = Number(timestampText);

  // Several "sha256=" values (space- or comma-separated) may be present while a secret is being
  // rotated; one match is enough. Values for other schemes are ignored.
  const candidates = signatureValues.flatMap((v) => v.split(/[\s,]+/)).filter((v) => v.startsWith('sha256='));
  if (candidates.length === 0) {
    throw new WebhookVerificationError('malformed_header', 'x-svc-signature holds no sha256= value.');
  }

  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestampText}.`);
  hmac.update(rawBody);
  const expected = Buffer.from(`sha256=${hmac.digest('base64')}`);
  // timingSafeEqual needs equal lengths; the length of a signature is public, so checking it first
  // leaks nothing. Every candidate is compared so timing does not reveal which one matched.
  let matched = false;
  for (const candidate of candidates) {
    const given = Buffer.from(candidate);
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) {
    throw new WebhookVerificationError('invalid_signature', 'x-svc-signature does not match the body and secret.');
  }

  // Checked after the signature so that only authentic timestamps are judged. Retries carry a
  // fresh timestamp, so a legitimate delivery is never older than the clock skew between us.
  const tolerance = options.toleranceSeconds ?? 300;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance) {
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `x-svc-timestamp is ${now - timestamp} s away from now (tolerance ${tolerance} s); possible replay or clock skew.`,
    );
  }

  return { eventId, eventType, timestamp };
}
