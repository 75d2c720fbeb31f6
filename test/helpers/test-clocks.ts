/**
 * Helpers for the test clock tests (docs/behaviour.md, section 28): a clock and its customers
 * through the partner API, waiting for an advance, and what a loan on a clock should look like,
 * computed apart from the service (its own date and money arithmetic, integers only).
 */
import { expect } from 'vitest';
import { createCustomer, type PartnerClient } from './app.ts';
import { halfEven } from './loans.ts';
import { eventually } from './receiver.ts';

export interface ClockJson {
  test_clock_id: string;
  name: string | null;
  frozen_on: string;
  status: 'ready' | 'advancing';
  customer_count: number;
  created_at: string;
}

export async function createClock(partner: PartnerClient, name?: string): Promise<ClockJson> {
  const res = await partner.post('/sandbox/test_clocks', { data: name ? { name } : {} });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

export async function getClock(partner: PartnerClient, clockId: string): Promise<ClockJson> {
  const res = await partner.get(`/sandbox/test_clocks/${clockId}/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Starts an advance (202 `advancing`) and waits until the worker has made the clock ready. */
export async function advanceAndWait(partner: PartnerClient, clockId: string, data: { to: string; missed?: string[] }, timeoutMs = 60_000): Promise<ClockJson> {
  const res = await partner.post(`/sandbox/test_clocks/${clockId}/advance`, { data });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().data.status).toBe('advancing');
  return eventually(
    async () => {
      const clock = await getClock(partner, clockId);
      return clock.status === 'ready' ? clock : null;
    },
    timeoutMs,
    `clock ${clockId} ready at ${data.to}`,
  );
}

/** A customer put on the clock at creation. */
export function customerOnClock(partner: PartnerClient, clockId: string, overrides: Record<string, unknown> = {}, company: Record<string, unknown> = {}) {
  return createCustomer(partner, { test_clock_id: clockId, ...overrides }, company);
}

// --- Independent arithmetic ---

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d];
}

function iso(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

/** `date` plus `months` calendar months, the day of the month clamped to the month's last day. */
export function plusMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return iso(Date.UTC(y, m - 1 + months, Math.min(d, lastDay)));
}

export function plusDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return iso(Date.UTC(y, m - 1, d + days));
}

export function daysFrom(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

export interface ExpectedRepayment {
  date: string;
  principal: bigint;
  interest: bigint;
  fees: bigint;
  amount: bigint;
}

/**
 * Section 10's schedule in pence: n = round(days / 30) monthly repayments from `drawnOn`; principal
 * round(A / n) (the last the remainder), interest round(balance × monthly rate), the fee in the first.
 */
export function expectedSchedule(amountPence: bigint, monthlyBp: bigint, feeBp: bigint, durationDays: number, drawnOn: string): ExpectedRepayment[] {
  const n = Math.max(1, Math.floor(durationDays / 30 + 0.5));
  const each = halfEven(amountPence, BigInt(n));
  const fee = halfEven(amountPence * feeBp, 10_000n);
  let balance = amountPence;
  const out: ExpectedRepayment[] = [];
  for (let k = 1; k <= n; k++) {
    const principal = k === n ? balance : each < balance ? each : balance;
    const interest = halfEven(balance * monthlyBp, 10_000n);
    const fees = k === 1 ? fee : 0n;
    out.push({ date: plusMonths(drawnOn, k), principal, interest, fees, amount: principal + interest + fees });
    balance -= principal;
  }
  return out;
}

/**
 * The settlement figure on `on` of a loan whose repayments before `on` are all recorded (section
 * 22): the principal left after them, interest for the part period, and every missed one as arrears.
 */
export function expectedSettlement(schedule: ExpectedRepayment[], amountPence: bigint, monthlyBp: bigint, drawnOn: string, on: string, missed: string[]) {
  const before = schedule.filter((r) => r.date < on);
  const principal = amountPence - before.reduce((s, r) => s + r.principal, 0n);
  const previous = before.length > 0 ? before[before.length - 1].date : drawnOn;
  const next = schedule[before.length].date;
  const interest = halfEven(principal * monthlyBp * BigInt(daysFrom(previous, on)), 10_000n * BigInt(daysFrom(previous, next)));
  const arrears = schedule.filter((r) => missed.includes(r.date)).reduce((s, r) => s + r.amount, 0n);
  return { principal, interest, arrears, amount: principal + interest + arrears };
}

export const pounds = (pence: bigint): number => Number(pence) / 100;
