import { CsrfField, Page, type Chrome } from '../../web/layout.ts';
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { yourCompany } from '../../domain/customer-name.ts';

export interface CompanyForm {
  turnover: string;
  profit: string;
  trading_from_date: string;
}

export function companyPage(chrome: Chrome, csrfToken: string, companyName: string | undefined, form: CompanyForm, errors: FieldErrors): VNode {
  return html`<${Page} chrome=${chrome} title="Company details">
    <h1>Company details</h1>
    <p>Tell us how ${yourCompany(companyName)} has been doing. We use these figures to decide how much we can lend.</p>
    <${ErrorSummary} errors=${errors} />
    <form method="post" action="/portal/company" class="stack" novalidate>
      <${CsrfField} token=${csrfToken} />
      <${Field} name="turnover" label="Annual turnover (£)" hint="Your sales over the last 12 months, before costs" value=${form.turnover} error=${errors.turnover} inputmode="decimal" required=${true} />
      <${Field} name="profit" label="Annual profit (£)" hint="Over the last 12 months; a loss as a minus number. Leave empty if you do not know" value=${form.profit} error=${errors.profit} inputmode="decimal" />
      <${Field} name="trading_from_date" label="Trading since" hint="The day your company started trading, for example 1 March 2019" type="date" value=${form.trading_from_date} error=${errors.trading_from_date} required=${true} />
      <div><button type="submit">Save company details</button></div>
    </form>
  </${Page}>`;
}
