/** Error details that tell a first-time user what to do instead (issue 12, item 12). */
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../../src/domain/document-types.ts';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { expectError } from '../helpers/foundation.ts';
import { json, statement, upload } from '../helpers/files.ts';

describe.each(BACKENDS)('error messages on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  describe('item 12: messages a first-time user can act on', () => {
    it('lists the accepted document types for a bad document_type', async () => {
      const customerId = await createCustomer(partner);
      const res = await upload(t, partner, customerId, 'bank statements', { filename: 's.json', content: json(statement()) });
      const [error] = expectError(res, 400, 'ValidationError');
      expect(error.source).toEqual({ parameter: 'document_type' });
      for (const type of DOCUMENT_TYPES) expect(error.detail).toContain(type);
    });

    it('names ALLOW_PRIVATE_WEBHOOK_URLS when refusing a loopback webhook URL', async () => {
      const res = await partner.request('PUT', '/webhooks/configuration/', { data: { url: 'http://127.0.0.1:9999/hooks' } });
      expect(expectError(res, 400, 'ValidationError')[0].detail).toContain('ALLOW_PRIVATE_WEBHOOK_URLS');
    });
  });
});
