/**
 * The webhook events, typed from the document's `webhooks` section (./openapi.ts): the event
 * types, each one's payload, and a verifier that hands back the payload typed by its event type.
 */
import { verifyWebhook, type VerifyOptions, type WebhookHeaders } from '../verify-webhook.ts';
import type { webhooks } from './openapi.ts';

/** The event types (X-SVC-Event-Type, webhook_event_type). */
export type WebhookEventType = keyof webhooks;

/** A webhook's JSON body as delivered: `{"data": payload}`. */
export type WebhookBody<T extends WebhookEventType = WebhookEventType> = webhooks[T]['post']['requestBody']['content']['application/json'];

/** The payload (`data`) of each event type: the same in a webhook and in the events API. */
export type WebhookPayloads = { [T in WebhookEventType]: WebhookBody<T>['data'] };
export type WebhookPayload<T extends WebhookEventType = WebhookEventType> = WebhookPayloads[T];

/** A verified delivery with its payload, told apart by `eventType`. */
export type WebhookEvent = {
  [T in WebhookEventType]: { eventId: string; eventType: T; timestamp: number; data: WebhookPayloads[T] };
}[WebhookEventType];

/**
 * Verifies a delivery as verifyWebhook does (throwing the same errors) and returns it with its
 * payload, so that `switch (event.eventType)` narrows `event.data`. Pass the raw body as received.
 */
export function parseWebhook(secret: string, headers: WebhookHeaders, rawBody: string | Buffer | Uint8Array, options: VerifyOptions = {}): WebhookEvent {
  const verified = verifyWebhook(secret, headers, rawBody, options);
  // Authentic, so it is the service's JSON body.
  const body = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8')) as WebhookBody;
  return { ...verified, data: body.data } as WebhookEvent;
}
