/**
 * Sandbox test clocks (docs/behaviour.md, sections 24 and 28): the partner's clocks, each with its
 * date, status and customers and the form that advances it; the form that creates one; the
 * deletion's confirmation; and, in production, a word that clocks are a sandbox tool.
 */
import type { Page } from '../../domain/cursor.ts';
import type { ClockCustomerRow, ClockLine } from '../../services/dashboard-test-clocks.ts';
import type { TestClockRow } from '../../services/test-clocks.ts';
import { formatDate } from '../../web/format.ts';
import { customerName } from '../../domain/customer-name.ts';
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, Notices } from '../../web/layout.ts';
import { dashboardPage, EnvTag, type DashboardChrome } from './frame.ts';
import { ListPager } from './list-pager.ts';

export const TEST_CLOCKS_PATH = '/dashboard/test-clocks';

/** What was typed in a clock's "Advance to" form. */
export interface AdvanceForm {
  to: string;
  missed: string;
}

/** An advance refused: the clock, what was typed, and each problem beside its field. */
export interface AdvanceRefusal extends AdvanceForm {
  clockId: string;
  errors: FieldErrors;
}

export interface TestClocksModel {
  /** One page of the clocks, newest first. */
  page: Page<ClockLine>;
  /** The cursor this page was read from (null on the first page): a refused advance shows this page again. */
  cursor: string | null;
  /** Why the page asked for is not the one shown (a refused or emptied link). */
  problem: string | null;
  /** Developers and owners create, advance and delete; viewers read. */
  mayChange: boolean;
  csrf: string;
  notice: string | null;
  /** The name typed in "Create test clock", and its refusal. */
  name: string;
  createErrors: FieldErrors;
  advance: AdvanceRefusal | null;
}

/** How a page names a clock: its name, else the start of its id. */
export function clockLabel(clock: Pick<TestClockRow, 'id' | 'name'>): string {
  return clock.name ?? `Clock ${clock.id.slice(0, 8)}`;
}

const advanceFieldId = (clockId: string) => (field: string) => `advance-${clockId}-${field}`;

/** The clock's name and date: what tells its controls apart (aria-describedby). */
const describedBy = (clockId: string) => `clock-${clockId} clock-${clockId}-date`;

function statusWords(clock: ClockLine): string {
  return clock.status === 'advancing' && clock.advance_to ? `Advancing to ${formatDate(clock.advance_to)}` : 'Ready';
}

/** A customer linked to the dashboard's search: by its external id (exact) when it has one, else its company name. */
function CustomerLink({ customer }: { customer: ClockCustomerRow }): VNode {
  const label = customerName(customer.company_name, customer.id);
  const search = customer.external_customer_id ?? customer.company_name;
  return search ? html`<a href=${`/dashboard/customers?q=${encodeURIComponent(search)}`}>${label}</a>` : html`${label}`;
}

function Customers({ clock }: { clock: ClockLine }): VNode {
  const count = clock.customer_count;
  if (count === 0) return html`None yet`;
  const more = count - clock.customers.length;
  return html`${count}: ${clock.customers.map((c, i) => html`${i > 0 ? ', ' : ''}<${CustomerLink} customer=${c} />`)}${more > 0 ? ` and ${more} more` : ''}`;
}

/** "Advance to" with "Advance"; while the clock advances, a word instead (unless an advance was just refused for it). */
function AdvanceFormFor({ clock, model }: { clock: ClockLine; model: TestClocksModel }): VNode {
  const refused = model.advance?.clockId === clock.id ? model.advance : null;
  if (clock.status === 'advancing' && !refused)
    return html`<p class="muted">The worker is playing its days: reload the page to follow it. It can be advanced again once it is ready.</p>`;
  const errors = refused?.errors ?? {};
  const idOf = advanceFieldId(clock.id);
  return html`<form method="post" action=${`${TEST_CLOCKS_PATH}/${clock.id}/advance`} class="filters advance-form" novalidate>
    <${CsrfField} token=${model.csrf} />
    ${model.cursor ? html`<input type="hidden" name="cursor" value=${model.cursor} />` : null}
    <${Field} id=${idOf('to')} name="to" label="Advance to" type="date" value=${refused?.to ?? ''} error=${errors.to} describedBy=${`clock-${clock.id}`} />
    <${Field}
      id=${idOf('missed')}
      name="missed"
      label="Missed repayments"
      hint="Optional: dates, comma-separated"
      value=${refused?.missed ?? ''}
      error=${errors.missed}
      describedBy=${`clock-${clock.id}`}
    />
    <div><button type="submit" aria-describedby=${describedBy(clock.id)}>Advance</button></div>
  </form>`;
}

function ClockCard({ clock, model }: { clock: ClockLine; model: TestClocksModel }): VNode {
  return html`<li class="card clock" data-clock-id=${clock.id}>
    <h3 id=${`clock-${clock.id}`}>${clockLabel(clock)}</h3>
    <dl class="clock-facts">
      <div><dt>Date</dt><dd id=${`clock-${clock.id}-date`}>${formatDate(clock.frozen_on)}</dd></div>
      <div><dt>Status</dt><dd>${statusWords(clock)}</dd></div>
      <div><dt>Customers</dt><dd><${Customers} clock=${clock} /></dd></div>
      <div><dt>Id</dt><dd><code class="small">${clock.id}</code></dd></div>
    </dl>
    ${
      model.mayChange
        ? html`<${AdvanceFormFor} clock=${clock} model=${model} />
          <p><a href=${`${TEST_CLOCKS_PATH}/${clock.id}/delete`} aria-describedby=${describedBy(clock.id)}>Delete</a></p>`
        : null
    }
  </li>`;
}

function CreateForm({ model }: { model: TestClocksModel }): VNode {
  if (!model.mayChange) return html`<p class="muted" id="clocks-read-only">Developers and owners of your team create, advance and delete test clocks.</p>`;
  return html`<form method="post" action=${TEST_CLOCKS_PATH} class="stack card" novalidate>
    <h2>Create test clock</h2>
    <${ErrorSummary} errors=${model.createErrors} />
    <${CsrfField} token=${model.csrf} />
    <${Field} name="name" label="Name" hint="Optional: what it is for, like “A year of repayments”. It starts at today’s date." value=${model.name} error=${model.createErrors.name} />
    <div><button type="submit">Create test clock</button></div>
  </form>`;
}

export function testClocksPage(chrome: DashboardChrome, model: TestClocksModel): VNode {
  const refused = model.advance;
  const clocks = model.page.items;
  return dashboardPage(
    chrome,
    'Test clocks',
    html`<h1>Test clocks <${EnvTag} environment="sandbox" /></h1>
      <p class="lead">
        A test clock moves time on for the sandbox customers put on it (give the clock’s id when you create a customer). Advancing it plays each
        day in order: offers expire, repayments are collected (or missed on the dates you give), arrears grow and withdrawal windows close, each event sent
        with the clock’s dates. A clock goes forward only, at most two years at a time.
      </p>
      <${Notices} notice=${model.notice} problem=${model.problem} />
      ${refused ? html`<${ErrorSummary} errors=${refused.errors} idOf=${advanceFieldId(refused.clockId)} />` : null}
      <${CreateForm} model=${model} />
      <h2>Your test clocks</h2>
      ${
        clocks.length === 0
          ? html`<p class="muted" id="no-clocks">No test clocks yet.</p>`
          : html`<ul class="clocks" id="clocks">
              ${clocks.map((clock) => html`<${ClockCard} clock=${clock} model=${model} />`)}
            </ul>`
      }
      <${ListPager} page=${model.page} path=${TEST_CLOCKS_PATH} noun=${{ one: 'test clock', many: 'test clocks' }} />`,
  );
}

/** Production: clocks are a sandbox tool (the switch above leads there). */
export function testClocksInProductionPage(chrome: DashboardChrome): VNode {
  return dashboardPage(
    chrome,
    'Test clocks',
    html`<h1>Test clocks <${EnvTag} environment="production" /></h1>
      <p class="lead" id="sandbox-only">
        Test clocks are a sandbox tool: they move time on for sandbox customers only, never for production ones. Switch to Sandbox above to use them.
      </p>`,
  );
}

/** "Delete", asking for confirmation first. */
export function deleteTestClockPage(chrome: DashboardChrome, model: { clock: TestClockRow; csrf: string }): VNode {
  const { clock } = model;
  const customers = clock.customer_count === 1 ? 'Its customer keeps' : `Its ${clock.customer_count} customers keep`;
  return dashboardPage(
    chrome,
    'Delete test clock',
    html`<h1>Delete ${clockLabel(clock)}?</h1>
      <p class="lead">
        The clock stops advancing and is no longer listed. ${clock.customer_count === 0 ? 'It has no customers.' : `${customers} their data and stay on ${formatDate(clock.frozen_on)}, the date it reached.`}
        This cannot be undone.
      </p>
      <form method="post" action=${`${TEST_CLOCKS_PATH}/${clock.id}/delete`} class="actions">
        <${CsrfField} token=${model.csrf} />
        <button type="submit" class="danger">Delete test clock</button>
        <a href=${TEST_CLOCKS_PATH}>Keep it</a>
      </form>`,
  );
}
