/**
 * The newest of the big partner's customers, made through the services as the API makes them
 * (`npm run bench -- scale`, docs/behaviour.md section 27): each customer created
 * (createCustomer), given an application (createApplication) and its offers (getOffers, the first
 * offers call, which decides). They come after the bulk rows of bench/scale-data.ts and after the
 * statistics were taken, as customers made between two runs of autoanalyze are. Their company names
 * are made of the same words as the bulk rows', so a common word (about 5% of customers) finds them
 * too.
 */
import { createApplication } from '../src/services/applications.ts';
import type { ServiceContext } from '../src/services/context.ts';
import { createCustomer } from '../src/services/customers.ts';
import { getOffers } from '../src/services/offers.ts';
import type { CustomerDetailsData } from '../src/schemas/customer.ts';
import { WORDS } from './scale-data.ts';

export interface MadeThroughServices {
  customerId: string;
  applicationId: string;
}

/** Customers numbered `from` to `to` of the tenant (`tag` makes their emails and external ids its own), one at a time; answers the last. */
export async function growThroughServices(
  ctx: ServiceContext,
  tenant: { partnerId: string; environment: 'sandbox' | 'production' },
  tag: string,
  from: number,
  to: number,
): Promise<MadeThroughServices> {
  let last: MadeThroughServices | null = null;
  for (let i = from; i < to; i++) {
    const name = `${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 13 + Math.floor(i / 40)) % WORDS.length]} Ltd`;
    const details = {
      external_customer_id: `${tag}-${i}`,
      company: {
        registered_company_name: name,
        company_number: String(10_000_000 + i),
        type: 'limited_liability_company',
        trading_from_date: '2019-03-01',
        last_12_months_turnover: { amount: 250_000, valid_from: '2026-01-01T00:00:00Z' },
      },
      people: [
        {
          first_name: 'Person',
          last_name: WORDS[i % WORDS.length],
          date_of_birth: '1980-01-01',
          roles: ['applicant', 'director', 'guarantor'],
          emails: [{ email: `person${i}@${tag}.example`, type: 'primary' }],
        },
      ],
    } as unknown as CustomerDetailsData;
    const customerId = await createCustomer(ctx, tenant, details);
    const application = await createApplication(ctx, tenant, customerId, { amount: 25_000 });
    await getOffers(ctx, tenant, application.id);
    last = { customerId, applicationId: application.id };
  }
  if (!last) throw new Error('growThroughServices: no customers asked for');
  return last;
}
