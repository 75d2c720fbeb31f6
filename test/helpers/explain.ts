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

/** `db` as it is, that first EXPLAINs every SELECT (or WITH … SELECT) it runs into `explained`. */
export function explaining(db: Db, explained: ExplainedQuery[]): Db {
  const isRead = (sql: string) => /^\s*(SELECT|WITH)\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE)\b/i.test(sql);
  // On the connection of the statement: a transaction's own (a savepoint), or a new one.
  const explain = async (on: Transactional, sql: string, params: readonly unknown[] = []) => {
    const plan = await on.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
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
