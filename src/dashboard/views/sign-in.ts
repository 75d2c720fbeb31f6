/** The pages before the signed-in area: log in, the second factor, the invitation, two-factor set-up and the recovery codes. */
import type { PartnerUserRow } from '../../services/partner-users.ts';
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, Notices, type Chrome } from '../../web/layout.ts';
import { plainPage, SURFACE_NAME } from './frame.ts';

export interface LoginModel {
  csrf: string;
  /** The email typed, kept after a refusal. */
  email: string;
  problem: string | null;
  notice: string | null;
}

export function loginPage(chrome: Chrome, model: LoginModel): VNode {
  return plainPage(
    chrome,
    'Log in',
    html`<h1>Log in to the ${SURFACE_NAME.toLowerCase()}</h1>
      <${Notices} notice=${model.notice} problem=${model.problem} />
      <form method="post" action="/dashboard/login" class="stack card" novalidate>
        <${CsrfField} token=${model.csrf} />
        <${Field} name="email" label="Email" type="email" autocomplete="username" value=${model.email} required=${true} />
        <${Field} name="password" label="Password" type="password" autocomplete="current-password" required=${true} />
        <div><button type="submit">Log in</button></div>
      </form>`,
  );
}

/** The second factor: a code from the authenticator app, or a recovery code. */
export function verifyPage(chrome: Chrome, model: { csrf: string; problem: string | null }): VNode {
  return plainPage(
    chrome,
    'Two-factor authentication',
    html`<h1>Two-factor authentication</h1>
      <${Notices} problem=${model.problem} />
      <form method="post" action="/dashboard/login/verify" class="stack card" novalidate>
        <${CsrfField} token=${model.csrf} />
        <${Field}
          name="code"
          label="Authentication code"
          hint="The 6-digit code your authenticator app shows, or one of your recovery codes."
          autocomplete="one-time-code"
          required=${true}
        />
        <div><button type="submit">Verify</button></div>
      </form>`,
  );
}

const INVITATION_PROBLEMS = {
  unknown: 'This invitation link is not valid. Check that you copied all of it, or ask for a new invitation.',
  used: 'This invitation link has already been used. Log in instead, or ask for a new invitation.',
  expired: 'This invitation link has expired (links last 72 hours). Ask an owner of your team, or the lender, for a new one.',
};

export type InvitationProblem = keyof typeof INVITATION_PROBLEMS;

/** Why an invitation link cannot be used. */
export function invitationProblemPage(chrome: Chrome, reason: InvitationProblem): VNode {
  return plainPage(
    chrome,
    'Invitation',
    html`<h1>This invitation cannot be used</h1><p class="lead" id="invitation-problem">${INVITATION_PROBLEMS[reason]}</p>`,
  );
}

export interface InvitationModel {
  csrf: string;
  /** The invitation's token, sent back with the password. */
  token: string;
  user: Pick<PartnerUserRow, 'name' | 'role' | 'email'>;
  errors: FieldErrors;
}

export function invitationPage(chrome: Chrome, model: InvitationModel): VNode {
  const { user, errors } = model;
  return plainPage(
    chrome,
    'Accept your invitation',
    html`<h1>Welcome, ${user.name}</h1>
      <p class="lead">You are invited to the ${SURFACE_NAME.toLowerCase()} as <strong>${user.role}</strong>, with the email ${user.email}. Choose a password; then you will set up two-factor authentication.</p>
      <${ErrorSummary} errors=${errors} />
      <form method="post" action="/dashboard/invite" class="stack card" novalidate>
        <${CsrfField} token=${model.csrf} />
        <input type="hidden" name="token" value=${model.token} />
        <input type="email" name="username" value=${user.email} autocomplete="username" hidden />
        <${Field}
          name="password"
          label="Password"
          type="password"
          autocomplete="new-password"
          hint="At least 12 characters, and not one of the common passwords."
          error=${errors.password}
          required=${true}
        />
        <div><button type="submit">Set password</button></div>
      </form>`,
  );
}

export interface TwoFactorSetupModel {
  csrf: string;
  /** The otpauth URI as a QR code image (a data: URI). */
  qrCode: string;
  /** The secret as text, in groups of four. */
  groupedSecret: string;
  problem: string | null;
}

export function twoFactorSetupPage(chrome: Chrome, model: TwoFactorSetupModel): VNode {
  return plainPage(
    chrome,
    'Set up two-factor authentication',
    html`<h1>Set up two-factor authentication</h1>
      <p class="lead">Two-factor authentication is required. Scan this code with an authenticator app (1Password, Google Authenticator, Microsoft Authenticator…), or type the key into it.</p>
      <${Notices} problem=${model.problem} />
      <div class="card stack">
        <img src=${model.qrCode} width="200" height="200" alt="QR code to add this account to an authenticator app" />
        <p>Key: <code class="secret" id="totp-secret">${model.groupedSecret}</code></p>
      </div>
      <form method="post" action="/dashboard/two-factor/setup" class="stack card" novalidate>
        <${CsrfField} token=${model.csrf} />
        <${Field} name="code" label="Authentication code" hint="The 6-digit code the app shows for this account." autocomplete="one-time-code" inputmode="numeric" required=${true} />
        <div><button type="submit">Turn on two-factor authentication</button></div>
      </form>`,
  );
}

/** The ten recovery codes, shown this once. */
export function recoveryCodesPage(chrome: Chrome, codes: string[]): VNode {
  return plainPage(
    chrome,
    'Your recovery codes',
    html`<h1>Two-factor authentication is on</h1>
      <div class="notice good" role="status">
        <h2>Your recovery codes</h2>
        <p>Keep these ten codes somewhere safe: each lets you log in once without your authenticator app. They are shown only this once.</p>
        <ul class="recovery-codes" id="recovery-codes">${codes.map((code) => html`<li><code>${code}</code></li>`)}</ul>
      </div>
      <p><a class="button" href="/dashboard">Continue to the dashboard</a></p>`,
  );
}
