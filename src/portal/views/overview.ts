import { drawAvailability } from '../../domain/draw-availability.ts';
import { effectiveOfferStatus } from '../../domain/offers.ts';
import { yourCompany } from '../../domain/customer-name.ts';
import type { OfferRow, PortalOverview } from '../../services/portal.ts';
import { formatDate, formatDuration, formatGbp, formatOfferApr, formatPercent, PRODUCT_NAMES } from '../../web/format.ts';
import { html, type VNode } from '../../web/html.ts';
import { Page, TableWrap, type Chrome } from '../../web/layout.ts';
import { OFFER_STATUS_WORDS, requirementAction, STATUS_WORDS } from '../status-words.ts';

function OfferCard({ offer, now }: { offer: OfferRow; now: Date }): VNode {
  const status = effectiveOfferStatus({ offerType: offer.offer_type, status: offer.status, expiresAt: offer.expires_at }, now);
  const name = PRODUCT_NAMES[offer.product_type];
  const headingId = `offer-${offer.id}`;
  return html`<section class="card" aria-labelledby=${headingId}>
    <h3 id=${headingId}>${name} ${offer.is_suggested && offer.offer_type === 'confirmed' ? html`<span class="tag">Suggested for you</span>` : null}</h3>
    <dl class="facts">
      <dt>Borrow up to</dt><dd>${formatGbp(offer.max_amount_pence)}</dd>
      <dt>Over</dt><dd>${formatDuration(offer.duration_days)}</dd>
      <dt>Monthly interest</dt><dd>${formatPercent(offer.monthly_rate_bp)}</dd>
      <dt>Fee</dt><dd>${formatPercent(offer.fee_bp)} of what you draw</dd>
      ${offer.offer_type === 'confirmed' ? html`<dt>APR</dt><dd>${formatOfferApr(offer)}</dd>` : null}
      <dt>Status</dt><dd>${offer.offer_type === 'indicative' ? 'Indicative (a guide, not yet an offer)' : OFFER_STATUS_WORDS[status]}</dd>
      ${status === 'available' || status === 'selected' ? html`<dt>Open until</dt><dd>${formatDate(offer.expires_at)}</dd>` : null}
    </dl>
    ${
      offer.offer_type === 'confirmed'
        ? html`<div class="actions"><a class="button" href=${`/portal/offers/${offer.id}`}>View the ${name.toLowerCase()} offer</a></div>`
        : null
    }
  </section>`;
}

/** What more can be drawn from a funded offer on the customer's own today: "Draw more funds" only while a drawdown would be accepted. */
function DrawMore({ offer, drawnPence, overview, now }: { offer: OfferRow; drawnPence: number; overview: PortalOverview; now: Date }): VNode {
  const name = PRODUCT_NAMES[offer.product_type].toLowerCase();
  const can = drawAvailability(offer, overview.application?.status ?? null, drawnPence, now);
  switch (can.kind) {
    case 'open':
      return html`<p data-draw="open">You can still draw <strong>${formatGbp(can.remainingPence)}</strong> from your ${name} until ${formatDate(can.until)}.
        <a href=${`/portal/offers/${offer.id}/drawdown`}>Draw more funds</a></p>`;
    case 'drawn':
      return html`<p data-draw="drawn">You have drawn the whole ${formatGbp(offer.max_amount_pence)} of your ${name}: there is nothing more to draw from it.</p>`;
    case 'expired':
      return html`<p data-draw="expired">Your ${name} offer ended on ${formatDate(can.on)}: you drew ${formatGbp(drawnPence)} of it and cannot draw more. Your broker can ask us for a new offer.</p>`;
    case 'closed':
      return html`<p data-draw="closed">You cannot draw more from your ${name}.</p>`;
  }
}

function Fundings({ overview, now }: { overview: PortalOverview; now: Date }): VNode | null {
  if (overview.fundings.length === 0) return null;
  const drawnByOffer = new Map<string, number>();
  for (const f of overview.fundings) drawnByOffer.set(f.offer_id, (drawnByOffer.get(f.offer_id) ?? 0) + f.amount_pence);
  const fundedOffers = overview.offers.filter((o) => drawnByOffer.has(o.id));
  return html`<h2>Funds drawn</h2>
    <${TableWrap} label="Funds drawn">
      <table class="responsive">
        <caption class="visually-hidden">Funds drawn</caption>
        <thead><tr><th scope="col">Date</th><th scope="col">Loan</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Fee</th></tr></thead>
        <tbody>
          ${overview.fundings.map((f) => {
            const offer = overview.offers.find((o) => o.id === f.offer_id);
            return html`<tr><td>${formatDate(f.created_at)}</td><td data-label="Loan">${offer ? PRODUCT_NAMES[offer.product_type] : ''}</td><td class="num" data-label="Amount">${formatGbp(f.amount_pence)}</td><td class="num" data-label="Fee">${formatGbp(f.fee_pence)}</td></tr>`;
          })}
        </tbody>
      </table>
    </${TableWrap}>
    <p><a href="/portal/loans">See your loans: what you owe and when</a></p>
    ${fundedOffers.map((offer) => html`<${DrawMore} offer=${offer} drawnPence=${drawnByOffer.get(offer.id) ?? 0} overview=${overview} now=${now} />`)}`;
}

/**
 * A funded application's words promise more to draw "until it expires": once no funded offer can be
 * drawn from on the customer's today (expired, or drawn down), they say the funds were paid instead.
 */
function withDrawWords(words: (typeof STATUS_WORDS)[keyof typeof STATUS_WORDS], overview: PortalOverview, now: Date) {
  if (overview.application?.status !== 'funded') return words;
  const drawn = new Map<string, number>();
  for (const f of overview.fundings) drawn.set(f.offer_id, (drawn.get(f.offer_id) ?? 0) + f.amount_pence);
  const open = overview.offers.some((o) => drawn.has(o.id) && drawAvailability(o, 'funded', drawn.get(o.id) ?? 0, now).kind === 'open');
  return open ? words : { ...words, explanation: 'The funds have been paid to your business. See your loans for what you repay and when.' };
}

/** What a pre-approved customer can draw (section 21), with the way to draw it. */
export interface PreApprovalSummary {
  availablePence: number;
  expiresAt: Date;
}

function PreApprovalBanner({ preApproval }: { preApproval: PreApprovalSummary | null }): VNode | null {
  if (!preApproval || preApproval.availablePence <= 0) return null;
  return html`<div class="notice good" role="status" id="pre-approval-banner">
    <p>You are pre-approved: you can draw up to <strong>${formatGbp(preApproval.availablePence)}</strong> without a new application, until ${formatDate(preApproval.expiresAt)}.</p>
    <p><a href="/portal/pre-approval">See your pre-approval and draw funds</a></p>
  </div>`;
}

export function overviewPage(chrome: Chrome, overview: PortalOverview, now: Date, notice: string | null, preApproval: PreApprovalSummary | null = null): VNode {
  const { application, customer } = overview;
  const company = customer.company.registered_company_name;
  if (!application) {
    return html`<${Page} chrome=${chrome} title="Your application">
      <h1>Your application</h1>
      <${PreApprovalBanner} preApproval=${preApproval} />
      <p class="lead">We do not have an application for ${yourCompany(company)} yet. Your broker will start one with us.</p>
    </${Page}>`;
  }
  const words = withDrawWords(STATUS_WORDS[application.status], overview, now);
  const confirmed = overview.offers.filter((o) => o.offer_type === 'confirmed');
  const indicative = overview.offers.filter((o) => o.offer_type === 'indicative');
  const showOffers =
    application.status === 'offered' || application.status === 'funded' || application.status === 'expired' || application.status === 'offer_revoked';
  return html`<${Page} chrome=${chrome} title="Your application">
    <h1>Your application${company ? html` <span class="muted">for ${company}</span>` : null}</h1>
    ${notice ? html`<div class="notice good" role="status"><p>${notice}</p></div>` : null}
    <${PreApprovalBanner} preApproval=${preApproval} />
    <section class="card" aria-labelledby="status-heading">
      <h2 id="status-heading" class="visually-hidden">Status</h2>
      <p><strong class="status" data-status=${application.status} data-tone=${words.tone}>${words.headline}</strong></p>
      <p>${words.explanation}</p>
      <dl class="facts">
        <dt>Amount requested</dt><dd>${formatGbp(application.amount_pence)}</dd>
        <dt>Applied on</dt><dd>${formatDate(application.created_at)}</dd>
      </dl>
    </section>
    ${
      overview.requirements.length > 0
        ? html`<h2>What we still need</h2>
          <ul class="checklist">
            ${overview.requirements.flatMap((r) =>
              r.actions.map((a) => {
                const action = requirementAction(a.name);
                return html`<li data-requirement=${a.name}><a href=${action.href}>${action.text}</a></li>`;
              }),
            )}
          </ul>`
        : null
    }
    ${
      showOffers && confirmed.length > 0
        ? html`<h2>Your offers</h2>
          <div class="offer-grid">${confirmed.map((o) => html`<${OfferCard} offer=${o} now=${now} />`)}</div>`
        : null
    }
    ${
      indicative.length > 0 && !showOffers
        ? html`<h2>Your indicative offer</h2>
          <p>Based on what your broker told us, this is what we could offer. It becomes a firm offer once we have decided on your application.</p>
          <div class="offer-grid">${indicative.map((o) => html`<${OfferCard} offer=${o} now=${now} />`)}</div>`
        : null
    }
    <${Fundings} overview=${overview} now=${now} />
  </${Page}>`;
}
