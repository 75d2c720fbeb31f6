/**
 * The steps of a second factor that the console and the dashboard share (docs/behaviour.md,
 * sections 24 and 29): the login's "Authentication code", two-factor set-up with the QR code and
 * the key as text, and the ten recovery codes shown once. Each surface puts them in its own frame.
 */
import { Field } from './forms.ts';
import { html, type VNode } from './html.ts';
import { CsrfField, Notices } from './layout.ts';

export interface VerifyStepModel {
  csrf: string;
  /** Where the form posts its code. */
  action: string;
  problem: string | null;
}

/** The second factor: a code from the authenticator app, or a recovery code. */
export function VerifyStep({ model }: { model: VerifyStepModel }): VNode {
  return html`<h1>Two-factor authentication</h1>
    <${Notices} problem=${model.problem} />
    <form method="post" action=${model.action} class="stack card" novalidate>
      <${CsrfField} token=${model.csrf} />
      <${Field}
        name="code"
        label="Authentication code"
        hint="The 6-digit code your authenticator app shows, or one of your recovery codes."
        autocomplete="one-time-code"
        required=${true}
      />
      <div><button type="submit">Verify</button></div>
    </form>`;
}

/** A secret being set up, as the page shows it. */
export interface SecretShown {
  /** The otpauth URI as a QR code image (a data: URI). */
  qrCode: string;
  /** The secret as text, in groups of four. */
  groupedSecret: string;
}

export interface TwoFactorSetupModel extends SecretShown {
  csrf: string;
  /** Where the form posts the first code. */
  action: string;
  problem: string | null;
}

export function TwoFactorSetupStep({ model }: { model: TwoFactorSetupModel }): VNode {
  return html`<h1>Set up two-factor authentication</h1>
    <p class="lead">Two-factor authentication is required. Scan this code with an authenticator app (1Password, Google Authenticator, Microsoft Authenticator…), or type the key into it.</p>
    <${Notices} problem=${model.problem} />
    <div class="card stack">
      <img src=${model.qrCode} width="200" height="200" alt="QR code to add this account to an authenticator app" />
      <p>Key: <code class="secret" id="totp-secret">${model.groupedSecret}</code></p>
    </div>
    <form method="post" action=${model.action} class="stack card" novalidate>
      <${CsrfField} token=${model.csrf} />
      <${Field} name="code" label="Authentication code" hint="The 6-digit code the app shows for this account." autocomplete="one-time-code" inputmode="numeric" required=${true} />
      <div><button type="submit">Turn on two-factor authentication</button></div>
    </form>`;
}

export interface RecoveryCodesModel {
  codes: string[];
  /** Where the signed-in user goes next, and the link's words. */
  next: { href: string; label: string };
}

/** The ten recovery codes, shown this once. */
export function RecoveryCodesStep({ model }: { model: RecoveryCodesModel }): VNode {
  return html`<h1>Two-factor authentication is on</h1>
    <div class="notice good" role="status">
      <h2>Your recovery codes</h2>
      <p>Keep these ten codes somewhere safe: each lets you log in once without your authenticator app. They are shown only this once.</p>
      <ul class="recovery-codes" id="recovery-codes">${model.codes.map((code) => html`<li><code>${code}</code></li>`)}</ul>
    </div>
    <p><a class="button" href=${model.next.href}>${model.next.label}</a></p>`;
}
