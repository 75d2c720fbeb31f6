/**
 * The admins' webhook settings form, one per environment on a partner's page (docs/behaviour.md,
 * section 19): "Webhook URL", "Authorization token" (write-only: the page says whether one is set,
 * never what it is), "Events" (the subscriptions), button "Save webhook settings". Field names
 * carry the environment so both forms live on one page with distinct ids.
 */
import { EVENT_TYPES } from '../domain/event-types.ts';
import type { Environment } from '../domain/tenant.ts';
import type { TokenChange } from '../services/webhooks.ts';
import { ErrorSummary, Field, type FieldErrors } from '../web/forms.ts';
import { html, type VNode } from '../web/html.ts';
import { CsrfField } from '../web/layout.ts';

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

export function WebhookSettingsForm(props: {
  partnerId: string;
  environment: Environment;
  csrf: string;
  values: WebhookFormValues;
  hasToken: boolean;
  errors: FieldErrors;
}): VNode {
  const { environment, values, errors } = props;
  const names = webhookFieldNames(environment);
  const checked = new Set(values.events);
  return html`<form method="post" action=${`/console/partners/${props.partnerId}/webhook-settings`} class="stack" novalidate>
    <${ErrorSummary} errors=${errors} />
    <${CsrfField} token=${props.csrf} />
    <input type="hidden" name="environment" value=${environment} />
    <${Field}
      name=${names.url}
      label="Webhook URL"
      value=${values.url}
      error=${errors[names.url]}
      hint=${environment === 'production' ? 'https only.' : 'http or https.'}
      autocomplete="off"
    />
    <${Field}
      name=${names.token}
      label="Authorization token"
      type="password"
      autocomplete="off"
      error=${errors[names.token]}
      hint=${props.hasToken ? 'A token is set (not shown). Leave empty to keep it, or type a new one to replace it.' : 'Not set. Sent as "Authorization: Bearer" with every delivery.'}
    />
    ${
      props.hasToken
        ? html`<div class="field"><label><input type="checkbox" name=${names.removeToken} value="on" /> Remove the authorization token</label></div>`
        : null
    }
    <fieldset>
      <legend>Events</legend>
      ${EVENT_TYPES.map(
        (e) =>
          html`<div><label><input type="checkbox" name=${names.event(e.webhook_event_type)} value="on" checked=${checked.has(e.webhook_event_type)} /> <code>${e.webhook_event_type}</code></label></div>`,
      )}
    </fieldset>
    <div><button type="submit">Save webhook settings</button></div>
  </form>`;
}
