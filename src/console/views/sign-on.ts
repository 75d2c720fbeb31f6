/** Single sign-on's pages: a refusal in words, and the step that follows a sign-in (docs/behaviour.md, sections 29 and 31). */
import type { SignOnRefusal } from '../../services/single-sign-on.ts';
import { html, type VNode } from '../../web/html.ts';
import type { Chrome } from '../../web/layout.ts';
import { consolePage } from './common.ts';

const AGAIN = 'Start again from the login page.';
const IT_TEAM = 'If it keeps happening, ask the team that runs the identity provider.';

/** Why a sign-in was refused, as the person reads it: what happened, then what to do. */
function refusalWords(reason: SignOnRefusal, provider: string): string {
  switch (reason) {
    case 'wrong_state':
      return `This sign-in did not start in this browser, or its address is not complete. ${AGAIN}`;
    case 'replayed':
      return `This sign-in has been used already: each works once. ${AGAIN}`;
    case 'expired':
      return `This sign-in took longer than 10 minutes, so it has expired. ${AGAIN}`;
    case 'code_rejected':
      return `${provider} did not accept this sign-in (it was used already, or took too long). ${AGAIN}`;
    case 'wrong_audience':
      return `${provider} answered for another application, so this sign-in cannot be trusted. ${IT_TEAM}`;
    case 'nonce_mismatch':
      return `${provider}'s answer does not belong to this sign-in. ${AGAIN}`;
    case 'token_invalid':
      return `${provider}'s answer could not be checked, so you are not signed in. ${AGAIN} ${IT_TEAM}`;
    case 'provider_refused':
      return `${provider} did not sign you in (it refused, or the sign-in was cancelled). ${AGAIN}`;
    case 'provider_down':
      return `${provider} cannot be reached just now. Try again in a few minutes.`;
    case 'email_unverified':
      return `${provider} has not verified your email address, so it cannot be matched to an operator of the console. ${IT_TEAM}`;
    case 'no_role':
      return `You have no role in the operator console. Ask for the viewer, underwriter or admin role in ${provider}, then sign in again.`;
    case 'deactivated':
      return 'Your operator account has been deactivated, so you cannot sign in. Ask an admin of the console.';
    case 'subject_mismatch':
      return `This ${provider} account is not the one the operator of its email signs in with, so you are not signed in. Ask an admin of the console.`;
    case 'acr_refused':
      return `${provider} did not confirm that you signed in the way the console requires (such as with your second factor), so you are not signed in. ${AGAIN} ${IT_TEAM}`;
    case 'interaction_required':
      return `${provider} needs you to sign in again. ${AGAIN}`;
  }
}

export interface SignOnRefusedModel {
  reason: SignOnRefusal;
  provider: string;
  /** Whether password login is on (the page then says so when the provider is down). */
  passwordLogin: boolean;
}

/** Why a sign-in through the provider failed, in words (with password login's way round when the provider is down). */
export function signOnProblem(m: SignOnRefusedModel): string {
  const down = m.reason === 'provider_down' && m.passwordLogin ? ' You can still log in with your email and password.' : '';
  return `${refusalWords(m.reason, m.provider)}${down}`;
}

/** A sign-in through the provider that was refused: no session, and why in words. */
export function signOnRefusedPage(chrome: Chrome, m: SignOnRefusedModel): VNode {
  return consolePage(
    chrome,
    'Not signed in',
    html`<h1>You are not signed in</h1>
      <div class="notice bad" role="alert"><p id="sign-on-refusal">${signOnProblem(m)}</p></div>
      <p><a class="button" href="/console/login">Go to the login page</a></p>`,
  );
}

/**
 * Logged out of the console, on the way to the provider's logout: a page that moves on by itself
 * (`Refresh`), with a link for a browser that does not. Not a redirect: the logout is a form, and
 * the pages' `form-action 'self'` blocks a form's redirect to another site.
 */
export function loggedOutToProviderPage(chrome: Chrome, m: { provider: string; url: string }): VNode {
  return consolePage(
    chrome,
    'Logged out',
    html`<h1>You have logged out</h1>
      <p class="lead">You are being signed out of ${m.provider} too.</p>
      <p><a class="button" href=${m.url}>Continue to ${m.provider}</a></p>`,
  );
}

/**
 * Signed in: the page the callback answers with, which moves on to the queue by itself. The
 * provider sent the browser here, so a redirect would still be that site's navigation, and the
 * console's cookie (SameSite=Strict) would not come with it; the page's own refresh does.
 */
export function signedOnPage(chrome: Chrome, m: { name: string }): VNode {
  return consolePage(
    chrome,
    'Signed in',
    html`<h1>Signed in</h1>
      <p class="lead">Welcome, ${m.name}.</p>
      <p><a class="button" href="/console/applications">Continue to the console</a></p>`,
  );
}
