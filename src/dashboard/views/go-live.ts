/** Production access (section 24's go-live): where the partner stands, and the owners' request form. */
import type { ProductionAccess } from '../../services/production-access.ts';
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { formatDateTime } from '../../web/format.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField } from '../../web/layout.ts';
import { dashboardPage, type DashboardChrome } from './frame.ts';

export interface GoLiveForm {
  website: string;
  description: string;
}

export interface GoLiveModel {
  access: ProductionAccess;
  /** Owners may ask; the others are told to ask one. */
  owner: boolean;
  csrf: string;
  errors: FieldErrors;
  values: GoLiveForm;
}

export const EMPTY_GO_LIVE_FORM: GoLiveForm = { website: '', description: '' };

/** Where the partner stands on production access, and (owners) the request form. */
export function goLiveSection(props: GoLiveModel): VNode {
  const { access } = props;
  const last = access.requests[0];
  return html`<section class="card" aria-labelledby="h-go-live" id="go-live">
    <h2 id="h-go-live">Production access</h2>
    ${
      access.grantedAt
        ? html`<p id="go-live-state">Production access is on since ${formatDateTime(access.grantedAt)}. Owners can create production tokens.</p>`
        : access.pending
          ? html`<p id="go-live-state">Your request of ${formatDateTime(access.pending.requested_at)} is waiting for the lender's review.</p>`
          : html`<p id="go-live-state">
              You have the sandbox only.${last?.status === 'declined' ? ` Your last request was declined on ${formatDateTime(last.decided_at as Date)}; you may ask again.` : ''}
            </p>
            ${
              props.owner
                ? html`<form method="post" action="/dashboard/production-access" class="stack" novalidate>
                    <${ErrorSummary} errors=${props.errors} />
                    <${CsrfField} token=${props.csrf} />
                    <${Field} name="website" label="Company website" type="text" inputmode="url" value=${props.values.website} error=${props.errors.website} />
                    <div class="field">
                      <label for="field-description">What you will build</label>
                      ${props.errors.description ? html`<span class="field-error" id="field-description-error"><span class="visually-hidden">Error: </span>${props.errors.description}</span>` : null}
                      <textarea id="field-description" name="description" rows="4" aria-describedby=${props.errors.description ? 'field-description-error' : undefined}>${props.values.description}</textarea>
                    </div>
                    <div><button type="submit">Request production access</button></div>
                  </form>`
                : html`<p class="muted">An owner of your team can request production access.</p>`
            }`
    }
  </section>`;
}

/** The request form again, refused, on a page of its own. */
export function productionAccessPage(chrome: DashboardChrome, model: GoLiveModel): VNode {
  return dashboardPage(chrome, 'Production access', html`<h1>Production access</h1>${goLiveSection(model)}`);
}
