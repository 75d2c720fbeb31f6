/** Operators (admins only): the accounts with change of role and deactivation, and "Create an operator". */
import { OPERATOR_ROLES, type OperatorRow } from '../../services/operators.ts';
import { formatDateTime } from '../../web/format.ts';
import { ErrorSummary, Field, SelectField, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, TableWrap, type Chrome } from '../../web/layout.ts';
import { consolePage, Notices } from './common.ts';

export interface OperatorsModel {
  operators: OperatorRow[];
  /** The signed-in operator, who does not change their own role. */
  me: OperatorRow;
  csrf: string;
  /** The create form as sent, with its errors. */
  form: { email: string; name: string; role: string };
  errors: FieldErrors;
  /** A new operator and their password, shown this once. */
  created: { email: string; password: string } | null;
  notice: string | null;
  problem: string | null;
}

const ROLE_OPTIONS = OPERATOR_ROLES.map((r) => ({ value: r, label: r }));

function Actions({ o, csrf }: { o: OperatorRow; csrf: string }): VNode {
  return html`<form method="post" action=${`/console/operators/${o.id}/role`} class="inline">
      <${CsrfField} token=${csrf} />
      <label class="visually-hidden" for=${`role-${o.id}`}>Role of ${o.email}</label>
      <select id=${`role-${o.id}`} name="role">${ROLE_OPTIONS.map((r) => html`<option value=${r.value} selected=${r.value === o.role}>${r.label}</option>`)}</select>
      <button type="submit" class="secondary" aria-label=${`Change role of ${o.email}`}>Change role</button>
    </form>
    <form method="post" action=${`/console/operators/${o.id}/deactivate`} class="inline">
      <${CsrfField} token=${csrf} />
      <button type="submit" class="danger" aria-label=${`Deactivate ${o.email}`}>Deactivate</button>
    </form>`;
}

export function operatorsPage(chrome: Chrome, m: OperatorsModel): VNode {
  const { errors, form } = m;
  return consolePage(
    chrome,
    'Operators',
    html`<h1>Operators</h1>
      <${Notices} notice=${m.notice} problem=${m.problem} />
      ${
        m.created
          ? html`<div class="notice good" role="status" id="new-password">
            <h2>Operator ${m.created.email} created</h2>
            <p>Give them this password now: it is shown only this once. They can change it under "Change password".</p>
            <code class="secret">${m.created.password}</code>
          </div>`
          : null
      }
      <${TableWrap} label="Operators">
        <table class="dense responsive" id="operators">
          <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">State</th><th scope="col">Since</th><th scope="col">Actions</th></tr></thead>
          <tbody>
            ${m.operators.map(
              (o) => html`<tr>
                <td>${o.name}</td>
                <td data-label="Email">${o.email}</td>
                <td data-label="Role">${o.role}</td>
                <td data-label="State">${o.active ? 'active' : 'deactivated'}</td>
                <td data-label="Since">${formatDateTime(o.created_at)}</td>
                <td data-label="Actions">
                  ${o.active && o.id !== m.me.id ? html`<${Actions} o=${o} csrf=${m.csrf} />` : null}
                </td>
              </tr>`,
            )}
          </tbody>
        </table>
      </${TableWrap}>
      <form method="post" action="/console/operators" class="stack card" novalidate>
        <h2>Create an operator</h2>
        <${ErrorSummary} errors=${errors} />
        <${CsrfField} token=${m.csrf} />
        <${Field} name="email" label="Email" type="email" value=${form.email} error=${errors.email} />
        <${Field} name="name" label="Name" value=${form.name} error=${errors.name} />
        <${SelectField} name="role" label="Role" options=${ROLE_OPTIONS} value=${form.role} error=${errors.role} />
        <div><button type="submit">Create operator</button></div>
      </form>`,
  );
}
