import { Type } from 'typebox';
import { CONTACT_ENTITIES } from './application.ts';
import { Closed, Data, IsoDate, IsoDateTime, Money, StringEnum, Uuid } from './common.ts';
import { PaidTo } from './funding-accounts.ts';

export const PRODUCT_TYPES = ['flexi_loan', 'business_loan'] as const;

const DataRequirement = Type.Object({
  category: Type.String(),
  actions: Type.Array(Type.Object({ name: Type.String() })),
});

export const OfferView = Type.Object({
  offer_id: Uuid,
  offer_type: StringEnum(['indicative', 'confirmed'] as const),
  product_type: StringEnum(PRODUCT_TYPES),
  max_amount: Type.Number(),
  monthly_interest_percentage: Type.Number(),
  fee_percentage: Type.Number(),
  duration: Type.Object({ amount: Type.Integer(), unit: Type.Literal('days') }),
  duration_in_days: Type.Integer(),
  is_suggested: Type.Boolean(),
  status: StringEnum(['available', 'selected', 'funded', 'expired', 'revoked'] as const),
  expires_at: IsoDateTime,
  data_requirements: Type.Array(DataRequirement),
  apr: Type.Optional(
    Type.Number({
      minimum: 0,
      description:
        'The annual percentage rate of charge (CONC App 1.2, docs/behaviour.md, section 23), percent to one decimal place, of the whole max_amount; on confirmed offers only',
    }),
  ),
});

export const OffersResponse = Data(
  Type.Object({
    offer_creation_status: StringEnum(['offers_available', 'action_required', 'pending_underwriting', 'no_offers'] as const),
    offers: Type.Array(OfferView),
    data_requirements: Type.Array(DataRequirement, {
      description: 'What the decision is waiting for when offer_creation_status is action_required (our addition).',
    }),
  }),
);

export const SelectOfferBody = Data(Closed({ entity_to_contact: StringEnum(CONTACT_ENTITIES) }), { $id: 'SelectOfferBody' });
export const LoginLinkResponse = Data(Type.Object({ login_link: Type.String({ format: 'uri' }) }));
export const SelectOfferResponse = Data(Type.Object({ login_link: Type.Optional(Type.String({ format: 'uri' })) }));

export const ScheduleQuery = Type.Object({
  amount: Type.Optional(Type.String({ description: 'Amount drawn down, GBP with at most two decimals; defaults to max_amount' })),
  pay_off_early_on: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD' })),
});

const Money2 = Type.Number();
export const ScheduleResponse = Data(
  Type.Object({
    amount_borrowed: Money2,
    amount_saved_by_repaying_early: Money2,
    apr: Type.Number({
      minimum: 0,
      description:
        'The annual percentage rate of charge (CONC App 1.2, docs/behaviour.md, section 23), percent to one decimal place, for the amount asked, of the schedule without an early payoff',
    }),
    fee_percentage: Type.Number(),
    monthly_interest_percentage: Type.Number(),
    repayments: Type.Array(
      Type.Object({
        amount: Money2,
        date: IsoDate,
        breakdown: Type.Object({ fees: Money2, interest: Money2, principal: Money2 }),
      }),
    ),
    total_payable: Money2,
    total_payable_breakdown: Type.Object({ total_fees: Money2, total_interest: Money2, total_principal: Money2 }),
  }),
);

export const FundingView = Type.Object({
  funding_id: Uuid,
  offer_id: Uuid,
  application_id: Type.Union([Uuid, Type.Null()]),
  customer_id: Uuid,
  funding_amount: Type.Number(),
  funding_fee_amount: Type.Number(),
  funding_created_at: IsoDateTime,
  offer_max_amount: Type.Number(),
  paid_to: PaidTo,
});

export const FundingBody = Closed({ amount: Money({ exclusiveMinimum: 0, maximum: 1_000_000 }) });

export const OfferTermsInput = Closed({
  product_type: StringEnum(PRODUCT_TYPES),
  max_amount: Money({ exclusiveMinimum: 0, maximum: 1_000_000 }),
  monthly_interest_percentage: Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 }),
  fee_percentage: Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 }),
  duration_in_days: Type.Integer({ minimum: 1, maximum: 3650 }),
});

export const OfferIdParams = Type.Object({ offer_id: Type.String() });
export const ApplicationIdParams = Type.Object({ application_id: Type.String() });
