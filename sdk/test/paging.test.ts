/**
 * The SDK's paged lists (docs/behaviour.md, section 27): `limit` and `cursor` on each list, and
 * `pages` / `eachItem` following `meta.next_cursor` to the last page, against a real server.
 */
import { describe, expect, it } from 'vitest';
import { customerBody, usePartner } from '../../test/helpers/app.ts';
import { BACKENDS } from '../../test/helpers/db.ts';
import { useWebServer } from '../../test/helpers/browser.ts';
import { eachItem, LendingClient, LendingValidationError, pages } from '../src/index.ts';

/** Every value an async iterable yields. */
async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const values: T[] = [];
  for await (const value of iterable) values.push(value);
  return values;
}

describe('following pages', () => {
  it('reads page after page until next_cursor is null, and only as far as asked', async () => {
    const asked: (string | undefined)[] = [];
    const read = async (cursor: string | undefined) => {
      asked.push(cursor);
      const at = Number(cursor ?? 0);
      return { data: [at, at + 1], meta: { next_cursor: at < 4 ? String(at + 2) : null } };
    };
    expect(await collect(eachItem(read, (page) => page.data))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, '2', '4']);
    asked.length = 0;
    for await (const page of pages(read, '2')) {
      expect(page.data).toEqual([2, 3]);
      break;
    }
    expect(asked).toEqual(['2']);
  });
});

describe.each(BACKENDS)('the SDK’s paged lists on %s', (backend) => {
  const server = useWebServer(backend);
  const partner = usePartner(server);

  it('pages the request log and a customer’s documents with limit and cursor', async () => {
    const client = new LendingClient({ token: partner.token, baseUrl: server.base });
    const created = await client.createCustomer(customerBody({ external_customer_id: `sdk-paging-${backend}` }) as never);
    for (let i = 0; i < 4; i++) await client.authenticationCheck();
    const first = await client.listRequestLog({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.meta.next_cursor).not.toBeNull();
    const second = await client.listRequestLog({ limit: 2, cursor: first.meta.next_cursor as string });
    expect(second.data.map((e) => e.request_id)).not.toContain(first.data[0].request_id);
    const all = await collect(
      eachItem(
        (cursor) => client.listRequestLog({ limit: 2, cursor }),
        (page) => page.data,
      ),
    );
    expect(all.filter((e) => e.path.endsWith('/authentication_check/'))).toHaveLength(4);
    const documents = await client.listDocuments(created.data.customer_id, { limit: 5 });
    expect(documents).toEqual({ data: [], included: [], meta: { next_cursor: null, previous_cursor: null } });
    const refused = await client.listRequestLog({ cursor: 'not-a-cursor' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LendingValidationError);
    expect((refused as LendingValidationError).errors[0].source).toEqual({ parameter: 'cursor' });
  });
});
