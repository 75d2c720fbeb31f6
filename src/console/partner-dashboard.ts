/**
 * The partner dashboard as the console's partner page shows it (docs/behaviour.md, section 24):
 * the partner's dashboard users, "Invite user" (the link shown once, on the page that made it),
 * and go-live: the request for production access with "Approve production access" and "Decline
 * production access".
 */
import type { FastifyRequest } from 'fastify';
import { PARTNER_ROLES } from '../domain/partner-users.ts';
import { invitationLink, inviteUser, partnerUsers } from '../services/partner-users.ts';
import { decideProductionAccess, productionAccess } from '../services/production-access.ts';
import { formatDateTime } from '../web/format.ts';
import { attempt, besideFields, refusing } from '../web/attempt.ts';
import { ErrorSummary, Field, formValues, SelectField, type FieldErrors } from '../web/forms.ts';
import { html, type VNode } from '../web/html.ts';
import { CsrfField, TableWrap } from '../web/layout.ts';
import type { ServiceContext } from '../services/context.ts';
import { can, signedIn } from './context.ts';

const ROLE_OPTIONS = PARTNER_ROLES.map((r) => ({ value: r, label: r }));

/** An invitation the service refuses: beside the fields. */
const INVITE_REFUSALS = refusing(
  ['ValidationError', 'DuplicatePartnerUser'],
  besideFields({ '/email': 'user_email', '/name': 'user_name', '/role': 'user_role' }, 'user_email'),
);

export interface InviteOutcome {
  link?: { url: string; email: string; expiresAt: Date };
  errors?: FieldErrors;
  values?: Record<string, string>;
}

/** "Invite user" from the console: an admin invites (typically the partner's first owner). */
export async function consoleInvite(ctx: ServiceContext, request: FastifyRequest, partnerId: string, publicBaseUrl: string): Promise<InviteOutcome> {
  const { actor } = signedIn(request);
  const form = formValues(request.body);
  const values = { user_email: form.user_email ?? '', user_name: form.user_name ?? '', user_role: form.user_role ?? 'owner' };
  const invited = await attempt(
    () => inviteUser(ctx, actor, partnerId, { email: values.user_email, name: values.user_name, role: values.user_role }),
    INVITE_REFUSALS,
  );
  if (!invited.ok) return { errors: invited.refusal.errors, values };
  return { link: { url: invitationLink(publicBaseUrl, invited.value.token), email: values.user_email.trim(), expiresAt: invited.value.expiresAt } };
}

/** Approve or decline production access (admin). */
export async function consoleDecideProductionAccess(ctx: ServiceContext, request: FastifyRequest, partnerId: string): Promise<string> {
  const { actor } = signedIn(request);
  const decision = formValues(request.body).decision === 'approved' ? 'approved' : 'declined';
  await decideProductionAccess(ctx, actor, partnerId, decision);
  return decision;
}

/** The section of the partner page. */
export async function partnerDashboardSection(
  ctx: ServiceContext,
  request: FastifyRequest,
  partnerId: string,
  csrf: string,
  invite: InviteOutcome = {},
): Promise<VNode> {
  const isAdmin = can(request, 'admin');
  const [users, access] = await Promise.all([partnerUsers(ctx, partnerId), productionAccess(ctx, partnerId)]);
  const errors = invite.errors ?? {};
  const values = invite.values ?? { user_email: '', user_name: '', user_role: 'owner' };
  const decide = (decision: 'approved' | 'declined', label: string, kind: string) =>
    html`<form method="post" action=${`/console/partners/${partnerId}/production-access`} class="inline">
      <${CsrfField} token=${csrf} />
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
    <p id="production-access-state">${
      access.grantedAt
        ? `Approved: production tokens allowed since ${formatDateTime(access.grantedAt)}.`
        : access.pending
          ? `Requested on ${formatDateTime(access.pending.requested_at)} by ${access.pending.requester_email}.`
          : 'Sandbox only: no request waiting.'
    }</p>
    ${
      access.pending
        ? html`<dl class="facts">
            <dt>Company website</dt><dd>${access.pending.company_website}</dd>
            <dt>What they will build</dt><dd class="note-body">${access.pending.description}</dd>
          </dl>`
        : null
    }
    ${
      isAdmin && !access.grantedAt
        ? html`<div class="actions">
            ${decide('approved', 'Approve production access', '')} ${access.pending ? decide('declined', 'Decline production access', 'danger') : null}
          </div>`
        : null
    }
    <h3>Users</h3>
    ${
      users.length === 0
        ? html`<p class="muted">No dashboard users yet.</p>`
        : html`<${TableWrap} label="Dashboard users">
            <table class="dense responsive" id="dashboard-users">
              <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">State</th></tr></thead>
              <tbody>
                ${users.map(
                  (u) => html`<tr>
                    <td>${u.name}</td><td data-label="Email">${u.email}</td><td data-label="Role">${u.role}</td>
                    <td data-label="State">${u.removed_at ? 'removed' : u.two_factor_enabled_at ? 'active' : u.password_hash ? 'setting up two-factor' : 'invited'}</td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </${TableWrap}>`
    }
    ${
      isAdmin
        ? html`<form method="post" action=${`/console/partners/${partnerId}/users`} class="stack" novalidate>
            <h3>Invite user</h3>
            <${ErrorSummary} errors=${errors} />
            <${CsrfField} token=${csrf} />
            <${Field} name="user_email" label="Email" type="email" value=${values.user_email} error=${errors.user_email} />
            <${Field} name="user_name" label="Name" value=${values.user_name} error=${errors.user_name} />
            <${SelectField} name="user_role" label="Role" options=${ROLE_OPTIONS} value=${values.user_role} error=${errors.user_role} />
            <div><button type="submit" class="secondary">Invite user</button></div>
          </form>`
        : null
    }
  </section>`;
}
