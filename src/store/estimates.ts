/**
 * How many rows a query would read, as the planner estimates it from the table's statistics (kept by
 * autovacuum's ANALYZE): a figure that costs one planning, however many rows there are. For the
 * overview figures beyond what is counted exactly (docs/behaviour.md, section 27), shown as "about".
 */
import type { Queryable } from './db.ts';

export async function estimatedRows(db: Queryable, select: string, params: readonly unknown[]): Promise<number> {
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>(`EXPLAIN (FORMAT JSON) ${select}`, params);
  const plan = rows[0]['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: { 'Plan Rows': number } }]) : plan;
  return Math.round(parsed[0].Plan['Plan Rows']);
}
