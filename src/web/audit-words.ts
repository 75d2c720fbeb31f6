/**
 * An audit row's summary as a person reads it (docs/behaviour.md, "Words, not internals"): each
 * field by a label in words, each value by its kind: money as "£1,234.56", days as "29 December
 * 2026", ids as their first eight characters, yes or no, codes in words; never JSON. Event type
 * names stay as partners know them. The summary itself is kept as stored (the admin API answers it
 * as JSON).
 */
import { codeAsWords } from '../domain/decision-words.ts';
import { isEventType } from '../domain/event-types.ts';
import { countOf, formatDate, formatDateTime, formatGbp } from './format.ts';
import { toPence } from '../domain/money.ts';

/** Labels of the summaries' fields where the field's name in words would not do. */
const LABELS: Record<string, string> = {
  url: 'URL',
  token: 'authorization token',
  has_token: 'authorization token set',
  frozen_on: 'clock date',
  customer_count: 'customers on it',
  subscriptions: 'events',
  subscribed: 'events added',
  unsubscribed: 'events removed',
  webhook_event_type: 'event type',
  maker: 'asked by',
  checker: 'confirmed by',
  kind: 'what',
  threshold: 'four-eyes threshold',
  max_amount: 'up to',
  monthly_interest_percentage: 'interest a month',
  fee_percentage: 'fee',
  duration_in_days: 'term',
  valid_for_days: 'valid for',
  amount_today_pence: 'to repay today',
  sessions_ended: 'sessions ended',
  second_factor_removed: 'two-step sign-in removed',
  account_number_ending: 'account number ending',
  name_check: 'name check',
  reject_reason: 'reason',
  by: 'by',
};

/** Fields whose value is an amount in pounds (as the summaries store them). */
const POUNDS = new Set(['amount', 'amount_paid', 'max_amount', 'threshold']);
const PERCENT = new Set(['monthly_interest_percentage', 'fee_percentage']);
const DAYS = new Set(['duration_in_days', 'valid_for_days']);

function label(key: string): string {
  if (Object.hasOwn(LABELS, key)) return LABELS[key];
  return key.replace(/_id$/, '').replaceAll('_', ' ');
}

function valueWords(key: string, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (POUNDS.has(key)) return formatGbp(toPence(value));
    if (key.endsWith('_pence')) return formatGbp(value);
    if (PERCENT.has(key)) return `${value}%`;
    if (DAYS.has(key)) return countOf(value, 'day');
    return value.toLocaleString('en-GB');
  }
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((v) => valueWords(key, v)).join(', ');
  if (typeof value === 'object') return `(${summaryWords(value as Record<string, unknown>)})`;
  return stringWords(key, value as string);
}

function stringWords(key: string, value: string): string {
  if (key.endsWith('_id') && /^[0-9a-f-]{36}$/.test(value)) return value.slice(0, 8);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(new Date(value));
  if (isEventType(value)) return value;
  if (/^[a-z]+(?:_[a-z0-9]+)+$/.test(value)) return codeAsWords(value).toLowerCase();
  return value;
}

/** "Name: Wendy Words; role: admin; email: wendy@lender.example"; empty for an empty summary. */
export function summaryWords(summary: Record<string, unknown>): string {
  const parts = Object.entries(summary).map(([key, value]) => {
    // A change of one value: "URL: from none to https://…".
    if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).every((k) => k === 'from' || k === 'to')) {
      const change = value as { from?: unknown; to?: unknown };
      return `${label(key)}: from ${valueWords(key, change.from)} to ${valueWords(key, change.to)}`;
    }
    return `${label(key)}: ${valueWords(key, value)}`;
  });
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
