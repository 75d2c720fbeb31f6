/** The pages before the signed-in area: log in, the second factor, the invitation, two-factor set-up and the recovery codes. */
import type { PartnerUserRow } from '../../services/partner-users.ts';
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, Notices, type Chrome } from '../../web/layout.ts';
import { RecoveryCodesStep, TwoFactorSetupStep, VerifyStep, type TwoFactorSetupModel } from '../../web/sign-in-views.ts';
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
  return plainPage(chrome, 'Two-factor authentication', html`<${VerifyStep} model=${{ ...model, action: '/dashboard/login/verify' }} />`);
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

export function twoFactorSetupPage(chrome: Chrome, model: Omit<TwoFactorSetupModel, 'action'>): VNode {
  return plainPage(chrome, 'Set up two-factor authentication', html`<${TwoFactorSetupStep} model=${{ ...model, action: '/dashboard/two-factor/setup' }} />`);
}

/** The ten recovery codes, shown this once. */
export function recoveryCodesPage(chrome: Chrome, codes: string[]): VNode {
  return plainPage(
    chrome,
    'Your recovery codes',
    html`<${RecoveryCodesStep} model=${{ codes, next: { href: '/dashboard', label: 'Continue to the dashboard' } }} />`,
  );
}
