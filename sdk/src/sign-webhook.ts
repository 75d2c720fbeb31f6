/**
 * Signs a webhook delivery exactly as the service's sender does (src/domain/webhook-signature.ts,
 * byte-compatible, tested): `sha256=` + base64 HMAC-SHA256 of `{timestamp}.{raw body}`. The CLI's
 * `listen` uses it to forward events from the events API as deliveries.
 */
import { createHmac } from 'node:crypto';

export function signWebhook(secret: string, timestamp: number, rawBody: string | Uint8Array): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return `sha256=${hmac.digest('base64')}`;
}

/** The headers of a delivery of `event` with body `rawBody`, as the service's worker sends them. */
export function deliveryHeaders(
  secret: string,
  event: { event_id: string; webhook_event_type: string },
  rawBody: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'lending-partner-api-webhooks/2.2',
    'x-svc-event-id': event.event_id,
    'x-svc-event-type': event.webhook_event_type,
    'x-svc-timestamp': String(timestamp),
    'x-svc-signature': signWebhook(secret, timestamp, rawBody),
  };
}
