import { nextStatus } from '../../domain/application-status.ts';
import { codeAsWords, DECIDED_BY_WORDS, TRIGGER_WORDS, wordsFor } from '../../domain/decision-words.ts';
import { customerName } from '../../domain/customer-name.ts';
import { toPence } from '../../domain/money.ts';
import type { RepaymentSchedule } from '../../domain/repayment-schedule.ts';
import type { OperatorRow } from '../../services/operators.ts';
import { roleAtLeast } from '../../domain/actors.ts';
import type { ApplicationReview } from '../../services/review.ts';
import { countOf, formatDate, formatDateTime, formatGbp, formatOfferApr, formatPercent, PRODUCT_NAMES } from '../../web/format.ts';
import { ErrorSummary, Field, SelectField, type FieldErrors } from '../../web/forms.ts';
import { paidToWords } from '../../web/paid-to.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, TableWrap, type Chrome } from '../../web/layout.ts';
import { ScheduleTable } from '../../web/schedule-table.ts';
import { consolePage, Notices, shortId, statusWords, StatusTag } from './common.ts';
import { Decision, DecisionOffers } from './decision.ts';
import { OFFER_SLOTS, type OfferFormValues } from '../offer-form.ts';

export interface ApplicationPageModel {
  review: ApplicationReview;
  operator: OperatorRow;
  csrf: string;
  offerForm: OfferFormValues[];
  offerErrors: FieldErrors;
  previews: RepaymentSchedule[] | null;
  noteError?: string;
  notice: string | null;
  problem: string | null;
  thresholdPence: number;
}

const PRODUCT_OPTIONS = Object.entries(PRODUCT_NAMES).map(([value, label]) => ({ value, label }));

function Facts({ items }: { items: [string, unknown][] }): VNode {
  return html`<dl class="facts">
    ${items.filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => html`<dt>${k}</dt><dd>${String(v)}</dd>`)}
  </dl>`;
}

function CustomerSection({ review }: { review: ApplicationReview }): VNode {
  const { customer, application, partner } = review;
  const c = customer.company;
  return html`<section class="card" aria-labelledby="h-customer">
    <h2 id="h-customer">Customer and company</h2>
    <${Facts}
      items=${[
        ['Company', c.registered_company_name],
        ['Company number', c.company_number],
        ['Type', c.type?.replaceAll('_', ' ')],
        ['Trading since', c.trading_from_date ? formatDate(c.trading_from_date) : null],
        ['Stated turnover (12 months)', c.last_12_months_turnover?.amount !== undefined ? formatGbp(toPence(c.last_12_months_turnover.amount)) : 'not stated'],
        ['Stated profit (12 months)', c.last_12_months_profit?.amount !== undefined ? formatGbp(toPence(c.last_12_months_profit.amount)) : null],
        ['Partner', `${partner.name} (${application.environment})`],
        ['External customer id', customer.external_customer_id],
        ['Amount asked for', formatGbp(application.amount_pence)],
        ['Created', formatDateTime(application.created_at)],
      ]}
    />
    <p><a href=${`/console/customers/${customer.id}`}>Bank details, pre-approval and fundings of this customer</a></p>
    <${TableWrap} label="People">
      <table class="dense responsive">
        <caption>People</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Roles</th><th scope="col">Date of birth</th><th scope="col">Email</th></tr></thead>
        <tbody>
          ${customer.people.map(
            (p) => html`<tr>
              <td>${[p.title, p.first_name, p.last_name].filter(Boolean).join(' ') || 'No name given'}</td>
              <td data-label="Roles">${(p.roles ?? []).map(codeAsWords).join(', ')}</td>
              <td data-label="Date of birth">${p.date_of_birth ? formatDate(p.date_of_birth) : '—'}</td>
              <td data-label="Email">${p.emails?.[0]?.email ?? '—'}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </${TableWrap}>
  </section>`;
}

function DecisionsSection({ review }: { review: ApplicationReview }): VNode {
  return html`<section class="card" aria-labelledby="h-decisions">
    <h2 id="h-decisions">Decisions</h2>
    ${review.decisions.length === 0 ? html`<p class="muted">No decision yet.</p>` : review.decisions.map((d) => html`<${Decision} d=${d} />`)}
  </section>`;
}

function HistorySection({ review }: { review: ApplicationReview }): VNode {
  return html`<section class="card" aria-labelledby="h-history">
    <h2 id="h-history">Status history</h2>
    <${TableWrap} label="Status history">
      <table class="dense responsive">
        <thead><tr><th scope="col">When</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Why</th></tr></thead>
        <tbody>
          ${review.history.map(
            (h) => html`<tr>
              <td class="nowrap">${formatDateTime(h.changed_at)}</td>
              <td data-label="From">${h.from_status ? statusWords(h.from_status) : '—'}</td>
              <td data-label="To">${statusWords(h.to_status)}</td>
              <td data-label="Why">${wordsFor(TRIGGER_WORDS, h.trigger)}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </${TableWrap}>
  </section>`;
}

function DocumentsSection({ review }: { review: ApplicationReview }): VNode {
  return html`<section class="card" aria-labelledby="h-documents">
    <h2 id="h-documents">Documents</h2>
    ${
      review.documents.length === 0
        ? html`<p class="muted">No documents.</p>`
        : html`<${TableWrap} label="Documents">
          <table class="dense responsive">
            <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Uploaded</th><th scope="col">File</th></tr></thead>
            <tbody>
              ${review.documents.map(
                (d) => html`<tr>
                  <td><a href=${`/console/documents/${d.id}`}>${d.document_name}</a></td>
                  <td data-label="Type">${codeAsWords(d.document_type)}</td>
                  <td data-label="Status">${d.status}${d.reject_reason ? `: ${d.reject_reason}` : ''}</td>
                  <td data-label="Uploaded">${formatDateTime(d.uploaded_at)}</td>
                  <td data-label="File"><a href=${`/console/documents/${d.id}/file`} download>Download<span class="visually-hidden"> ${d.document_name}</span></a></td>
                </tr>`,
              )}
            </tbody>
          </table>
        </${TableWrap}>`
    }
    <h3>Bank statements</h3>
    ${
      review.statements.length === 0
        ? html`<p class="muted">No accepted bank statement with transactions.</p>`
        : html`<${TableWrap} label="Bank statement summary">
          <table class="dense responsive">
            <thead><tr><th scope="col">Account</th><th scope="col">Period</th><th scope="col" class="num">Transactions</th><th scope="col" class="num">Credits, last 12 months</th></tr></thead>
            <tbody>
              ${review.statements.map(
                (s) => html`<tr>
                  <td>${s.bankName} ${s.accountNumber} (${s.currency})</td>
                  <td data-label="Period">${formatDate(s.period.from)} to ${formatDate(s.period.to)}</td>
                  <td class="num" data-label="Transactions">${s.transactions}</td>
                  <td class="num" data-label="Credits">${s.currency === 'GBP' ? formatGbp(s.creditsLast12MonthsPence) : `${(s.creditsLast12MonthsPence / 100).toFixed(2)} ${s.currency}`}</td>
                </tr>`,
              )}
            </tbody>
          </table>
        </${TableWrap}>
        <p>Turnover the statements give: <strong id="statement-turnover">${review.statementTurnoverPence === null ? 'none (no GBP statement)' : formatGbp(review.statementTurnoverPence)}</strong></p>`
    }
  </section>`;
}

function OffersSection({ review }: { review: ApplicationReview }): VNode {
  return html`<section class="card" aria-labelledby="h-offers">
    <h2 id="h-offers">Offers and fundings</h2>
    ${
      review.offers.length === 0
        ? html`<p class="muted">No offers.</p>`
        : html`<${TableWrap} label="Offers">
          <table class="dense responsive" id="offers">
            <thead><tr><th scope="col">Offer</th><th scope="col" class="num">Up to</th><th scope="col">Terms</th><th scope="col" class="num">APR</th><th scope="col">Status</th></tr></thead>
            <tbody>
              ${review.offers.map(
                (o) => html`<tr>
                  <td>${PRODUCT_NAMES[o.product_type]}<br /><span class="small muted">${codeAsWords(o.offer_type)}, from ${wordsFor(DECIDED_BY_WORDS, o.source)}</span></td>
                  <td class="num" data-label="Up to">${formatGbp(o.max_amount_pence)}</td>
                  <td data-label="Terms">${formatPercent(o.monthly_rate_bp)} a month, fee ${formatPercent(o.fee_bp)}, ${countOf(o.duration_days, 'day')}</td>
                  <td class="num" data-label="APR">${o.offer_type === 'confirmed' ? formatOfferApr(o) : '—'}</td>
                  <td data-label="Status">${codeAsWords(o.status)}<br /><span class="small muted">${o.status === 'expired' ? 'expired' : 'expires'} ${formatDate(o.expires_at)}</span></td>
                </tr>`,
              )}
            </tbody>
          </table>
        </${TableWrap}>`
    }
    ${
      review.fundings.length === 0
        ? html`<p class="muted">No fundings.</p>`
        : html`<${TableWrap} label="Fundings">
          <table class="dense responsive">
            <thead><tr><th scope="col">When</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Fee</th><th scope="col">By</th><th scope="col">Paid to</th></tr></thead>
            <tbody>
              ${review.fundings.map(
                (f) =>
                  html`<tr><td>${formatDateTime(f.created_at)}</td><td class="num" data-label="Amount">${formatGbp(f.amount_pence)}</td><td class="num" data-label="Fee">${formatGbp(f.fee_pence)}</td><td data-label="By">${codeAsWords(f.drawn_by)}</td><td data-label="Paid to">${paidToWords(f)}</td></tr>`,
              )}
            </tbody>
          </table>
        </${TableWrap}>`
    }
  </section>`;
}

function EventsSection({ review }: { review: ApplicationReview }): VNode {
  const delivered = (yes: boolean) => (yes ? 'Delivered' : 'Not yet');
  return html`<section class="card" aria-labelledby="h-events">
    <h2 id="h-events">Events sent to the partner</h2>
    ${
      review.webhookUrl === null ? html`<p class="muted" id="no-webhook-url">No webhook URL set: the partner reads these events from the events API.</p>` : null
    }
    ${
      review.events.length === 0
        ? html`<p class="muted">No events yet.</p>`
        : html`<${TableWrap} label="Events">
          <table class="dense responsive" id="events">
            <thead><tr><th scope="col">When</th><th scope="col">Event</th>${review.webhookUrl === null ? null : html`<th scope="col">Delivered</th>`}</tr></thead>
            <tbody>
              ${review.events.map(
                (e) =>
                  html`<tr><td class="nowrap">${formatDateTime(e.created_at)}</td><td data-label="Event">${e.event_type}</td>${
                    review.webhookUrl === null ? null : html`<td data-label="Delivered">${delivered(e.delivered)}</td>`
                  }</tr>`,
              )}
            </tbody>
          </table>
        </${TableWrap}>`
    }
  </section>`;
}

function NotesSection({ m, canWrite }: { m: ApplicationPageModel; canWrite: boolean }): VNode {
  const id = m.review.application.id;
  return html`<section class="card" aria-labelledby="h-notes">
    <h2 id="h-notes">Notes</h2>
    ${
      m.review.notes.length === 0
        ? html`<p class="muted">No notes.</p>`
        : html`<ul class="notes">
          ${m.review.notes.map((n) => html`<li><p class="small muted">${n.operator_name}, ${formatDateTime(n.created_at)}</p><p class="note-body">${n.body}</p></li>`)}
        </ul>`
    }
    ${
      canWrite
        ? html`<form method="post" action=${`/console/applications/${id}/notes`} class="stack" novalidate>
          <${CsrfField} token=${m.csrf} />
          <div class="field">
            <label for="field-note">Note</label>
            ${m.noteError ? html`<span class="field-error" id="field-note-error"><span class="visually-hidden">Error: </span>${m.noteError}</span>` : null}
            <textarea id="field-note" name="note" rows="3" aria-invalid=${m.noteError ? 'true' : undefined} aria-describedby=${m.noteError ? 'field-note-error' : undefined}></textarea>
          </div>
          <div><button type="submit" class="secondary">Add note</button></div>
        </form>`
        : null
    }
  </section>`;
}

function ActionsSection({ m }: { m: ApplicationPageModel }): VNode | null {
  const { application, pending, offers } = m.review;
  if (!roleAtLeast(m.operator.role, 'underwriter'))
    return html`<section class="card" aria-labelledby="h-actions"><h2 id="h-actions">Actions</h2><p class="muted">Your role (viewer) reads only.</p></section>`;
  const id = application.id;
  const status = application.status;
  const button = (path: string, label: string, kind = 'secondary') =>
    html`<form method="post" action=${`/console/applications/${id}/${path}`} class="inline"><${CsrfField} token=${m.csrf} /><button type="submit" class=${kind}>${label}</button></form>`;
  const canStart = nextStatus(status, 'review_started') !== null;
  const canApprove = nextStatus(status, 'decision_approve') !== null && status !== 'open';
  const canDecline = nextStatus(status, 'decision_decline') !== null && status !== 'open';
  const canDefer = nextStatus(status, 'closed_without_decision') !== null;
  const revokable = nextStatus(status, 'offers_revoked') !== null && offers.some((o) => o.offer_type === 'confirmed');
  const own = pending?.requested_by === m.operator.id;
  return html`<section class="card" aria-labelledby="h-actions">
    <h2 id="h-actions">Actions</h2>
    <div class="actions">
      ${canStart ? button('start-review', 'Start review', '') : null}
      ${canDecline ? button('decline', 'Decline', 'danger') : null}
      ${canDefer ? button('defer', 'Defer') : null}
      ${revokable ? button('revoke', 'Revoke offers', 'danger') : null}
    </div>
    ${
      pending
        ? html`<div class="notice" id="pending-approval">
          <h3>Approval waiting for a second operator</h3>
          <p>${pending.requested_by_name} approved on ${formatDateTime(pending.requested_at)}. Offers above ${formatGbp(m.thresholdPence)} need a different underwriter or admin to confirm before they exist.</p>
          <${DecisionOffers} offers=${pending.offers} caption="Terms waiting for confirmation" />
          ${
            own
              ? html`<p><strong>You asked for this approval: another underwriter or admin must confirm it.</strong></p>`
              : html`<form method="post" action=${`/console/approvals/${pending.id}/confirm`}><${CsrfField} token=${m.csrf} /><button type="submit">Confirm approval</button></form>`
          }
        </div>`
        : null
    }
    ${canApprove && !pending ? html`<${ApproveForm} m=${m} />` : null}
  </section>`;
}

function ApproveForm({ m }: { m: ApplicationPageModel }): VNode {
  const id = m.review.application.id;
  const e = m.offerErrors;
  return html`<form method="post" action=${`/console/applications/${id}/approve`} class="approve" novalidate>
    <h3>Approve</h3>
    <p class="hint">The first offer is the suggested one. Offers above ${formatGbp(m.thresholdPence)} wait for a second operator to confirm.</p>
    <${ErrorSummary} errors=${e} />
    <${CsrfField} token=${m.csrf} />
    <div class="offer-grid">
      ${OFFER_SLOTS.map((i) => {
        const v = m.offerForm[i];
        return html`<fieldset class="card">
          <legend>${i === 0 ? 'Offer 1' : 'Offer 2 (optional)'}</legend>
          <${SelectField} name=${`product_${i}`} label="Product" options=${PRODUCT_OPTIONS} value=${v.product} error=${e[`product_${i}`]} />
          <${Field} name=${`max_amount_${i}`} label="Maximum amount (£)" inputmode="decimal" value=${v.max_amount} error=${e[`max_amount_${i}`]} />
          <${Field} name=${`interest_${i}`} label="Monthly interest (%)" inputmode="decimal" value=${v.interest} error=${e[`interest_${i}`]} />
          <${Field} name=${`fee_${i}`} label="Fee (%)" inputmode="decimal" value=${v.fee} error=${e[`fee_${i}`]} />
          <${Field} name=${`duration_${i}`} label="Duration (days)" inputmode="numeric" value=${v.duration} error=${e[`duration_${i}`]} />
        </fieldset>`;
      })}
    </div>
    <div class="actions">
      <button type="submit" name="intent" value="preview" class="secondary">Preview schedule</button>
      <button type="submit" name="intent" value="approve">Approve</button>
    </div>
    ${
      m.previews
        ? html`<section aria-labelledby="h-preview" id="schedule-preview">
          <h3 id="h-preview">Schedule preview</h3>
          ${m.previews.map((s, i) => html`<h4>Offer ${i + 1}</h4><${ScheduleTable} schedule=${s} />`)}
        </section>`
        : null
    }
  </form>`;
}

export function applicationPage(chrome: Chrome, m: ApplicationPageModel): VNode {
  const { application, customer } = m.review;
  const company = customerName(customer.company.registered_company_name, customer.id);
  const canWrite = roleAtLeast(m.operator.role, 'underwriter');
  return consolePage(
    chrome,
    `${company} – application ${shortId(application.id)}`,
    html`<p class="small"><a href="/console/applications">Back to the queue</a></p>
      <h1>${company} <span class="muted small">application ${shortId(application.id)}</span></h1>
      <p><${StatusTag} status=${application.status} /> <span class="muted">asked for ${formatGbp(application.amount_pence)}</span></p>
      <${Notices} notice=${m.notice} problem=${m.problem} />
      <div class="columns">
        <div>
          <${ActionsSection} m=${m} />
          <${CustomerSection} review=${m.review} />
          <${DecisionsSection} review=${m.review} />
          <${DocumentsSection} review=${m.review} />
        </div>
        <div>
          <${OffersSection} review=${m.review} />
          <${HistorySection} review=${m.review} />
          <${EventsSection} review=${m.review} />
          <${NotesSection} m=${m} canWrite=${canWrite} />
        </div>
      </div>`,
  );
}
