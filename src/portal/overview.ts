import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toPence } from '../domain/money.ts';
import { checkCompanyFinancials, portalCustomer, portalOverview, updateCompanyFinancials, type CompanyFinancials } from '../services/portal.ts';
import { penceToInput } from '../web/format.ts';
import { preApprovalStatus } from '../domain/pre-approvals.ts';
import { customerPreApproval } from '../services/portal-funding.ts';
import { fieldErrorsFrom, formValues, readDate, readMoney, type FieldErrors } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { portalChrome, portalContext, portalScope } from './context.ts';
import { companyPage, type CompanyForm } from './views/company.ts';
import { overviewPage } from './views/overview.ts';

const FIELD_OF_POINTER = { '/turnover': 'turnover', '/profit': 'profit', '/trading_from_date': 'trading_from_date' };

const NOTICES = {
  company: 'Thank you: your company details are saved.',
};

/** The application page (which decides an open application) and the company details form. */
export const portalOverviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', { schema: { querystring: Type.Object({ saved: NoticeQuery(NOTICES) }) } }, async (request, reply) => {
    const scope = portalScope(request);
    const overview = await portalOverview(portalContext(request), scope);
    const notice = request.query.saved ? NOTICES[request.query.saved] : null;
    const pre = await customerPreApproval(portalContext(request), scope);
    const open =
      pre && preApprovalStatus({ offerType: pre.offer.offer_type, status: pre.offer.status, expiresAt: pre.offer.expires_at }, portalContext(request).now());
    const preApproval =
      pre && (open === 'available' || open === 'funded')
        ? { availablePence: pre.offer.max_amount_pence - pre.drawnPence, expiresAt: pre.offer.expires_at }
        : null;
    return reply.page(200, overviewPage(portalChrome(request, reply, '/portal/'), overview, portalContext(request).now(), notice, preApproval));
  });

  app.get('/company', async (request, reply) => {
    const scope = portalScope(request);
    const { company } = await portalCustomer(portalContext(request), scope);
    const form: CompanyForm = {
      turnover: company.last_12_months_turnover?.amount !== undefined ? penceToInput(toPence(company.last_12_months_turnover.amount)) : '',
      profit: company.last_12_months_profit?.amount !== undefined ? penceToInput(toPence(company.last_12_months_profit.amount)) : '',
      trading_from_date: company.trading_from_date ?? '',
    };
    return reply.page(200, companyPage(portalChrome(request, reply, '/portal/company'), reply.generateCsrf(), company.registered_company_name, form, {}));
  });

  app.post('/company', async (request, reply) => {
    const scope = portalScope(request);
    const sent = formValues(request.body);
    const form: CompanyForm = { turnover: sent.turnover ?? '', profit: sent.profit ?? '', trading_from_date: sent.trading_from_date ?? '' };
    const turnover = readMoney(form.turnover, 'annual turnover', { required: true });
    const profit = readMoney(form.profit, 'annual profit', { allowNegative: true });
    const trading = readDate(form.trading_from_date, 'the date your company started trading');
    const values = { turnoverPence: turnover.pence, profitPence: profit.pence, tradingFromDate: trading.date };
    // Every problem at once: what could not be read, then the rules on what could.
    const errors: FieldErrors = fieldErrorsFrom(checkCompanyFinancials(values, portalContext(request).now()), FIELD_OF_POINTER, 'turnover');
    if (turnover.error) errors.turnover = turnover.error;
    if (profit.error) errors.profit = profit.error;
    if (trading.error) errors.trading_from_date = trading.error;
    if (Object.keys(errors).length === 0) {
      await updateCompanyFinancials(portalContext(request), scope, values as CompanyFinancials);
      return reply.redirect('/portal/?saved=company', 303);
    }
    const customer = await portalCustomer(portalContext(request), scope);
    return reply.page(
      400,
      companyPage(portalChrome(request, reply, '/portal/company'), reply.generateCsrf(), customer.company.registered_company_name, form, errors),
    );
  });
};
