/** What drawdowns recorded about the Consumer Credit Act (docs/behaviour.md, section 23). */
import type { AcknowledgementKind, DrawdownChannel } from '../domain/credit-regulation.ts';
import type { Queryable } from './db.ts';

export interface CreditAcknowledgementRow {
  id: string;
  offer_id: string;
  funding_id: string;
  kind: AcknowledgementKind;
  given_through: DrawdownChannel;
  recorded_at: Date;
}

export async function insertCreditAcknowledgement(
  db: Queryable,
  a: { id: string; offerId: string; fundingId: string; kind: AcknowledgementKind; givenThrough: DrawdownChannel; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO credit_acknowledgements (id, offer_id, funding_id, kind, given_through, recorded_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [a.id, a.offerId, a.fundingId, a.kind, a.givenThrough, a.now],
  );
}

/** An offer's acknowledgements, oldest first. */
export async function listOfferAcknowledgements(db: Queryable, offerId: string): Promise<CreditAcknowledgementRow[]> {
  const { rows } = await db.query<CreditAcknowledgementRow>(
    `SELECT id, offer_id, funding_id, kind, given_through, recorded_at
       FROM credit_acknowledgements WHERE offer_id = $1 ORDER BY recorded_at, id`,
    [offerId],
  );
  return rows;
}
