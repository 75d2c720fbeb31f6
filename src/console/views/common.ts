import type { ApplicationStatus } from '../../domain/application-status.ts';
import { html, type VNode } from '../../web/html.ts';

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

export function StatusTag({ status }: { status: ApplicationStatus }): VNode {
  return html`<span class="status" data-tone=${TONES[status] ?? 'info'}>${status.replaceAll('_', ' ')}</span>`;
}
