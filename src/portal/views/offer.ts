import { drawAvailability } from '../../domain/draw-availability.ts';
import { effectiveOfferStatus } from '../../domain/offers.ts';
import type { RepaymentSchedule } from '../../domain/repayment-schedule.ts';
import type { ApplicationRow, OfferRow } from '../../services/portal.ts';
import { formatApr, formatDate, formatDuration, formatGbp, formatOfferApr, formatPercent, PRODUCT_NAMES } from '../../web/format.ts';
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, Page, type Chrome } from '../../web/layout.ts';
import { ScheduleTable } from '../../web/schedule-table.ts';
import { OFFER_STATUS_WORDS } from '../status-words.ts';

export interface OfferPageModel {
  offer: OfferRow;
  /** Whether the Consumer Credit Act regulates this offer (docs/behaviour.md, section 23). */
  regulated: boolean;
  application: ApplicationRow | null;
  drawnPence: number;
  /** The schedule for the amount in the form (null when the amount is not valid). */
  schedule: RepaymentSchedule | null;
  amountInput: string;
  amountPence: number;
  errors: FieldErrors;
  notice: string | null;
  /** Why the last action was refused, in words. */
  problem: string | null;
  now: Date;
}

export function offerPage(chrome: Chrome, csrfToken: string, m: OfferPageModel): VNode {
  const { offer } = m;
  const name = PRODUCT_NAMES[offer.product_type];
  const status = effectiveOfferStatus({ offerType: offer.offer_type, status: offer.status, expiresAt: offer.expires_at }, m.now);
  const live = m.application?.status === 'offered' || m.application?.status === 'funded';
  const selectable = live && (status === 'available' || status === 'selected') && m.application?.status === 'offered';
  // "Draw funds" only while a drawdown would be accepted on the customer's today (not past expiry, not drawn down).
  const drawable = live && drawAvailability(offer, m.application?.status ?? null, m.drawnPence, m.now).kind === 'open';
  const pdfHref = `/portal/offers/${offer.id}/schedule.pdf?amount=${encodeURIComponent(m.amountInput)}`;
  return html`<${Page} chrome=${chrome} title=${`Your ${name.toLowerCase()} offer`}>
    <p><a href="/portal/">Back to your application</a></p>
    <h1>Your ${name.toLowerCase()} offer</h1>
    ${m.notice ? html`<div class="notice good" role="status"><p>${m.notice}</p></div>` : null}
    ${m.problem ? html`<div class="notice bad" role="alert"><p>${m.problem}</p></div>` : null}
    <section class="card" aria-labelledby="terms-heading">
      <h2 id="terms-heading">The terms</h2>
      <dl class="facts">
        <dt>Borrow up to</dt><dd data-term="max_amount">${formatGbp(offer.max_amount_pence)}</dd>
        <dt>Over</dt><dd>${formatDuration(offer.duration_days)}</dd>
        <dt>Monthly interest</dt><dd>${formatPercent(offer.monthly_rate_bp)} of what you still owe</dd>
        <dt>Fee</dt><dd>${formatPercent(offer.fee_bp)} of what you draw, paid with the first repayment</dd>
        ${offer.offer_type === 'confirmed' ? html`<dt>APR</dt><dd data-term="apr">${formatOfferApr(offer)}</dd>` : null}
        <dt>Status</dt><dd data-offer-status=${status}>${OFFER_STATUS_WORDS[status]}</dd>
        ${status === 'available' || status === 'selected' ? html`<dt>Open until</dt><dd>${formatDate(offer.expires_at)}</dd>` : null}
        ${m.drawnPence > 0 ? html`<dt>Drawn so far</dt><dd>${formatGbp(m.drawnPence)}</dd>` : null}
      </dl>
      ${
        m.regulated
          ? html`<p>This credit is regulated by the Consumer Credit Act: read the key facts and your rights before you draw.</p>
            <p><a href=${`/portal/offers/${offer.id}/pre-contract?amount=${encodeURIComponent(m.amountInput)}`}>Pre-contract information</a></p>`
          : null
      }
    </section>

    <h2>What you would repay</h2>
    <${ErrorSummary} errors=${m.errors} />
    <form method="get" action=${`/portal/offers/${offer.id}`} class="stack">
      <${Field} name="amount" label="Amount (£)" hint=${`Any amount up to ${formatGbp(offer.max_amount_pence)}`} value=${m.amountInput} error=${m.errors.amount} inputmode="decimal" />
      <div><button type="submit" class="secondary">Show schedule</button></div>
    </form>
    ${
      m.schedule
        ? html`<dl class="facts" id="totals">
            <dt>Amount borrowed</dt><dd data-total="borrowed">${formatGbp(m.schedule.amountBorrowedPence)}</dd>
            <dt>Total payable</dt><dd data-total="total_payable">${formatGbp(m.schedule.totalPayablePence)}</dd>
            <dt>Total cost of credit</dt><dd data-total="cost_of_credit">${formatGbp(m.schedule.totalPayablePence - m.schedule.amountBorrowedPence)}</dd>
            <dt>APR</dt><dd data-total="apr">${formatApr(m.schedule.aprTenths)}</dd>
          </dl>
          <${ScheduleTable} schedule=${m.schedule} />
          <p><a href=${pdfHref} download>Download schedule (PDF)</a></p>`
        : null
    }

    ${
      selectable
        ? html`<h2>Take this offer</h2>
          ${
            status === 'selected'
              ? html`<p>You have chosen this offer. <a href=${`/portal/offers/${offer.id}/drawdown`}>Draw funds</a></p>`
              : html`<p>Selecting this offer tells us you want to go ahead with it. You can still change your mind and choose another offer until you draw funds.</p>
                <form method="post" action=${`/portal/offers/${offer.id}/select`}>
                  <${CsrfField} token=${csrfToken} />
                  <button type="submit">Select this offer</button>
                </form>`
          }`
        : drawable
          ? html`<p><a class="button" href=${`/portal/offers/${offer.id}/drawdown`}>Draw funds</a></p>`
          : null
    }
  </${Page}>`;
}
