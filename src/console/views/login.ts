/** The console's login page, its second factor and "Change password" (docs/behaviour.md, sections 19 and 29). */
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, type Chrome } from '../../web/layout.ts';
import { VerifyStep } from '../../web/sign-in-views.ts';
import { consolePage, Notices } from './common.ts';

export interface LoginModel {
  csrf: string;
  /** The email as typed, kept after a refusal. */
  email: string;
  problem: string | null;
  notice: string | null;
  /** The identity provider's name when single sign-on is set ("Sign in with {provider}"), else null. */
  provider: string | null;
  /** False with OIDC_ONLY: no password form. */
  passwordLogin: boolean;
}

function PasswordForm({ m }: { m: LoginModel }): VNode {
  return html`<form method="post" action="/console/login" class="stack card" novalidate>
    <${CsrfField} token=${m.csrf} />
    <${Field} name="email" label="Email" type="email" autocomplete="username" value=${m.email} required=${true} />
    <${Field} name="password" label="Password" type="password" autocomplete="current-password" required=${true} />
    <div><button type="submit">Log in</button></div>
  </form>`;
}

/** The provider's button: a link, since the flow leaves for the provider's own pages. */
function SignOn({ provider, passwordLogin }: { provider: string; passwordLogin: boolean }): VNode {
  return html`<div class="stack card sign-on">
      <p>${passwordLogin ? `Use your ${provider} account, with its own second factor.` : `Password login is off: sign in with your ${provider} account, with its own second factor.`}</p>
      <div><a class="button" href="/console/login/sso">Sign in with ${provider}</a></div>
    </div>
    ${passwordLogin ? html`<h2>Or log in with a password</h2>` : null}`;
}

export function loginPage(chrome: Chrome, m: LoginModel): VNode {
  return consolePage(
    chrome,
    'Log in',
    html`<h1>Log in to the operator console</h1>
      <${Notices} notice=${m.notice} problem=${m.problem} />
      ${m.provider ? html`<${SignOn} provider=${m.provider} passwordLogin=${m.passwordLogin} />` : null}
      ${m.passwordLogin ? html`<${PasswordForm} m=${m} />` : null}`,
  );
}

/** The second factor after the password. */
export function verifyPage(chrome: Chrome, model: { csrf: string; problem: string | null }): VNode {
  return consolePage(chrome, 'Two-factor authentication', html`<${VerifyStep} model=${{ ...model, action: '/console/login/verify' }} />`);
}

/** Signed in with a recovery code: how many are left. */
export function recoveryCodeUsedPage(chrome: Chrome, left: number): VNode {
  const words = left === 0 ? 'You have no recovery codes left.' : `You have ${left} recovery code${left === 1 ? '' : 's'} left; each works once.`;
  return consolePage(
    chrome,
    'Signed in with a recovery code',
    html`<h1>Signed in with a recovery code</h1>
      <div class=${`notice ${left <= 3 ? 'bad' : 'good'}`} role="status"><p>${words} Keep your authenticator app to hand: codes run out.</p></div>
      <p><a class="button" href="/console/applications">Continue to the console</a></p>`,
  );
}

export interface PasswordModel {
  csrf: string;
  errors: FieldErrors;
  notice: string | null;
  /** The provider a single sign-on session came through: its password is kept there, and there is no form. */
  signedOnWith: string | null;
}

export function passwordPage(chrome: Chrome, m: PasswordModel): VNode {
  if (m.signedOnWith) {
    return consolePage(
      chrome,
      'Change password',
      html`<h1>Change password</h1>
        <p class="lead">You signed in through ${m.signedOnWith}: your password is kept there. Change it with ${m.signedOnWith}.</p>`,
    );
  }
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
