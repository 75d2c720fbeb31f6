/**
 * The plans of the statements a service runs (docs/behaviour.md, section 27): a database wrapper
 * that, before each read it passes on, asks the database to EXPLAIN it with the same parameters,
 * with sequential scans turned off (`enable_seqscan = off`, for that transaction only). A planner
 * on a small test database may rightly prefer to read a small table whole; turned off, it still
 * reads a table whole when no index can serve the query, and that is what a list must never do.
 */
import type { Db, Transaction, Transactional } from '../../src/store/db.ts';

/** Tables that grow with customers, events, deliveries, loans or requests. */
export const GROWING_TABLES = new Set([
  'customers',
  'applications',
  'application_status_changes',
  'decisions',
  'offers',
  'fundings',
  'loans',
  'loan_repayments',
  'documents',
  'bank_accounts',
  'funding_accounts',
  'outbox_events',
  'webhook_deliveries',
  'request_log',
  'request_counts',
  'audit_log',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

export interface ExplainedQuery {
  sql: string;
  plan: PlanNode;
}

/** Nodes that pass rows on as they read them: a Limit above them stops the read. */
const STREAMING = new Set(['Limit', 'Nested Loop', 'Result', 'Subquery Scan', 'Append', 'Merge Append', 'Incremental Sort', 'Memoize', 'Merge Join']);

/**
 * What reads a growing table whole: a sequential scan, or an index scan with no condition that no
 * Limit stops (an index read end to end, under a sort, a hash or an aggregate).
 */
export function wholeTableReads(plan: PlanNode): string[] {
  const found: string[] = [];
  const visit = (node: PlanNode, ancestors: PlanNode[]) => {
    const table = node['Relation Name'];
    if (table && GROWING_TABLES.has(table)) {
      if (node['Node Type'] === 'Seq Scan') found.push(`Seq Scan on ${table}`);
      if ((node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan') && !node['Index Cond']) {
        const nearestStop = [...ancestors].reverse().find((a) => a['Node Type'] === 'Limit' || !STREAMING.has(a['Node Type']));
        if (nearestStop?.['Node Type'] !== 'Limit') {
          found.push(`${node['Node Type']} on ${table} using ${node['Index Name']} with no condition, under ${nearestStop?.['Node Type'] ?? 'nothing'}`);
        }
      }
    }
    for (const child of node.Plans ?? []) visit(child, [...ancestors, node]);
  };
  visit(plan, []);
  return found;
}

/** Every table read in the plan with the index it was read along (null: not along an index). */
export function tablesRead(plan: PlanNode): { table: string; index: string | null }[] {
  const found: { table: string; index: string | null }[] = [];
  const visit = (node: PlanNode) => {
    // A bitmap heap scan reads along the indexes of the bitmap index scans below it.
    const bitmaps = (n: PlanNode): string[] => [
      ...(n['Node Type'] === 'Bitmap Index Scan' ? [n['Index Name'] ?? ''] : []),
      ...(n.Plans ?? []).flatMap(bitmaps),
    ];
    const table = node['Relation Name'];
    if (table && node['Node Type'] === 'Bitmap Heap Scan') for (const index of bitmaps(node)) found.push({ table, index });
    else if (table) found.push({ table, index: node['Index Name'] ?? null });
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return found;
}

/** A parameter as an SQL literal of unknown type, for EXECUTE: the prepared statement gives it its type. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  if (value instanceof Date) return quote(value.toISOString());
  if (Array.isArray(value)) return quote(`{${value.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`);
  return quote(String(value));
}

/**
 * `db` as it is, that first EXPLAINs every SELECT (or WITH … SELECT) it runs into `explained`.
 * `generic`: as the generic plan a prepared statement takes after its fifth run (postgres.js
 * prepares every statement), made without the parameters' values (`plan_cache_mode =
 * force_generic_plan`), rather than a plan for the values.
 */
export function explaining(db: Db, explained: ExplainedQuery[], options: { generic?: boolean } = {}): Db {
  const isRead = (sql: string) => /^\s*(SELECT|WITH)\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE)\b/i.test(sql);
  // On the connection of the statement: a transaction's own (a savepoint), or a new one.
  const explain = async (on: Transactional, sql: string, params: readonly unknown[] = []) => {
    const plan = await on.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      if (options.generic) {
        await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
        await tx.query(`PREPARE explained_generic AS ${sql}`);
      }
      const { rows } = options.generic
        ? await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
            `EXPLAIN (FORMAT JSON) EXECUTE explained_generic${params.length > 0 ? `(${params.map(literal).join(', ')})` : ''}`,
          )
        : await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      if (options.generic) await tx.query('DEALLOCATE explained_generic');
      const json = rows[0]['QUERY PLAN'];
      return (typeof json === 'string' ? (JSON.parse(json) as [{ Plan: PlanNode }]) : json)[0].Plan;
    });
    explained.push({ sql, plan });
  };
  const wrap = <Q extends Transactional>(target: Q): Q =>
    ({
      ...target,
      async query<T>(sql: string, params?: readonly unknown[]) {
        if (isRead(sql)) await explain(target, sql, params);
        return target.query<T>(sql, params);
      },
      transaction: (work: (tx: Transaction) => Promise<unknown>) => target.transaction((tx) => work(wrap(tx))),
    }) as Q;
  return { ...wrap(db), kind: db.kind, listen: db.listen.bind(db), close: db.close.bind(db) };
}
