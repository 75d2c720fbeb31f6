/**
 * A decision on the console's application page, in words (docs/behaviour.md, "Words, not
 * internals"): who decided and when, the outcome as a sentence, the offers as a table, and the
 * policy's inputs as labelled rows ("Yes"/"No", money, "29 December 2026").
 */
import { codeAsWords, DECIDED_BY_WORDS, OUTCOME_WORDS, reasonWords, REQUIREMENT_WORDS, wordsFor } from '../../domain/decision-words.ts';
import { countOf, formatDate, formatDateTime, formatDuration, formatGbp, formatOfferApr, formatPercent, PRODUCT_NAMES } from '../../web/format.ts';
import { html, type VNode } from '../../web/html.ts';
import { TableWrap } from '../../web/layout.ts';

export interface DecisionRow {
  created_at: Date;
  decided_by: string;
  policy: string | null;
  inputs: unknown;
  outcome: unknown;
}

/** An offer's terms as a decision records them. */
interface TermsJson {
  productType?: string;
  maxAmountPence?: number;
  monthlyRateBp?: number;
  feeBp?: number;
  durationDays?: number;
  isSuggested?: boolean;
}

type Shown = (value: unknown) => string;

const money: Shown = (v) => (typeof v === 'number' ? formatGbp(v) : 'not given');
const day: Shown = (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : 'not given');
const yesNo: Shown = (v) => (v === true ? 'Yes' : v === false ? 'No' : 'not given');
const days: Shown = (v) => (typeof v === 'number' ? formatDuration(v) : 'not given');

/** The policy's inputs (src/domain/decision-policy.ts, DecisionInputs), each with its label and its words. */
const INPUTS: Record<string, [string, Shown]> = {
  today: ['Decided on', day],
  amountPence: ['Amount asked for', money],
  turnoverPence: ['Turnover (12 months)', money],
  profitPence: ['Profit (12 months)', money],
  tradingFromDate: ['Trading since', day],
  applicantDateOfBirth: ['Applicant’s date of birth', day],
  hasAcceptedBankStatement: ['Accepted bank statement', yesNo],
  firstRequestDurationDays: ['Duration asked for', days],
};

/** Any other value in words: a key's name split into words, a value by its kind (never JSON). */
function anyValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return 'not given';
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return key.endsWith('Pence') ? formatGbp(value) : value.toLocaleString('en-GB');
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}/.test(value) ? formatDate(value.length > 10 ? new Date(value) : value) : codeAsWords(value);
  if (Array.isArray(value)) return value.map((v) => anyValue('', v)).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${keyWords(k)}: ${anyValue(k, v)}`)
    .join('; ');
}

function keyWords(key: string): string {
  return codeAsWords(
    key
      .replace(/Pence$|Bp$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase(),
  );
}

function inputRows(inputs: Record<string, unknown>): [string, string][] {
  return Object.entries(inputs).map(([key, value]) => {
    const known = INPUTS[key];
    return known ? [known[0], known[1](value)] : [keyWords(key), anyValue(key, value)];
  });
}

function Rows({ rows }: { rows: [string, string][] }): VNode {
  return html`<dl class="facts">${rows.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>`;
}

/** The offers a decision made: product, limit, interest, fee, APR and term; the suggested one marked. */
export function DecisionOffers({ offers, caption }: { offers: TermsJson[]; caption: string }): VNode {
  return html`<${TableWrap} label=${caption}>
    <table class="dense responsive">
      <caption>${caption}</caption>
      <thead><tr><th scope="col">Product</th><th scope="col" class="num">Up to</th><th scope="col" class="num">Interest a month</th><th scope="col" class="num">Fee</th><th scope="col" class="num">APR</th><th scope="col">Term</th></tr></thead>
      <tbody>
        ${offers.map((o) => {
          const complete = [o.maxAmountPence, o.monthlyRateBp, o.feeBp, o.durationDays].every((n) => typeof n === 'number');
          const terms = {
            max_amount_pence: o.maxAmountPence ?? 0,
            monthly_rate_bp: o.monthlyRateBp ?? 0,
            fee_bp: o.feeBp ?? 0,
            duration_days: o.durationDays ?? 0,
          };
          return html`<tr>
            <td>${PRODUCT_NAMES[o.productType as keyof typeof PRODUCT_NAMES] ?? codeAsWords(String(o.productType ?? 'offer'))}${o.isSuggested ? html` <span class="small muted">(suggested)</span>` : null}</td>
            <td class="num" data-label="Up to">${money(o.maxAmountPence)}</td>
            <td class="num" data-label="Interest a month">${typeof o.monthlyRateBp === 'number' ? formatPercent(o.monthlyRateBp) : '—'}</td>
            <td class="num" data-label="Fee">${typeof o.feeBp === 'number' ? formatPercent(o.feeBp) : '—'}</td>
            <td class="num" data-label="APR">${complete ? formatOfferApr(terms) : '—'}</td>
            <td data-label="Term">${typeof o.durationDays === 'number' ? countOf(o.durationDays, 'day') : '—'}</td>
          </tr>`;
        })}
      </tbody>
    </table>
  </${TableWrap}>`;
}

/** The outcome as a sentence, with the reason, what the customer is asked for, or the limit. */
function outcomeSentence(outcome: Record<string, unknown>): string {
  const kind = String(outcome.outcome ?? '');
  const rule = typeof outcome.rule === 'number' ? ` (policy rule ${outcome.rule})` : '';
  if (kind === 'offered') {
    const limit = typeof outcome.limitPence === 'number' ? ` with a credit limit of ${formatGbp(outcome.limitPence)}` : '';
    return `Offered${limit}${rule}.`;
  }
  const reason = typeof outcome.reason === 'string' && outcome.reason ? ` ${reasonWords(outcome.reason)}` : '';
  const requirements = Array.isArray(outcome.requirements)
    ? (outcome.requirements as { actions?: { name: string }[] }[]).flatMap((r) =>
        (r.actions ?? []).map((a) => wordsFor(REQUIREMENT_WORDS, a.name).toLowerCase()),
      )
    : [];
  const asked = requirements.length ? ` The customer is asked for ${requirements.join(', ')}.` : '';
  return `${wordsFor(OUTCOME_WORDS, kind)}${rule}.${reason}${asked}`;
}

/** Anything else an outcome holds (none of the policy's today), in words. */
function otherOutcomeRows(outcome: Record<string, unknown>): [string, string][] {
  const shown = new Set(['outcome', 'rule', 'reason', 'requirements', 'limitPence', 'offers']);
  return Object.entries(outcome)
    .filter(([k]) => !shown.has(k))
    .map(([k, v]) => [keyWords(k), anyValue(k, v)]);
}

export function Decision({ d }: { d: DecisionRow }): VNode {
  const outcome = (d.outcome ?? {}) as Record<string, unknown>;
  const by = wordsFor(DECIDED_BY_WORDS, d.decided_by);
  const offers = Array.isArray(outcome.offers) ? (outcome.offers as TermsJson[]) : [];
  const others = otherOutcomeRows(outcome);
  return html`<div class="decision">
    <h3>${wordsFor(OUTCOME_WORDS, String(outcome.outcome ?? 'decision'))} by ${by}${d.policy ? ` “${d.policy}”` : ''}, ${formatDateTime(d.created_at)}</h3>
    <p>${outcomeSentence(outcome)}</p>
    ${offers.length ? html`<${DecisionOffers} offers=${offers} caption="Offers of this decision" />` : null}
    ${others.length ? html`<${Rows} rows=${others} />` : null}
    ${d.inputs ? html`<p class="small muted">What the policy read</p><${Rows} rows=${inputRows(d.inputs as Record<string, unknown>)} />` : null}
  </div>`;
}
