import { Type } from 'typebox';
import { Closed, Data, IsoDateTime, StringEnum, Uuid } from './common.ts';
import { PageMeta, PageQueryFields } from './paging.ts';

export const WebhookConfigBody = Data(
  Closed({
    url: Type.String({ minLength: 1, maxLength: 2000, format: 'uri' }),
    token: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 500 }), Type.Null()])),
  }),
  { $id: 'WebhookConfigBody' },
);
export const WebhookConfigResponse = Data(Type.Object({ url: Type.Union([Type.String(), Type.Null()]), has_token: Type.Boolean() }));
export const SigningSecretResponse = Data(Type.Object({ signing_secret: Type.String() }));
export const EventTypesResponse = Data(
  Type.Object({ webhook_event_types: Type.Array(Type.Object({ webhook_event_type: Type.String(), description: Type.String() })) }),
);
export const SubscriptionsBody = Data(Closed({ webhook_event_types: Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 20 }) }), {
  $id: 'SubscriptionsBody',
});
export const SubscriptionsResponse = Data(
  Type.Object({
    subscriptions: Type.Array(Type.Object({ webhook_event_type: Type.String(), url: Type.Union([Type.String(), Type.Null()]), subscribed: Type.Boolean() })),
  }),
);
export const DeliveriesQuery = Type.Object({
  event_id: Type.Optional(Type.String({ format: 'uuid' })),
  status: Type.Optional(StringEnum(['succeeded', 'failed'] as const)),
  ...PageQueryFields,
});
export const DeliveryView = Type.Object({
  delivery_id: Uuid,
  event_id: Uuid,
  webhook_event_type: Type.String(),
  attempt: Type.Integer(),
  attempted_at: IsoDateTime,
  url: Type.String(),
  status: Type.String(),
  response_status: Type.Union([Type.Integer(), Type.Null()]),
  duration_ms: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
  next_attempt_at: Type.Union([IsoDateTime, Type.Null()]),
});
export const DeliveriesResponse = Closed({
  data: Type.Object({
    deliveries: Type.Array(DeliveryView),
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'meta.next_cursor, also here for clients of earlier versions' }),
  }),
  meta: PageMeta,
});
export const QueuedResponse = Data(Type.Object({ event_id: Uuid, webhook_event_type: Type.Optional(Type.String()), status: Type.Literal('queued') }));
export const TestEventBody = Data(Closed({ webhook_event_type: Type.String({ maxLength: 100 }) }), { $id: 'TestEventBody' });
