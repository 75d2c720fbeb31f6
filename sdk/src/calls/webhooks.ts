/** The webhook configuration, signing secret, subscriptions and deliveries (docs/behaviour.md, section 13). */
import type { AnswerOf, BodyOf, CallOptions, QueryOf } from '../client-types.ts';
import { enc, type RequestSpec, transportOf } from '../transport.ts';

export class WebhookCalls {
  getWebhookConfiguration(call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/webhooks/configuration/', 'get'>>({ method: 'GET', path: '/webhooks/configuration/' }, call);
  }

  setWebhookConfiguration(body: BodyOf<'/webhooks/configuration/', 'put'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/webhooks/configuration/', 'put'>>({ method: 'PUT', path: '/webhooks/configuration/', json: body }, call);
  }

  getSigningSecret(call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/webhooks/signing_secret/', 'get'>>({ method: 'GET', path: '/webhooks/signing_secret/' }, call);
  }

  rotateSigningSecret(call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/webhooks/signing_secret/rotate/', 'post'>>({ method: 'POST', path: '/webhooks/signing_secret/rotate/' }, call);
  }

  listEventTypes(call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/webhooks/event_types/', 'get'>>({ method: 'GET', path: '/webhooks/event_types/' }, call);
  }

  listSubscriptions(call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/webhooks/subscriptions/', 'get'>>({ method: 'GET', path: '/webhooks/subscriptions/' }, call);
  }

  subscribe(body: BodyOf<'/webhooks/subscriptions/', 'post'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/webhooks/subscriptions/', 'post'>>({ method: 'POST', path: '/webhooks/subscriptions/', json: body }, call);
  }

  unsubscribe(body: BodyOf<'/webhooks/subscriptions/', 'delete'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/webhooks/subscriptions/', 'delete'>>({ method: 'DELETE', path: '/webhooks/subscriptions/', json: body }, call);
  }

  listDeliveries(query: QueryOf<'/webhooks/deliveries/', 'get'> = {}, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/webhooks/deliveries/', 'get'>>(
      { method: 'GET', path: '/webhooks/deliveries/', query: query as RequestSpec['query'] },
      call,
    );
  }

  redeliverEvent(eventId: string, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/webhooks/events/{event_id}/redeliver/', 'post'>>(
      { method: 'POST', path: `/webhooks/events/${enc(eventId)}/redeliver/` },
      call,
    );
  }
}
