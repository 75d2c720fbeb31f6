/** What the token sees of its own integration: the authentication check, the events (docs/behaviour.md, section 17) and the request log (section 18). */
import type { AnswerOf, CallOptions, EventIteratorOptions, EventList, EventListQuery, LendingEventOf, RequestLog, RequestLogQuery } from '../client-types.ts';
import { enc, type RequestSpec, transportOf } from '../transport.ts';
import type { WebhookEventType } from '../webhook-events.ts';

export class AccountCalls {
  /** GET /authentication_check/: the token's partner and environment. */
  authenticationCheck(call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/authentication_check/', 'get'>>({ method: 'GET', path: '/authentication_check/' }, call);
  }

  /** GET /events/: events strictly after `after`, oldest first; `wait` (0-30 s) long-polls when there are none yet. */
  listEvents(query: EventListQuery = {}, call?: CallOptions) {
    return transportOf(this).json<EventList>(
      { method: 'GET', path: '/events/', query: query as RequestSpec['query'], extraTimeoutMs: (Number(query.wait) || 0) * 1000 },
      call,
    );
  }

  /** GET /events/{event_id}/: one event with its delivery status. */
  getEvent(eventId: string, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/events/{event_id}/', 'get'>>({ method: 'GET', path: `/events/${enc(eventId)}/` }, call);
  }

  /**
   * Every event after `after` (from the start of retention when absent), oldest first, following
   * new ones as they happen with long polls (`follow`, the default), or ending once caught up
   * (`follow: false`). Break out of the loop, or abort `signal`, to stop.
   */
  async *events<T extends WebhookEventType = WebhookEventType>(options: EventIteratorOptions<T> = {}): AsyncGenerator<LendingEventOf<T>, void, undefined> {
    let after = options.after;
    const follow = options.follow ?? true;
    const wait = follow ? (options.waitSeconds ?? 30) : 0;
    for (;;) {
      const page = await this.listEvents(
        { after, types: options.types?.length ? options.types.join(',') : undefined, limit: options.pageSize ?? 100, wait },
        { signal: options.signal },
      );
      for (const event of page.data) {
        after = event.event_id;
        // The server answers only the types asked for.
        yield event as LendingEventOf<T>;
      }
      if (!page.has_more && (!follow || options.signal?.aborted)) return;
    }
  }

  /** GET /request_log/: the tenant's recent requests, newest first. */
  listRequestLog(query: RequestLogQuery = {}, call?: CallOptions) {
    return transportOf(this).json<RequestLog>({ method: 'GET', path: '/request_log/', query: query as RequestSpec['query'] }, call);
  }
}
