/** What the console's pages share: the page frame, the status tag, ages and short ids. */
import type { ApplicationStatus } from '../../domain/application-status.ts';
import type { Page as ListPage } from '../../domain/cursor.ts';
import type { Environment } from '../../domain/tenant.ts';
import { html, type ComponentChildren, type VNode } from '../../web/html.ts';
import { messagePage, Page, type Chrome } from '../../web/layout.ts';
import type { PageLinks } from '../../web/paging.ts';

export { Notices } from '../../web/layout.ts';

export const SURFACE_NAME = 'Operator console';

export function consolePage(chrome: Chrome, title: string, children: ComponentChildren): VNode {
  return html`<${Page} chrome=${chrome} title=${title}>${children}</${Page}>`;
}

const TONES: Partial<Record<ApplicationStatus, string>> = {
  offered: 'good',
  funded: 'good',
  declined: 'bad',
  offer_revoked: 'bad',
  awaiting_underwriter: 'warn',
  action_required: 'warn',
  deferred: 'warn',
  expired: 'warn',
};

/** An application's status in words: "awaiting underwriter". */
export function statusWords(status: string): string {
  return status.replaceAll('_', ' ');
}

export function StatusTag({ status }: { status: ApplicationStatus }): VNode {
  return html`<span class="status" data-tone=${TONES[status] ?? 'info'}>${statusWords(status)}</span>`;
}

/**
 * Which environment a partner's record is in, in words as well as colour: a sandbox record is test
 * data and must never be taken for a production one.
 */
export function EnvironmentTag({ environment }: { environment: Environment }): VNode {
  return html`<span class="status" data-tone=${environment === 'sandbox' ? 'warn' : 'good'} data-environment=${environment}>${
    environment === 'sandbox' ? 'Sandbox (test)' : 'Production'
  }</span>`;
}

/** What a pager shows of a page of a list: how many rows it holds, and the cursors either side. */
export function pageLinks(page: ListPage<unknown>): PageLinks {
  return { count: page.items.length, nextCursor: page.nextCursor, previousCursor: page.previousCursor, firstRow: page.firstRow };
}

/** "3 h", "2 d", "12 min": how long something has waited. */
export function age(since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** The 404 page for a console path the router could not read, outside any session. */
export function consoleNotFoundPage(lender: string): VNode {
  return messagePage(
    { lender, surfaceName: SURFACE_NAME, homePath: '/console/applications', wide: true },
    'Page not found',
    'There is nothing at this address. Check the address, or go back to the queue.',
  );
}
