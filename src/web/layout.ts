import { html, type ComponentChildren, type VNode } from './html.ts';
import { STYLESHEET_PATH } from './assets.ts';

export interface NavItem {
  href: string;
  label: string;
}

/** What every page of a surface shares: the lender's name, the signed-in header, the navigation. */
export interface Chrome {
  lender: string;
  /** The surface's name after the lender's ("Operator console"); none for the portal. */
  surfaceName?: string;
  homePath: string;
  /** Present when signed in: who it is, and the Log out form with its CSRF token. */
  session?: { csrfToken: string; who?: string; logoutPath: string };
  nav?: NavItem[];
  /** The path of this page, to mark its navigation item as current. */
  currentPath?: string;
  /** Dense screens (the console) use the width of a laptop. */
  wide?: boolean;
  /** A line under the header on every page, such as the portal's "Sandbox date: 15 March 2027". */
  banner?: string;
}

/** A hidden CSRF field: first in every form that changes something. */
export function CsrfField({ token }: { token: string }): VNode {
  return html`<input type="hidden" name="_csrf" value=${token} />`;
}

function Header({ chrome }: { chrome: Chrome }): VNode {
  const { session } = chrome;
  return html`<header class="site-header">
    <div class=${`bar wrap${chrome.wide ? ' wide' : ''}`}>
      <a class="lender" href=${chrome.homePath}>${chrome.lender}${chrome.surfaceName ? html` <span class="who">${chrome.surfaceName}</span>` : null}</a>
      ${
        session
          ? html`<form method="post" action=${session.logoutPath}>
            ${session.who ? html`<span class="who">${session.who} </span>` : null}
            <${CsrfField} token=${session.csrfToken} />
            <button type="submit" class="button-link">Log out</button>
          </form>`
          : null
      }
    </div>
  </header>`;
}

function Nav({ chrome }: { chrome: Chrome }): VNode | null {
  if (!chrome.nav || chrome.nav.length === 0) return null;
  return html`<nav class="site-nav" aria-label="Main">
    <ul class=${`wrap${chrome.wide ? ' wide' : ''}`}>
      ${chrome.nav.map((item) => html`<li><a href=${item.href} aria-current=${item.href === chrome.currentPath ? 'page' : undefined}>${item.label}</a></li>`)}
    </ul>
  </nav>`;
}

/** A whole page: the document head, the header, the navigation and the main content. */
export function Page({ chrome, title, children }: { chrome: Chrome; title: string; children?: ComponentChildren }): VNode {
  const fullTitle = `${title} – ${chrome.lender}${chrome.surfaceName ? ` ${chrome.surfaceName}` : ''}`;
  return html`<html lang="en-GB">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${fullTitle}</title>
      <link rel="stylesheet" href=${STYLESHEET_PATH} />
    </head>
    <body>
      <a class="skip-link" href="#main">Skip to content</a>
      <${Header} chrome=${chrome} />
      ${chrome.banner ? html`<p class="site-banner"><span class=${`wrap${chrome.wide ? ' wide' : ''}`}>${chrome.banner}</span></p>` : null}
      <${Nav} chrome=${chrome} />
      <main id="main" class=${`wrap${chrome.wide ? ' wide' : ''}`} tabindex="-1">${children}</main>
      <footer class="site-footer">
        <div class=${`wrap${chrome.wide ? ' wide' : ''}`}>${chrome.lender}</div>
      </footer>
    </body>
  </html>`;
}

/** A page with a heading and a message: errors, signed out, link problems. */
export function messagePage(chrome: Chrome, title: string, message: string): VNode {
  return html`<${Page} chrome=${chrome} title=${title}>
    <h1>${title}</h1>
    <p class="lead">${message}</p>
  </${Page}>`;
}

/**
 * A table that may scroll sideways on a narrow screen: the scrolling region is focusable and
 * named, so keyboard users can scroll it too.
 */
export function TableWrap({ label, children }: { label: string; children?: ComponentChildren }): VNode {
  return html`<div class="table-wrap" role="region" aria-label=${label} tabindex="0">${children}</div>`;
}

/** A notice after a change (from ?done=…), or a refusal in words. */
export function Notices({ notice, problem }: { notice?: string | null; problem?: string | null }): VNode | null {
  if (!notice && !problem) return null;
  return html`${notice ? html`<div class="notice good" role="status"><p>${notice}</p></div>` : null}${
    problem ? html`<div class="notice bad" role="alert"><p>${problem}</p></div>` : null
  }`;
}
