/** The console's login page and "Change password" (docs/behaviour.md, section 19). */
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, type Chrome } from '../../web/layout.ts';
import { consolePage, Notices } from './common.ts';

export interface LoginModel {
  csrf: string;
  /** The email as typed, kept after a refusal. */
  email: string;
  problem: string | null;
  notice: string | null;
}

export function loginPage(chrome: Chrome, m: LoginModel): VNode {
  return consolePage(
    chrome,
    'Log in',
    html`<h1>Log in to the operator console</h1>
      <${Notices} notice=${m.notice} problem=${m.problem} />
      <form method="post" action="/console/login" class="stack card" novalidate>
        <${CsrfField} token=${m.csrf} />
        <${Field} name="email" label="Email" type="email" autocomplete="username" value=${m.email} required=${true} />
        <${Field} name="password" label="Password" type="password" autocomplete="current-password" required=${true} />
        <div><button type="submit">Log in</button></div>
      </form>`,
  );
}

export interface PasswordModel {
  csrf: string;
  errors: FieldErrors;
  notice: string | null;
}

export function passwordPage(chrome: Chrome, m: PasswordModel): VNode {
  return consolePage(
    chrome,
    'Change password',
    html`<h1>Change password</h1>
      <${Notices} notice=${m.notice} />
      <${ErrorSummary} errors=${m.errors} />
      <form method="post" action="/console/password" class="stack card" novalidate>
        <${CsrfField} token=${m.csrf} />
        <${Field} name="current_password" label="Current password" type="password" autocomplete="current-password" error=${m.errors.current_password} />
        <${Field} name="new_password" label="New password" type="password" autocomplete="new-password" hint="At least 12 characters." error=${m.errors.new_password} />
        <div><button type="submit">Change password</button></div>
      </form>`,
  );
}
