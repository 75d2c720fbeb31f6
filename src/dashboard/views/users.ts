/** The partner's team: everyone sees it; owners invite, change roles and remove (after a confirmation). */
import { PARTNER_ROLES } from '../../domain/partner-users.ts';
import type { PartnerUserRow } from '../../services/partner-users.ts';
import { formatDateTime } from '../../web/format.ts';
import { ErrorSummary, Field, SelectField, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, Notices, TableWrap } from '../../web/layout.ts';
import { dashboardPage, type DashboardChrome } from './frame.ts';

const ROLE_OPTIONS = PARTNER_ROLES.map((r) => ({ value: r, label: r }));

export interface InviteForm {
  email: string;
  name: string;
  role: string;
}

export const EMPTY_INVITE_FORM: InviteForm = { email: '', name: '', role: 'developer' };

/** What the team page shows of a user. */
export type TeamMember = Pick<PartnerUserRow, 'id' | 'name' | 'email' | 'role' | 'two_factor_enabled_at'>;

export interface UsersModel {
  /** The team, without those removed. */
  users: TeamMember[];
  /** The signed-in user, who changes neither their own role nor removes themselves. */
  meId: string;
  owner: boolean;
  csrf: string;
  notice: string | null;
  problem: string | null;
  /** The invitation just made: its link is in this answer only. */
  link: { url: string; email: string; expiresAt: Date } | null;
  errors: FieldErrors;
  values: InviteForm;
}

/** An owner's controls for a teammate: "Change role" and "Remove", each described by the teammate's name cell. */
function TeammateActions({ user: u, csrf }: { user: TeamMember; csrf: string }): VNode {
  return html`<form method="post" action=${`/dashboard/users/${u.id}/role`} class="inline">
      <${CsrfField} token=${csrf} />
      <label for=${`role-${u.id}`} class="visually-hidden">Role of ${u.name}</label>
      <select id=${`role-${u.id}`} name="role">${ROLE_OPTIONS.map((o) => html`<option value=${o.value} selected=${o.value === u.role}>${o.label}</option>`)}</select>
      <button type="submit" class="secondary" aria-describedby=${`user-${u.id}`}>Change role</button>
    </form>
    <a href=${`/dashboard/users/${u.id}/remove`} aria-describedby=${`user-${u.id}`}>Remove</a>`;
}

function UserLine({ user: u, model }: { user: TeamMember; model: UsersModel }): VNode {
  return html`<tr>
    <td id=${`user-${u.id}`}>${u.name}</td>
    <td data-label="Email">${u.email}</td>
    <td data-label="Role">${u.role}</td>
    <td data-label="State">${u.two_factor_enabled_at ? 'active' : 'invited'}</td>
    ${
      model.owner
        ? html`<td data-label="Actions">${u.id === model.meId ? html`<span class="muted">You</span>` : html`<${TeammateActions} user=${u} csrf=${model.csrf} />`}</td>`
        : null
    }
  </tr>`;
}

function InviteSection({ model }: { model: UsersModel }): VNode {
  const { errors, values } = model;
  if (!model.owner) return html`<p class="muted">Owners of your team invite users and change roles.</p>`;
  return html`<form method="post" action="/dashboard/users" class="stack card" novalidate>
    <h2>Invite a user</h2>
    <${ErrorSummary} errors=${errors} />
    <${CsrfField} token=${model.csrf} />
    <${Field} name="email" label="Email" type="email" value=${values.email} error=${errors.email} />
    <${Field} name="name" label="Name" value=${values.name} error=${errors.name} />
    <${SelectField} name="role" label="Role" options=${ROLE_OPTIONS} value=${values.role} error=${errors.role}
      hint="Viewers read; developers also manage sandbox tokens and webhooks; owners do everything. Inviting someone again (who has not finished, or was removed) makes a new link." />
    <div><button type="submit">Invite user</button></div>
  </form>`;
}

export function usersPage(chrome: DashboardChrome, model: UsersModel): VNode {
  const { link } = model;
  return dashboardPage(
    chrome,
    'Users',
    html`<h1>Users</h1>
      <${Notices} notice=${model.notice} problem=${model.problem} />
      ${
        link
          ? html`<div class="notice good" role="status" id="invitation">
              <p>Send ${link.email} this link. It is shown only this once, works once, and expires ${formatDateTime(link.expiresAt)}.</p>
              <label for="invitation-link">Invitation link</label>
              <input id="invitation-link" class="secret" type="text" readonly value=${link.url} />
            </div>`
          : null
      }
      <${TableWrap} label="Users">
        <table class="dense responsive" id="users">
          <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">State</th>${model.owner ? html`<th scope="col">Actions</th>` : null}</tr></thead>
          <tbody>
            ${model.users.map((u) => html`<${UserLine} user=${u} model=${model} />`)}
          </tbody>
        </table>
      </${TableWrap}>
      <${InviteSection} model=${model} />`,
  );
}

/** "Remove", asking for confirmation first. */
export function removeUserPage(chrome: DashboardChrome, model: { user: TeamMember; csrf: string }): VNode {
  const { user } = model;
  return dashboardPage(
    chrome,
    'Remove user',
    html`<h1>Remove ${user.name}?</h1>
      <p class="lead">${user.email} can no longer log in, and any session of theirs ends at once.</p>
      <form method="post" action=${`/dashboard/users/${user.id}/remove`} class="actions">
        <${CsrfField} token=${model.csrf} />
        <button type="submit" class="danger">Remove user</button>
        <a href="/dashboard/users">Keep them</a>
      </form>`,
  );
}
