/**
 * The admins' webhook settings form, one per environment on a partner's page (docs/behaviour.md,
 * section 19): "Webhook URL", "Authorization token" (write-only: the page says whether one is set,
 * never what it is), "Events" (the subscriptions), button "Save webhook settings".
 */
import { EVENT_TYPES } from '../../domain/event-types.ts';
import type { Environment } from '../../domain/tenant.ts';
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField } from '../../web/layout.ts';
import { webhookFieldNames, type WebhookFormValues } from '../webhook-settings.ts';

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
