import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signWebhook as serverSign } from '../../src/domain/webhook-signature.ts';
import { generateTypes, TYPES_PATH } from '../scripts/generate-types.ts';
import {
  deliveryHeaders,
  signWebhook,
  verifyWebhook,
  parseWebhook,
  type DocumentType,
  type LendingEvent,
  type LendingEventOf,
  type RequestLogEntry,
  type WebhookEventType,
  type WebhookPayload,
} from '../src/index.ts';

describe('the SDK', () => {
  it('has types generated from the current openapi.json (run `npm run generate` in sdk/ when this fails)', async () => {
    const committed = await readFile(TYPES_PATH, 'utf8');
    expect(committed === (await generateTypes()), 'sdk/src/openapi.ts is stale: run `npm run generate` in sdk/').toBe(true);
    // The routes the client calls are in the document.
    for (const path of ['/customers/', '/offers/{offer_id}/repayment_schedule/', '/sandbox/webhooks/test', '/document_upload/{customer_id}/']) {
      expect(committed).toContain(`"/api/lending/v2.2${path}"`);
    }
  });

  it('signs exactly as the service does, and its verifier accepts what it signs', () => {
    const body = '{"data":{"application_id":"a","amount":12.5}}';
    for (const [secret, ts] of [
      ['whsec_a', 1_750_000_000],
      ['whsec_other', 1],
    ] as const) {
      expect(signWebhook(secret, ts, body)).toBe(serverSign(secret, ts, body));
      expect(signWebhook(secret, ts, Buffer.from(body))).toBe(serverSign(secret, ts, Buffer.from(body)));
    }
    const headers = deliveryHeaders('whsec_a', { event_id: 'e1', webhook_event_type: 'application_offered' }, body);
    expect(verifyWebhook('whsec_a', headers, body)).toMatchObject({ eventId: 'e1', eventType: 'application_offered' });
    expect(() => verifyWebhook('whsec_b', headers, body)).toThrow(/signature/);
  });

  it('hands back a verified webhook with its payload, told apart by its event type', () => {
    const data = { application_id: 'a', customer_id: 'c', deferred_at: '2026-07-01T09:30:00.000Z' };
    const body = JSON.stringify({ data });
    const headers = deliveryHeaders('whsec_a', { event_id: 'e1', webhook_event_type: 'application_deferred' }, body);
    const event = parseWebhook('whsec_a', headers, Buffer.from(body));
    expect(event).toMatchObject({ eventId: 'e1', eventType: 'application_deferred', data });
    // The event type narrows the payload (a type error here fails `npm run typecheck`).
    if (event.eventType === 'application_deferred') expect(event.data.deferred_at).toBe(data.deferred_at);
    expect(() => parseWebhook('whsec_b', headers, body)).toThrow(/signature/);
  });
});

// The generated types reach the client's signatures (a type error here fails `npm run typecheck`).
export const typed: [DocumentType, WebhookEventType, LendingEvent['webhook_event_type'], RequestLogEntry['status']] = [
  'business accounts',
  'application_offered',
  'customer_funded',
  200,
];
// @ts-expect-error not a document type
export const wrongDocument: DocumentType = 'not a type';
// Each event type has its own payload, generated from the document's webhooks.
export const fundingAmount: WebhookPayload<'funding_created_202607'>['funding_amount'] = 10000;
export const offered: LendingEventOf<'application_offered'>['data']['offers'][number]['product_type'] = 'flexi_loan';
// @ts-expect-error customer_funded has no offers
export const noOffers: WebhookPayload<'customer_funded'>['offers'] = [];
// @ts-expect-error not an event type
export const wrongType: WebhookEventType = 'application_created';
