/** The dashboard's page frame: the chrome, the environment switch of signed-in pages, the environment tag. */
import type { Environment } from '../../domain/tenant.ts';
import { html, type ComponentChildren, type VNode } from '../../web/html.ts';
import { CsrfField, Page, type Chrome } from '../../web/layout.ts';

export const SURFACE_NAME = 'Partner dashboard';

/** The switch at the top of every signed-in page: which environment the pages show, and where to come back to. */
export interface EnvironmentSwitchModel {
  environment: Environment;
  csrfToken: string;
  back: string;
}

/** The chrome of a dashboard page; signed-in pages past both factors also carry the environment switch. */
export interface DashboardChrome extends Chrome {
  environmentSwitch?: EnvironmentSwitchModel;
}

export function environmentName(environment: Environment): string {
  return environment === 'sandbox' ? 'Sandbox' : 'Production';
}

/** The environment a page shows, beside its heading. */
export function EnvTag({ environment }: { environment: Environment }): VNode {
  return html`<span class="tag">${environmentName(environment)}</span>`;
}

function EnvironmentSwitch({ model }: { model: EnvironmentSwitchModel | undefined }): VNode | null {
  if (!model) return null;
  return html`<form method="post" action="/dashboard/environment" class="env-switch" aria-label="Environment">
    <${CsrfField} token=${model.csrfToken} />
    <input type="hidden" name="back" value=${model.back} />
    <span class="muted">Environment:</span>
    ${(['sandbox', 'production'] as const).map(
      (e) =>
        html`<button type="submit" name="environment" value=${e} class=${e === model.environment ? '' : 'secondary'} aria-pressed=${e === model.environment ? 'true' : 'false'}>${environmentName(e)}</button> `,
    )}
  </form>`;
}

/** A signed-in page: the environment switch, then the page. */
export function dashboardPage(chrome: DashboardChrome, title: string, children: ComponentChildren): VNode {
  return html`<${Page} chrome=${chrome} title=${title}>
    <${EnvironmentSwitch} model=${chrome.environmentSwitch} />
    ${children}
  </${Page}>`;
}

/** A page outside the signed-in area (login, invitation, two-factor). */
export function plainPage(chrome: Chrome, title: string, children: ComponentChildren): VNode {
  return html`<${Page} chrome=${chrome} title=${title}>${children}</${Page}>`;
}
