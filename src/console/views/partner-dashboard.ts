/**
 * The partner dashboard as the console's partner page shows it (docs/behaviour.md, section 24):
 * the partner's dashboard users, "Invite user" (the link shown once, on the page that made it),
 * and go-live: the request for production access with "Approve production access" and "Decline
 * production access".
 */
import { PARTNER_ROLES } from '../../domain/partner-users.ts';
import type { PartnerUserRow } from '../../services/partner-users.ts';
import type { productionAccess } from '../../services/production-access.ts';
import { formatDateTime } from '../../web/format.ts';
import { ErrorSummary, Field, SelectField, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, TableWrap } from '../../web/layout.ts';

const ROLE_OPTIONS = PARTNER_ROLES.map((r) => ({ value: r, label: r }));

/** What "Invite user" gave: the link (shown this once), or the form as sent with its errors. */
export interface InviteOutcome {
  link?: { url: string; email: string; expiresAt: Date };
  errors?: FieldErrors;
  values?: Record<string, string>;
}

export interface PartnerDashboardModel {
  partnerId: string;
  isAdmin: boolean;
  csrf: string;
  users: PartnerUserRow[];
  access: Awaited<ReturnType<typeof productionAccess>>;
  invite: InviteOutcome;
}

function accessWords(access: PartnerDashboardModel['access']): string {
  if (access.grantedAt) return `Approved: production tokens allowed since ${formatDateTime(access.grantedAt)}.`;
  if (access.pending) return `Requested on ${formatDateTime(access.pending.requested_at)} by ${access.pending.requester_email}.`;
  return 'Sandbox only: no request waiting.';
}

function userState(u: PartnerUserRow): string {
  if (u.removed_at) return 'removed';
  if (u.two_factor_enabled_at) return 'active';
  return u.password_hash ? 'setting up two-factor' : 'invited';
}

function UsersTable({ users }: { users: PartnerUserRow[] }): VNode {
  if (users.length === 0) return html`<p class="muted">No dashboard users yet.</p>`;
  return html`<${TableWrap} label="Dashboard users">
    <table class="dense responsive" id="dashboard-users">
      <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">State</th></tr></thead>
      <tbody>
        ${users.map(
          (u) => html`<tr>
            <td>${u.name}</td><td data-label="Email">${u.email}</td><td data-label="Role">${u.role}</td>
            <td data-label="State">${userState(u)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </${TableWrap}>`;
}

function InviteForm({ m }: { m: PartnerDashboardModel }): VNode {
  const errors = m.invite.errors ?? {};
  const values = m.invite.values ?? { user_email: '', user_name: '', user_role: 'owner' };
  return html`<form method="post" action=${`/console/partners/${m.partnerId}/users`} class="stack" novalidate>
    <h3>Invite user</h3>
    <${ErrorSummary} errors=${errors} />
    <${CsrfField} token=${m.csrf} />
    <${Field} name="user_email" label="Email" type="email" value=${values.user_email} error=${errors.user_email} />
    <${Field} name="user_name" label="Name" value=${values.user_name} error=${errors.user_name} />
    <${SelectField} name="user_role" label="Role" options=${ROLE_OPTIONS} value=${values.user_role} error=${errors.user_role} />
    <div><button type="submit" class="secondary">Invite user</button></div>
  </form>`;
}

export function PartnerDashboardSection({ m }: { m: PartnerDashboardModel }): VNode {
  const { access, invite } = m;
  const decide = (decision: 'approved' | 'declined', label: string, kind: string) =>
    html`<form method="post" action=${`/console/partners/${m.partnerId}/production-access`} class="inline">
      <${CsrfField} token=${m.csrf} />
      <input type="hidden" name="decision" value=${decision} />
      <button type="submit" class=${kind}>${label}</button>
    </form>`;
  return html`<section class="card" aria-labelledby="h-dashboard" id="dashboard">
    <h2 id="h-dashboard">Partner dashboard</h2>
    ${
      invite.link
        ? html`<div class="notice good" role="status" id="invitation">
            <p>Invitation for ${invite.link.email}: send them this link. It is shown only this once, works once, and expires ${formatDateTime(invite.link.expiresAt)}.</p>
            <code class="secret" id="invitation-link">${invite.link.url}</code>
          </div>`
        : null
    }
    <h3>Production access</h3>
    <p id="production-access-state">${accessWords(access)}</p>
    ${
      access.pending
        ? html`<dl class="facts">
            <dt>Company website</dt><dd>${access.pending.company_website}</dd>
            <dt>What they will build</dt><dd class="note-body">${access.pending.description}</dd>
          </dl>`
        : null
    }
    ${
      m.isAdmin && !access.grantedAt
        ? html`<div class="actions">
            ${decide('approved', 'Approve production access', '')} ${access.pending ? decide('declined', 'Decline production access', 'danger') : null}
          </div>`
        : null
    }
    <h3>Users</h3>
    <${UsersTable} users=${m.users} />
    ${m.isAdmin ? html`<${InviteForm} m=${m} />` : null}
  </section>`;
}
