/**
 * Finding a customer (docs/behaviour.md, sections 19 and 27): "Search" across every partner's
 * customers, 50 a page, newest first; a whole id of a customer or of one of its records opens that
 * record's page at once.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findCustomers, recordNamed, SEARCH_MAX_LENGTH, type RecordFound } from '../services/customer-search.ts';
import { attempt } from '../web/attempt.ts';
import { consoleChrome, signedIn } from './context.ts';
import { ListCursor, readListPage } from './list-page.ts';
import { customersPage } from './views/customers.ts';

const SearchQuery = Type.Object({
  // Any text: the service refuses one too long in words, rather than the page dropping it.
  q: Type.Optional(Type.String()),
  cursor: ListCursor,
});

/** A search too long is shown beside the box (400), with nothing searched. */
const TOO_LONG = {
  ValidationError: () => ({ errors: { q: `Search for at most ${SEARCH_MAX_LENGTH} characters: part of a name, a number, an email, a phone number or an id` } }),
};

/**
 * The console page of the record a whole id names: its own page, or the page that shows it (an
 * offer on its application's, or the customer's for a pre-approval's; a funding on its loan's,
 * which shares its id, or while it has none, on its application's or customer's).
 */
export function recordPath(record: RecordFound & { id: string }): string {
  const onItsApplication = record.application_id ? `/console/applications/${record.application_id}` : `/console/customers/${record.customer_id}`;
  switch (record.kind) {
    case 'customer':
      return `/console/customers/${record.id}`;
    case 'application':
      return `/console/applications/${record.id}`;
    case 'loan':
      return `/console/loans/${record.id}`;
    case 'document':
      return `/console/documents/${record.id}`;
    case 'offer':
    case 'funding':
      return onItsApplication;
  }
}

export const consoleCustomerSearchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/customers', { schema: { querystring: SearchQuery } }, async (request, reply) => {
    signedIn(request);
    const q = request.query.q ?? '';
    const chrome = () => consoleChrome(request, reply, '/console/customers');
    const named = await attempt(() => recordNamed(app.ctx, q), TOO_LONG);
    if (!named.ok) return reply.page(named.refusal.status, customersPage(chrome(), { q, errors: named.refusal.errors, found: null, refused: null }));
    if (named.value) return reply.redirect(recordPath(named.value), 303);
    const search = { q, partnerId: null, environment: null };
    const read = await readListPage(request.query.cursor, (page) => findCustomers(app.ctx, search, page));
    return reply.page(read.status, customersPage(chrome(), { q: q.trim(), errors: {}, found: read.page, refused: read.refused }));
  });
};
