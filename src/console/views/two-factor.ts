/** Operators' two-factor set-up: the set-up link, its password step, the secret and the recovery codes (docs/behaviour.md, section 29). */
import type { OperatorRow } from '../../services/operators.ts';
import { Field } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, type Chrome } from '../../web/layout.ts';
import { RecoveryCodesStep, TwoFactorSetupStep, type TwoFactorSetupModel } from '../../web/sign-in-views.ts';
import { consolePage, Notices } from './common.ts';

const LINK_PROBLEMS = {
  unknown: 'This set-up link is not valid. Check that you copied all of it, or ask an admin for a new one.',
  used: 'This set-up link has already been used. Log in with your email and password instead.',
  expired: 'This set-up link has expired (links last 72 hours, and a new one ends the one before). Ask an admin for a new one.',
  password_off: 'Password login is off: operators sign in through the identity provider. Log in from the login page.',
};

export type SetupLinkProblem = keyof typeof LINK_PROBLEMS;

/** Why a set-up link cannot be used. */
export function setupLinkProblemPage(chrome: Chrome, reason: SetupLinkProblem): VNode {
  return consolePage(
    chrome,
    'Two-factor set-up',
    html`<h1>This set-up link cannot be used</h1>
      <p class="lead" id="setup-link-problem">${LINK_PROBLEMS[reason]}</p>
      <p><a href="/console/login">Go to the login page</a></p>`,
  );
}

export interface SetupLinkModel {
  csrf: string;
  /** The link's token, sent back with the password. */
  token: string;
  operator: Pick<OperatorRow, 'name' | 'role' | 'email'>;
  problem: string | null;
}

/** The set-up link's first step: the password printed beside it (the link alone opens nothing). */
export function setupLinkPage(chrome: Chrome, m: SetupLinkModel): VNode {
  return consolePage(
    chrome,
    'Set up two-factor authentication',
    html`<h1>Welcome, ${m.operator.name}</h1>
      <p class="lead">You are an operator of the console as <strong>${m.operator.role}</strong>, with the email ${m.operator.email}. Enter the password you were given with this link; then you will set up two-factor authentication.</p>
      <${Notices} problem=${m.problem} />
      <form method="post" action="/console/two-factor/setup/password" class="stack card" novalidate>
        <${CsrfField} token=${m.csrf} />
        <input type="hidden" name="token" value=${m.token} />
        <input type="email" name="username" value=${m.operator.email} autocomplete="username" hidden />
        <${Field} name="password" label="Password" type="password" autocomplete="current-password" required=${true} />
        <div><button type="submit">Continue</button></div>
      </form>`,
  );
}

export function twoFactorSetupPage(chrome: Chrome, model: Omit<TwoFactorSetupModel, 'action'>): VNode {
  return consolePage(chrome, 'Set up two-factor authentication', html`<${TwoFactorSetupStep} model=${{ ...model, action: '/console/two-factor/setup' }} />`);
}

/** The ten recovery codes, shown this once. */
export function recoveryCodesPage(chrome: Chrome, codes: string[]): VNode {
  return consolePage(
    chrome,
    'Your recovery codes',
    html`<${RecoveryCodesStep} model=${{ codes, next: { href: '/console/applications', label: 'Continue to the console' } }} />`,
  );
}
