import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../schemas/admin.ts';
import { CollectionBody } from '../../../schemas/loans.ts';
import { ADMIN_TOKEN_ACTOR } from '../../../services/audit.ts';
import { boRecordCollection } from '../../../services/loan-back-office.ts';
import { loanView, today } from '../../../services/loans.ts';
import { customerContext } from '../../../services/customer-time.ts';
import { idParam } from '../../../domain/ids.ts';

/** Direct Debit outcomes, as a bank report importer or an operator records them (audited). */
export const adminLoanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/loans/:id/collections', { schema: { params: IdParams, body: CollectionBody } }, async (request) => {
    const { due_date, outcome, collected_on } = request.body;
    const loanId = idParam(request.params.id, 'loan');
    const ctx = await customerContext(app.ctx, 'loan', loanId);
    const loan = await boRecordCollection(ctx, ADMIN_TOKEN_ACTOR, loanId, {
      dueDate: due_date,
      outcome,
      collectedOn: collected_on ?? null,
    });
    return { data: loanView(loan, today(ctx)) };
  });
};
