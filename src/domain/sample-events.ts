/**
 * Realistic sample payloads for POST /sandbox/webhooks/test: the same shapes as real events
 * (contract section 13), with fresh ids and the current time.
 */
import { randomUUID } from 'node:crypto';
import { addMonths, londonToday } from './dates.ts';
import type { EventType } from './event-types.ts';

export function sampleEvent(type: EventType, now: Date): Record<string, unknown> {
  const at = now.toISOString();
  const ids = { application_id: randomUUID(), customer_id: randomUUID(), external_customer_id: 'sample-customer-001' };
  const offer = {
    offer_id: randomUUID(),
    product_type: 'flexi_loan',
    max_amount: 25000,
    monthly_interest_percentage: 3,
    fee_percentage: 0,
    duration_in_days: 365,
  };
  switch (type) {
    case 'application_attributed':
      return { ...ids, amount: 25000, is_topup: false, attributed_at: at };
    case 'application_status_changed':
      return { ...ids, previous_status: 'open', status: 'offered', changed_at: at };
    case 'application_offered':
      return { ...ids, offers: [offer], offered_at: at };
    case 'application_declined':
      return { ...ids, declined_at: at, can_reapply_from: addMonths(londonToday(now), 3) };
    case 'application_deferred':
      return { ...ids, deferred_at: at };
    case 'indicative_offer_created':
      return {
        customer_id: ids.customer_id,
        external_customer_id: ids.external_customer_id,
        offer_id: offer.offer_id,
        max_amount: 20000,
        monthly_interest_percentage: 3,
        fee_percentage: 0,
        duration_in_days: 365,
        created_at: at,
      };
    case 'customer_funded':
      return { ...ids, offer_id: offer.offer_id, funding_id: randomUUID(), funding_amount: 10000, funded_at: at };
    case 'funding_created_202607':
      return {
        ...ids,
        funding_amount: 10000,
        funding_created_at: at,
        funding_fee_amount: 0,
        funding_id: randomUUID(),
        offer_duration_in_days: 365,
        offer_fee_percentage: 0,
        offer_id: offer.offer_id,
        offer_max_amount: 25000,
        offer_monthly_interest_percentage: 3,
      };
    case 'prequalification_202505': {
      const expires = new Date(now.getTime() + 30 * 86_400_000).toISOString();
      return {
        prequalification_data_id: randomUUID(),
        quotes: [
          {
            external_customer_id: ids.external_customer_id,
            correlation_id: randomUUID(),
            prequalified: true,
            max_amount: 20000,
            monthly_interest_percentage: 3,
            fee_percentage: 0,
            duration_in_days: 365,
            expires_at: expires,
            reason: null,
          },
        ],
      };
    }
    case 'prequalification_data_file_processed_202510':
      return { prequalification_data_id: randomUUID() };
  }
}
