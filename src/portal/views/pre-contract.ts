import { preContractInformation, type PreContractInput } from '../../domain/pre-contract.ts';
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { Page, type Chrome } from '../../web/layout.ts';
import { ScheduleTable } from '../../web/schedule-table.ts';

export interface PreContractModel {
  offerId: string;
  /** Null when the amount asked is not valid (then only the form shows, with its error). */
  information: PreContractInput | null;
  amountInput: string;
  errors: FieldErrors;
  /** Whether the customer can draw from the offer now (the page then links to the drawdown). */
  drawable: boolean;
}

/** The pre-contract credit information of a regulated offer (docs/behaviour.md, section 23). */
export function preContractPage(chrome: Chrome, m: PreContractModel): VNode {
  const pdfHref = `/portal/offers/${m.offerId}/pre-contract.pdf?amount=${encodeURIComponent(m.amountInput)}`;
  return html`<${Page} chrome=${chrome} title="Pre-contract information">
    <p><a href=${`/portal/offers/${m.offerId}`}>Back to the offer</a></p>
    <h1>Pre-contract information</h1>
    <p>Before you draw funds, the law asks us to tell you the key facts of this credit and what they mean for you. Please read them all.</p>
    <${ErrorSummary} errors=${m.errors} />
    <form method="get" action=${`/portal/offers/${m.offerId}/pre-contract`} class="stack">
      <${Field} name="amount" label="Amount (£)" hint="The figures below are for this amount drawn today" value=${m.amountInput} error=${m.errors.amount} inputmode="decimal" />
      <div><button type="submit" class="secondary">Show for this amount</button></div>
    </form>
    ${
      m.information
        ? html`${preContractInformation(m.information).map(
            (section) => html`<section class="card" aria-labelledby=${`pc-${section.id}`} data-section=${section.id}>
              <h2 id=${`pc-${section.id}`}>${section.heading}</h2>
              <dl class="facts">
                ${section.facts.map((fact) => html`<dt>${fact.label}</dt><dd data-fact=${fact.key}>${fact.value}</dd>`)}
              </dl>
              ${section.id === 'repayments' ? html`<${ScheduleTable} schedule=${m.information?.schedule} />` : null}
              ${section.explanation.map((paragraph) => html`<p>${paragraph}</p>`)}
            </section>`,
          )}
          <p><a href=${pdfHref} download>Download pre-contract information (PDF)</a></p>`
        : null
    }
    ${m.drawable ? html`<p><a class="button" href=${`/portal/offers/${m.offerId}/drawdown`}>Draw funds</a></p>` : null}
  </${Page}>`;
}
