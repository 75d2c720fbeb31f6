/**
 * How many rows queries would read, as the planner estimates them from the tables' statistics (kept
 * by autovacuum's ANALYZE): figures that cost one planning, however many rows there are. For the
 * overview figures beyond what is counted exactly (docs/behaviour.md, section 27), shown as "about".
 */
import type { Queryable } from './db.ts';

interface PlanNode {
  'Node Type': string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/** The estimated rows of each of `selects` (sharing `params`), in one planning: their UNION ALL's parts. */
export async function estimatedRows(db: Queryable, selects: string[], params: readonly unknown[]): Promise<number[]> {
  if (selects.length === 0) return [];
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (FORMAT JSON) ${selects.join(' UNION ALL ')}`, params);
  const plan = rows[0]['QUERY PLAN'];
  const root = (typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan)[0].Plan;
  const parts = selects.length > 1 && root['Node Type'] === 'Append' ? (root.Plans ?? []) : [root];
  if (parts.length !== selects.length) throw new Error(`expected ${selects.length} estimates, the plan has ${parts.length}`);
  return parts.map((part) => Math.round(part['Plan Rows']));
}
