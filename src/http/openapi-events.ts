/**
 * The webhook events in the OpenAPI document, generated from their schemas (schemas/events.ts):
 * one component per payload, the `webhooks` section (OpenAPI 3.1: what the lender POSTs to your
 * URL, with its headers) and the events API's items typed by event type. The SDK's event types
 * are generated from these.
 */
import { EVENT_TYPES, type EventType } from '../domain/event-types.ts';
import { EVENT_PAYLOADS } from '../schemas/events.ts';
import { EventItem, EventResponse, EventsResponse } from '../schemas/partner-tools.ts';
import { sampleEvent } from '../services/sample-events.ts';

type Schema = Record<string, unknown>;

/** The examples' time (the same as the other examples of the document). */
const SAMPLE_AT = new Date('2026-07-01T09:30:00.000Z');

/** A sample payload with fixed ids (the document must not change between runs). */
export function fixedSample(type: EventType): Record<string, unknown> {
  const ids = new Map<string, string>();
  const fixed = (value: unknown): unknown => {
    if (typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)) {
      if (!ids.has(value)) ids.set(value, `00000000-0000-4000-8000-${String(ids.size + 1).padStart(12, '0')}`);
      return ids.get(value);
    }
    if (Array.isArray(value)) return value.map(fixed);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fixed(v)]));
    return value;
  };
  return fixed(sampleEvent(type, SAMPLE_AT)) as Record<string, unknown>;
}

/** The payload's component: funding_created_202607 is FundingCreated202607Payload. */
export function payloadComponentName(type: EventType): string {
  return `${type.replace(/(^|_)([a-z0-9])/g, (_match, _sep: string, c: string) => c.toUpperCase())}Payload`;
}

function payloadRef(type: EventType): Schema {
  return { $ref: `#/components/schemas/${payloadComponentName(type)}` };
}

/** Every payload schema, named for `webhooks` and the events API to refer to, and the events API's item. */
function eventComponents(): Record<string, Schema> {
  const payloads = EVENT_TYPES.map((e) => [
    payloadComponentName(e.webhook_event_type),
    { ...EVENT_PAYLOADS[e.webhook_event_type], description: e.description },
  ]);
  return { ...Object.fromEntries(payloads), [EVENT_COMPONENT]: typedEventItem() };
}

function header(name: string, description: string, schema: Schema): Schema {
  return { name, in: 'header', required: true, description, schema };
}

/** The document with the payload components and the `webhooks` section added. */
export function withEvents(document: { components?: { schemas?: Record<string, unknown> } }): Record<string, unknown> {
  const components = document.components ?? {};
  return { ...document, components: { ...components, schemas: { ...components.schemas, ...eventComponents() } }, webhooks: webhooksSection() };
}

/** The webhooks: the body `{"data": payload}` and the headers of every delivery (docs/behaviour.md, section 13). */
export function webhooksSection(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((e) => [
      e.webhook_event_type,
      {
        post: {
          summary: e.webhook_event_type,
          description: `${e.description} Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and \`Authorization: Bearer\` with your token when you set one. The same payload is readable from GET /events/.`,
          parameters: [
            header('X-SVC-Event-ID', 'The event id, the same on every retry of the event: deduplicate on it.', { type: 'string', format: 'uuid' }),
            header('X-SVC-Event-Type', 'The event type, as webhook_event_type in GET /webhooks/event_types/.', {
              type: 'string',
              enum: [e.webhook_event_type],
            }),
            header('X-SVC-Timestamp', 'Unix time in seconds when this delivery attempt started.', { type: 'string', pattern: '^[0-9]+$' }),
            header('X-SVC-Signature', '`sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret.', {
              type: 'string',
              pattern: '^sha256=',
            }),
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['data'], properties: { data: payloadRef(e.webhook_event_type) }, additionalProperties: false },
                example: { data: fixedSample(e.webhook_event_type) },
              },
            },
          },
          responses: { '200': { description: 'Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable.' } },
        },
      },
    ]),
  );
}

const EVENT_COMPONENT = 'Event';
const EVENT_REF = { $ref: `#/components/schemas/${EVENT_COMPONENT}` };

/** An item of the events API as the document gives it: one shape per event type, told apart by webhook_event_type. */
function typedEventItem(): Schema {
  return {
    description: "An event: its payload (`data`) is exactly the webhook body's `data`",
    anyOf: EVENT_TYPES.map((e) => ({
      ...EventItem,
      properties: { ...EventItem.properties, webhook_event_type: { type: 'string', enum: [e.webhook_event_type] }, data: payloadRef(e.webhook_event_type) },
    })),
  };
}

/**
 * The events API's answers as the document gives them, each item's `data` typed by its event type.
 * The routes serialise with the looser schemas, which pass the stored payload through unchanged.
 */
export function typedEventAnswers(): { list: Schema; one: Schema } {
  const { delivery } = EventResponse.properties.data.properties;
  return {
    list: { ...EventsResponse, properties: { ...EventsResponse.properties, data: { type: 'array', items: EVENT_REF } } },
    one: { ...EventResponse, properties: { data: { allOf: [EVENT_REF, { type: 'object', required: ['delivery'], properties: { delivery } }] } } },
  };
}
