import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Closed, StringEnum } from '../../../schemas/common.ts';
import { IdParams } from '../../../schemas/admin.ts';
import { ADMIN_TOKEN_ACTOR } from '../../../services/audit.ts';
import { boReviewDocument } from '../../../services/back-office.ts';
import { idParam } from '../../../domain/ids.ts';

const ReviewBody = Closed({
  status: StringEnum(['accepted', 'rejected'] as const),
  reject_reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
});

/** The operator overrides a document's processing outcome. */
export const adminDocumentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/documents/:id/review', { schema: { params: IdParams, body: ReviewBody } }, async (request) => {
    const document = await boReviewDocument(
      app.ctx,
      ADMIN_TOKEN_ACTOR,
      idParam(request.params.id, 'document'),
      request.body.status,
      request.body.reject_reason ?? null,
    );
    return {
      data: {
        document_id: document.id,
        customer_id: document.customer_id,
        status: document.status,
        reject_reason: document.reject_reason,
        bank_account_id: document.bank_account_id,
      },
    };
  });
};
