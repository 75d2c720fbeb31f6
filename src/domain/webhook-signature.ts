/**
 * Webhook signing (spec, Authentication item 6): X-SVC-Signature is `sha256=` followed by the
 * base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw_request_body}`, keyed by the webhook secret.
 * The partner-side counterpart lives in sdk/verify-webhook.ts and must stay byte-compatible.
 */
import { createHmac, randomBytes } from 'node:crypto';

export function signWebhook(secret: string, timestamp: number, rawBody: string | Buffer): string {
  const hmac = createHmac('sha256', secret);
  // Feed the parts separately so a Buffer body is signed byte-for-byte, never re-encoded.
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return `sha256=${hmac.digest('base64')}`;
}

/** A new webhook secret; the prefix tells partners (and secret scanners) what it is. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
