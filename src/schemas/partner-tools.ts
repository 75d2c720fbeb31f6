import { Type } from 'typebox';
import { IsoDateTime, StringEnum, Uuid } from './common.ts';
import { limitPattern, PageMeta, PageQueryFields } from './paging.ts';

/** The events API's page: 1 to 100 events, 20 by default. */
export const EVENTS_LIMIT_MAX = 100;

const Limit = Type.String({ pattern: limitPattern(EVENTS_LIMIT_MAX), description: `1 to ${EVENTS_LIMIT_MAX}, default 20` });

export const EventsQuery = Type.Object({
  after: Type.Optional(Type.String({ format: 'uuid', description: 'An event id: only events after it (from the start of the 30 days when absent)' })),
  types: Type.Optional(Type.String({ maxLength: 2000, description: 'Comma-separated event types, e.g. application_offered,application_declined' })),
  limit: Type.Optional(Limit),
  wait: Type.Optional(
    Type.String({ pattern: '^([0-9]|[12][0-9]|30)$', description: '0 to 30 seconds: with nothing to answer yet, wait this long for an event (long poll)' }),
  ),
});

export const EventItem = Type.Object({
  event_id: Uuid,
  webhook_event_type: Type.String(),
  created_at: IsoDateTime,
  data: Type.Record(Type.String(), Type.Unknown(), { description: 'The payload, exactly the `data` of the webhook body' }),
});

export const EventsResponse = Type.Object({ data: Type.Array(EventItem), has_more: Type.Boolean() });

export const EventResponse = Type.Object({
  data: Type.Object({
    ...EventItem.properties,
    delivery: Type.Object({
      status: StringEnum(['delivered', 'pending', 'failing', 'not_subscribed'] as const),
      attempts: Type.Integer({ description: 'Delivery attempts made so far' }),
    }),
  }),
});

export const RequestLogQuery = Type.Object({
  ...PageQueryFields,
  status: Type.Optional(StringEnum(['succeeded', 'failed'] as const, { description: 'succeeded: 2xx; failed: 4xx and 5xx' })),
});

export const RequestLogResponse = Type.Object({
  data: Type.Array(
    Type.Object({
      request_id: Type.String(),
      time: IsoDateTime,
      method: Type.String(),
      path: Type.String({ description: 'Without the query string' }),
      status: Type.Integer(),
      error_code: Type.Union([Type.String(), Type.Null()]),
      duration_ms: Type.Integer(),
      idempotency_key: Type.Union([Type.String(), Type.Null()]),
      api_version: Type.String(),
    }),
  ),
  meta: PageMeta,
});
