/**
 * Reading the admins' webhook settings form, one per environment on a partner's page
 * (docs/behaviour.md, section 19; the form itself: views/webhook-settings.ts). Field names carry
 * the environment so both forms live on one page with distinct ids.
 */
import { EVENT_TYPES } from '../domain/event-types.ts';
import type { Environment } from '../domain/tenant.ts';
import type { TokenChange } from '../services/webhooks.ts';

export interface WebhookFormValues {
  url: string;
  events: string[];
}

/** The form's field names for `environment`. */
export function webhookFieldNames(environment: Environment) {
  return {
    url: `webhook_url_${environment}`,
    token: `webhook_token_${environment}`,
    removeToken: `webhook_remove_token_${environment}`,
    event: (type: string) => `webhook_event_${environment}_${type}`,
  };
}

/** What the admin sent for `environment`: the URL, what to do with the token, the checked events. */
export function readWebhookForm(form: Record<string, string>, environment: Environment): { values: WebhookFormValues; token: TokenChange } {
  const names = webhookFieldNames(environment);
  const url = (form[names.url] ?? '').trim();
  const typed = form[names.token] ?? '';
  const token: TokenChange =
    form[names.removeToken] === 'on' ? { kind: 'remove' } : typed.trim() === '' ? { kind: 'keep' } : { kind: 'set', token: typed.trim() };
  const events = EVENT_TYPES.map((e) => e.webhook_event_type).filter((type) => form[names.event(type)] === 'on');
  return { values: { url, events }, token };
}
